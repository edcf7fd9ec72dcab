import { errorChain } from './error-chain.js';

/**
 * PostgreSQL's codes for a transaction that lost a race with another one and was rolled back whole:
 * deadlock_detected, serialization_failure and lock_not_available (a NOWAIT or lock_timeout nobody turned into a
 * catalogue error of its own). Nothing of the transaction was written, so the caller may send the same call again.
 */
const TRANSIENT_STATES = new Set(['40P01', '40001', '55P03']);

/** The SQLSTATE of such a failure, wherever the driver or drizzle put it (`cause`); undefined for anything else. */
export function transientDatabaseState(err: unknown): string | undefined {
  for (const e of errorChain(err)) {
    if (typeof e.code === 'string' && TRANSIENT_STATES.has(e.code)) return e.code;
  }
  return undefined;
}
