import { describe, expect, it } from 'vitest';
import { errorChain } from './error-chain.js';
import { transientDatabaseState } from './transient-error.js';
import { isUniqueViolation } from './unique-violation.js';

describe('the database error under drizzle and the driver', () => {
  it('walks the causes outermost first, and ends on a cycle', () => {
    const driver = { code: '23505', message: 'duplicate key' };
    const wrapped = { message: 'Failed query', cause: driver };
    expect([...errorChain(wrapped)]).toEqual([wrapped, driver]);
    const cyclic: { cause?: unknown } = {};
    cyclic.cause = cyclic;
    expect([...errorChain(cyclic)]).toHaveLength(5);
    expect([...errorChain(null)]).toEqual([]);
    expect([...errorChain('text')]).toEqual([]);
  });

  it('finds a transient state anywhere in the chain, and nothing in other errors', () => {
    expect(transientDatabaseState({ message: 'wrapped', cause: { code: '40001' } })).toBe('40001');
    expect(transientDatabaseState({ code: '40P01' })).toBe('40P01');
    expect(transientDatabaseState({ code: '23505' })).toBeUndefined();
    expect(transientDatabaseState(new Error('plain'))).toBeUndefined();
    expect(transientDatabaseState(null)).toBeUndefined();
  });

  it('tells a unique violation by the constraint pg names or PGlite mentions, and only that constraint', () => {
    const pg = { message: 'Failed query', cause: { code: '23505', constraint: 'wallets_name_uq' } };
    const pglite = { code: '23505', message: 'duplicate key value violates unique constraint "wallets_name_uq"' };
    expect(isUniqueViolation(pg, 'wallets_name_uq')).toBe(true);
    expect(isUniqueViolation(pglite, 'wallets_name_uq')).toBe(true);
    expect(isUniqueViolation(pg, 'other_uq')).toBe(false);
    expect(isUniqueViolation({ code: '23503', constraint: 'wallets_name_uq' }, 'wallets_name_uq')).toBe(false);
    expect(isUniqueViolation(undefined, 'wallets_name_uq')).toBe(false);
  });
});
