import { messages as dashboard } from './en-dashboard';
import { messages as start } from './en-start';

/**
 * English messages: the two groups the app loads (the sign-in screens and frame first, the dashboard's with its
 * layout) put together. Their shape is the key set every language must provide (see `Messages`).
 */
export const en = { ...start, ...dashboard } as const;

/** Every leaf is a string; the literal English texts only fix the key set. */
type Widen<T> = { readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type Messages = Widen<typeof en>;
