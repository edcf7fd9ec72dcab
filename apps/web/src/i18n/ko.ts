import type { Messages } from './en';
import { messages as dashboard } from './ko-dashboard';
import { messages as start } from './ko-start';

/** Korean messages (the default and the fallback language): the two groups the app loads, put together. */
export const ko: Messages = { ...start, ...dashboard };
