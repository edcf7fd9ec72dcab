import { errorChain } from './error-chain.js';

/**
 * Whether a unique index named `constraint` refused a write: the way a race lost to another transaction shows.
 * pg names the constraint; PGlite may only mention it in the message; drizzle wraps either in `cause`.
 */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (const e of errorChain(err)) {
    if (e.code !== '23505') continue;
    if (e.constraint === constraint) return true;
    if (typeof e.message === 'string' && e.message.includes(constraint)) return true;
  }
  return false;
}
