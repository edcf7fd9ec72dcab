import { z } from 'zod';
import { LIMITS } from './constants.js';

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
