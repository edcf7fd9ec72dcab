import { z } from 'zod';
import { type CallAccess, defineCall } from './call.js';
import { LIMITS } from './constants.js';
import type { ErrorCode } from './errors.js';

export const SORT_DIRECTIONS = ['ASC', 'DESC'] as const;
export const SortDirection = z.enum(SORT_DIRECTIONS);
export type SortDirection = z.infer<typeof SortDirection>;

/**
 * The body every list call takes: page (1-based), size, sort fields with direction, filters.
 * Unknown keys are refused so a typo in a filter never silently widens a list.
 */
export function pagedListBody<const F extends readonly [string, ...string[]], S extends z.ZodObject>(
  sortFields: F,
  filters: S,
) {
  return z.strictObject({
    page: z.number().int().min(1).default(1),
    size: z.number().int().min(1).max(LIMITS.PAGE_SIZE_MAX).default(LIMITS.PAGE_SIZE_DEFAULT),
    sort: z
      .array(z.strictObject({ field: z.enum(sortFields), direction: SortDirection.default('DESC') }))
      .max(3)
      .default([]),
    // Pass a z.strictObject: an unknown filter key is refused rather than ignored.
    filters: z.optional(filters),
  });
}

/** The envelope every list call answers with. */
export function pagedResponse<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    size: z.number().int(),
    total: z.number().int(),
  });
}

export type Paged<T> = { items: T[]; page: number; size: number; total: number };

/**
 * Keyset paging: deep in a long list it costs what the first page does, where OFFSET reads every skipped row.
 * The cursor is opaque to clients (the server reads it as the id of the previous answer's last row).
 */
export const CursorAfter = z
  .string()
  .max(200)
  .optional()
  .describe('Opaque cursor (nextCursor of a previous answer): the next `size` rows after it; `page` is ignored');
export const NextCursor = z.string().nullable().describe('Pass as `after` for the next rows; null on the last page');

/** The extras of a list call with keyset paging: its body takes `after`, its answer gives `nextCursor`. */
export const CURSOR_BODY = { after: CursorAfter };
export const CURSOR_ANSWER = { nextCursor: NextCursor };

/**
 * A list call: always a POST whose body is `pagedListBody(sortFields, filters)` with `bodyExtras` and whose answer
 * is `pagedResponse(item)`, with `answerExtras` added to the answer's envelope (e.g. `partial`, CURSOR_ANSWER).
 */
export function definePagedListCall<
  const F extends readonly [string, ...string[]],
  S extends z.ZodObject,
  T extends z.ZodType,
  P extends z.ZodObject | undefined = undefined,
  E extends z.ZodRawShape = Record<never, never>,
  X extends z.ZodRawShape = Record<never, never>,
>(spec: {
  id: string;
  path: string;
  tag: string;
  summary: string;
  access: CallAccess;
  /** The catalogue codes this list may answer of its own (see `CallDefinition.errors`). */
  errors?: readonly ErrorCode[];
  params?: P;
  sortFields: F;
  filters: S;
  item: T;
  answerExtras?: E;
  bodyExtras?: X;
}) {
  const { sortFields, filters, item, answerExtras, bodyExtras, ...call } = spec;
  return defineCall({
    ...call,
    method: 'POST',
    body: pagedListBody(sortFields, filters).extend(bodyExtras ?? ({} as X)),
    response: pagedResponse(item).extend(answerExtras ?? ({} as E)),
  });
}
