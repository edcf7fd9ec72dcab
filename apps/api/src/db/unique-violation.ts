/**
 * Whether a unique index named `constraint` refused a write: the way a race lost to another transaction shows.
 * pg names the constraint; PGlite may only mention it in the message; drizzle wraps either in `cause`.
 */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown; message?: string } | undefined; e; ) {
    if (e.code === '23505' && (e.constraint === constraint || e.message?.includes(constraint))) return true;
    e = e.cause as typeof e;
  }
  return false;
}
