/** What the pg driver or PGlite put on an error: the SQLSTATE, the constraint it names, the message. */
export interface DatabaseErrorLike {
  code?: unknown;
  constraint?: unknown;
  message?: unknown;
}

/**
 * The error and the ones it wraps, outermost first: drizzle wraps the driver's error in `cause`, and so may the
 * code around it. Bounded, so a cycle of causes ends.
 */
export function* errorChain(err: unknown, maxDepth = 5): Generator<DatabaseErrorLike> {
  let e = err;
  for (let depth = 0; e && typeof e === 'object' && depth < maxDepth; depth++) {
    yield e as DatabaseErrorLike;
    e = (e as { cause?: unknown }).cause;
  }
}
