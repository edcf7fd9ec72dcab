import { type Db, transaction } from '../db/client.js';

class Rollback extends Error {}

/**
 * One transaction of `operations` random writes (`operation`), rolled back when asked to; false when it rolled back
 * (asked to, or refused by a unique key, as a random write may be). For the tests of values kept by triggers.
 */
export async function randomTransaction(
  db: Db,
  operation: (tx: Db) => Promise<unknown>,
  operations: number,
  rollBack: boolean,
): Promise<boolean> {
  try {
    await transaction(db, async (tx) => {
      for (let i = 0; i < operations; i++) await operation(tx);
      if (rollBack) throw new Rollback();
    });
    return true;
  } catch (e) {
    if (e instanceof Rollback || /duplicate key/i.test(String((e as Error).cause ?? e))) return false;
    throw e;
  }
}
