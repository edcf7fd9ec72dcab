import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, transaction } from '../../db/client.js';
import { accounts, requestAwaited, requests } from '../../db/schema/index.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { createOrganization } from '../../test/fixtures.js';
import { latch } from '../../test/latch.js';
import { randomTransaction } from '../../test/random-transaction.js';
import { seededRandom } from '../../test/seeded-random.js';
import { approvalsRepository } from './approvals.repository.js';

/**
 * request_awaited_counts (migration 0044), the kept additions whose sum is how many requests await a member, against
 * a count over request_awaited after seeded random writes of every kind (rows added one or several a statement,
 * removed, moved to another member, requests deleted with their rows by the cascade), in transactions of which some
 * roll back; then with transactions open at once on one member, none waiting for another; and after TRUNCATE.
 * What the product writes to request_awaited, and whether the pending tab and badge agree with the requests each
 * member may approve, is request-list-item.test.ts's; this is the count's own bookkeeping.
 */

const SEED = 20_261_201;
const random = seededRandom(SEED);
const below = (n: number) => Math.floor(random() * n);
const pickOne = <T>(items: readonly T[]): T => items[below(items.length)]!;

let t: TestDatabase;
let db: Db;
const orgs: { id: string; owner: string; members: string[] }[] = [];
/** A request to be awaited on (its steps name nobody: the views' trigger writes no row of its own for it). */
async function addRequest(tx: Db, org: (typeof orgs)[number]) {
  const [request] = await tx
    .insert(requests)
    .values({
      organizationId: org.id,
      type: 'WALLET_CREATION',
      itemType: 'WALLET_CREATION',
      payload: { kind: 'WALLET_CREATION' },
      status: 'CREATED',
      initiatorId: org.owner,
      steps: [],
    })
    .returning({ id: requests.id });
  return request!.id;
}

const requestsOf = async (tx: Db, organizationId: string) =>
  (await tx.select({ id: requests.id }).from(requests).where(eq(requests.organizationId, organizationId))).map(
    (r) => r.id,
  );

/** One random write to request_awaited, as the views' trigger, a cascade or a hand would make it. */
async function randomOperation(tx: Db) {
  const org = pickOne(orgs);
  const ids = await requestsOf(tx, org.id);
  const member = pickOne(org.members);
  const row = () => ({ organizationId: org.id, accountId: member, requestId: pickOne(ids), createdAt: new Date() });
  switch (below(8)) {
    case 0:
    case 1:
      await tx.insert(requestAwaited).values(row()).onConflictDoNothing();
      return;
    case 2: // several requests come to await one member in one statement
      await tx.insert(requestAwaited).values([row(), row(), row(), row()]).onConflictDoNothing();
      return;
    case 3: // one request awaits several members (a step of several approvers)
      await tx
        .insert(requestAwaited)
        .values(
          org.members.map((accountId) => ({
            organizationId: org.id,
            accountId,
            requestId: pickOne(ids),
            createdAt: new Date(),
          })),
        )
        .onConflictDoNothing();
      return;
    case 4: // a decision: the member is no longer awaited on one request
      await tx
        .delete(requestAwaited)
        .where(and(eq(requestAwaited.accountId, member), eq(requestAwaited.requestId, pickOne(ids))));
      return;
    case 5: // a step moves on: nobody is awaited on the request any more
      await tx.delete(requestAwaited).where(eq(requestAwaited.requestId, pickOne(ids)));
      return;
    case 6: // a row moved to another member (the product never does; the count follows it all the same)
      await tx
        .update(requestAwaited)
        .set({ accountId: pickOne(org.members) })
        .where(and(eq(requestAwaited.accountId, member), eq(requestAwaited.requestId, pickOne(ids))));
      return;
    default: {
      // The request goes, its rows with it (ON DELETE CASCADE), and another takes its place.
      await tx.delete(requests).where(eq(requests.id, pickOne(ids)));
      await addRequest(tx, org);
    }
  }
}

interface CountRow {
  organization_id: string;
  account_id: string;
  kept: number;
  full: number;
  rows: number;
}

/** Per organization and member: the kept sum, the count over the rows, and how many kept rows hold it. */
async function counts() {
  const result = await db.execute(
    sql`with k as (select organization_id, account_id, sum(n)::int as kept, count(*)::int as rows
                     from request_awaited_counts group by 1, 2),
             f as (select organization_id, account_id, count(*)::int as full from request_awaited group by 1, 2)
        select coalesce(k.organization_id, f.organization_id) as organization_id,
               coalesce(k.account_id, f.account_id) as account_id,
               coalesce(k.kept, 0) as kept, coalesce(f.full, 0) as full, coalesce(k.rows, 0) as rows
        from k full join f on f.organization_id = k.organization_id and f.account_id = k.account_id
        order by 1, 2`,
  );
  return (result as unknown as { rows: CountRow[] }).rows;
}

async function expectKeptEqualsFull() {
  const rows = await counts();
  expect(rows.map((r) => [r.organization_id, r.account_id, r.kept])).toEqual(
    rows.map((r) => [r.organization_id, r.account_id, r.full]),
  );
  // The answer the badge reads, member by member.
  for (const org of orgs) {
    for (const member of org.members) {
      const full = rows.find((r) => r.organization_id === org.id && r.account_id === member)?.full ?? 0;
      expect(await approvalsRepository(db, org.id).countPendingFor(member)).toBe(full);
    }
  }
  return rows;
}

beforeAll(async () => {
  t = await createTestDatabase();
  db = t.database.db;
  for (const name of ['Awaited A', 'Awaited B']) {
    const org = await createOrganization(db, name);
    // Members named by id only: request_awaited holds the steps' ids as text and references no account.
    const [owner] = await db
      .insert(accounts)
      .values({ kind: 'MEMBER', organizationId: org.id, email: `${randomUUID()}@example.com`, status: 'ACTIVE' })
      .returning({ id: accounts.id });
    const entry = { id: org.id, owner: owner!.id, members: [owner!.id, randomUUID(), randomUUID()] };
    orgs.push(entry);
    for (let i = 0; i < 6; i++) await addRequest(db, entry);
  }
});
afterAll(async () => {
  await t?.dispose();
});

describe('the kept counts of awaited requests', () => {
  it('equal the count of request_awaited after every batch of random writes, rolled back or committed', async () => {
    let committed = 0;
    let rolledBack = 0;
    let several = 0;
    for (let batch = 0; batch < 40; batch++) {
      for (let n = 1 + below(3); n > 0; n--) {
        if (await randomTransaction(db, randomOperation, 1 + below(6), below(4) === 0)) committed++;
        else rolledBack++;
      }
      const rows = await expectKeptEqualsFull();
      if (rows.some((r) => r.full > 2)) several++;
      // One transaction at a time: each folded the member's rows into one (none where the sum is zero).
      expect(rows.filter((r) => r.rows > 1)).toEqual([]);
      expect(rows.filter((r) => r.kept === 0 && r.rows > 0)).toEqual([]);
    }
    expect(committed).toBeGreaterThan(20);
    expect(rolledBack).toBeGreaterThan(5);
    expect(several).toBeGreaterThan(5);
  });

  // A second transaction open at once needs a second connection: PGlite has one, so this runs on PostgreSQL.
  it.runIf(process.env.TEST_DB_KIND === 'postgres')(
    'stay exact with transactions open at once on one member, none of them waiting for another',
    async () => {
      const org = orgs[0]!;
      const member = org.owner;
      const ids = await requestsOf(db, org.id);
      await db.delete(requestAwaited).where(eq(requestAwaited.accountId, member));
      const held = latch();
      const holding = latch();
      // The first transaction adds a row, folds the member's rows (holding their fold) and stays open.
      const first = transaction(db, async (tx) => {
        await tx
          .insert(requestAwaited)
          .values({ organizationId: org.id, accountId: member, requestId: ids[0]!, createdAt: new Date() });
        holding.open();
        await held.opened;
      });
      await holding.opened;
      // Meanwhile others add and remove rows of the same member and commit; a wait would pass the lock timeout.
      try {
        await Promise.all(
          ids.slice(1).map((requestId, i) =>
            transaction(db, async (tx) => {
              await tx.execute(sql`set local lock_timeout = '2s'`);
              await tx
                .insert(requestAwaited)
                .values({ organizationId: org.id, accountId: member, requestId, createdAt: new Date() });
              if (i % 2) await tx.delete(requestAwaited).where(eq(requestAwaited.requestId, requestId));
            }),
          ),
        );
      } finally {
        held.open();
        await first;
      }
      const rows = await expectKeptEqualsFull();
      const mine = rows.find((r) => r.account_id === member)!;
      expect(mine.full).toBeGreaterThan(1);
      // The others could not fold while the first held it: their rows stayed, to be folded by the next write.
      expect(mine.rows).toBeGreaterThan(1);
      // The next write of the member's rows folds them all (ids[1]'s row stayed: only odd ones were removed).
      await db
        .delete(requestAwaited)
        .where(and(eq(requestAwaited.accountId, member), eq(requestAwaited.requestId, ids[1]!)));
      const after = (await expectKeptEqualsFull()).find((r) => r.account_id === member)!;
      expect(after.rows).toBe(1);
    },
  );

  it('follow TRUNCATE of request_awaited', async () => {
    await db.execute(sql`truncate request_awaited`);
    expect((await expectKeptEqualsFull()).every((r) => r.kept === 0 && r.rows === 0)).toBe(true);
    await randomTransaction(db, randomOperation, 6, false);
    await expectKeptEqualsFull();
  });
});
