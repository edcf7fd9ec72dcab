import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, transaction } from '../../db/client.js';
import { CHAIN_COUNT_PREFIX } from '../../db/list-counts.js';
import { accounts, listCounts, organizationTokenBalances, walletBalances, wallets } from '../../db/schema/index.js';
import { insertBareWallet } from '../../test/bare-wallet.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { createOrganization } from '../../test/fixtures.js';
import { latch } from '../../test/latch.js';
import { randomTransaction } from '../../test/random-transaction.js';
import { seededRandom } from '../../test/seeded-random.js';
import { tokenSums } from './balance-totals.repository.js';

/**
 * The per-organization token sums kept by wallet_balances' trigger (migration 0026) against a full sum over the
 * rows, after seeded random credits, debits, locks, stakes, row moves and deletions, wallet deletions (cascading)
 * and TRUNCATE, in transactions of which some roll back. A failing seed replays the same operations. The kept count
 * of each organization's wallets per blockchain (migration 0039) is checked against a count with them.
 */

const SEED = 20_261_125;
const CHAINS = {
  ETHEREUM: ['ETHEREUM.ETH', 'ETHEREUM.USDT', 'ETHEREUM.DAI'],
  POLYGON: ['POLYGON.POL', 'POLYGON.USDC'],
} as const;
type Chain = keyof typeof CHAINS;
type WalletRef = { id: string; organizationId: string; blockchain: Chain };

const random = seededRandom(SEED);
const below = (n: number) => Math.floor(random() * n);
const pickOne = <T>(items: readonly T[]): T => items[below(items.length)]!;
/** From a few base units to ~10^66: sums stay exact far beyond a JavaScript number's range. */
const amount = () => String(BigInt(1 + below(1_000_000)) * 10n ** BigInt(below(4) === 0 ? below(60) : 0));

let t: TestDatabase;
let db: Db;
const orgs: { id: string; initiator: string }[] = [];
let accountIndex = 0;

const addWallet = (tx: Db, organizationId: string, initiatorId: string, blockchain: Chain) =>
  insertBareWallet(tx, { organizationId, initiatorId, blockchain, index: accountIndex++ });

async function allWallets(): Promise<WalletRef[]> {
  const rows = await db
    .select({ id: wallets.id, organizationId: wallets.organizationId, blockchain: wallets.blockchain })
    .from(wallets)
    .orderBy(wallets.accountIndex);
  return rows as WalletRef[];
}

const wb = walletBalances;
const row = (w: WalletRef, tokenId: string) => and(eq(wb.walletId, w.id), eq(wb.tokenId, tokenId));

/** One random write to wallet_balances, as some path of the product (or a cascade) would make it. */
async function randomOperation(tx: Db, all: WalletRef[]) {
  const w = pickOne(all);
  const tokenId = pickOne(CHAINS[w.blockchain]);
  const x = amount();
  const set = (values: Record<string, unknown>) => tx.update(wb).set(values).where(row(w, tokenId));
  switch (below(12)) {
    case 0:
    case 1: // a credit (the watcher's confirm)
      await tx
        .insert(wb)
        .values({ walletId: w.id, tokenId, organizationId: w.organizationId, blockchain: w.blockchain, total: x })
        .onConflictDoUpdate({ target: [wb.walletId, wb.tokenId], set: { total: sql`${wb.total} + ${x}::numeric` } });
      return;
    case 2: // a debit (a settled withdrawal, a reorganization's uncredit)
      return set({ total: sql`${wb.total} - least(${wb.total}, ${x}::numeric)` });
    case 3: // a hold, possibly above what is left: withdrawable stops at zero per row
      return set({ locked: sql`${wb.locked} + ${x}::numeric` });
    case 4:
      return set({ locked: sql`${wb.locked} - least(${wb.locked}, ${x}::numeric)` });
    case 5:
      return set({ staked: sql`${wb.staked} + least(${wb.total}, ${x}::numeric)` });
    case 6:
      return set({ staked: sql`${wb.staked} - least(${wb.staked}, ${x}::numeric)`, total: '0' });
    case 7: // no amount moves
      return set({ updatedAt: sql`now()` });
    case 8:
      return tx.delete(wb).where(row(w, tokenId));
    case 9: {
      // The wallet goes (its balances by ON DELETE CASCADE) and another of its chain takes its place.
      await tx.delete(wallets).where(eq(wallets.id, w.id));
      const org = orgs.find((o) => o.id === w.organizationId)!;
      return addWallet(tx, org.id, org.initiator, w.blockchain);
    }
    case 10: // many rows in one statement
      return tx
        .update(wb)
        .set({ locked: '0', total: sql`${wb.total} + 1` })
        .where(and(eq(wb.organizationId, w.organizationId), eq(wb.tokenId, tokenId)));
    default: {
      // The row changes wallet (and organization): its amounts leave one slot and sum for the other.
      const to = pickOne(all.filter((o) => o.blockchain === w.blockchain && o.id !== w.id));
      // When it holds the token already the key refuses it and the transaction rolls back (see attempt).
      return set({ walletId: to.id, organizationId: to.organizationId });
    }
  }
}

const attempt = (all: WalletRef[], operations: number, rollBack: boolean) =>
  randomTransaction(db, (tx) => randomOperation(tx, all), operations, rollBack);

/** Each (organization, blockchain, token) group from the rows themselves, and as kept. */
async function sums() {
  const full = await db
    .select({
      organizationId: wb.organizationId,
      blockchain: wb.blockchain,
      tokenId: wb.tokenId,
      rows: sql<number>`count(*)::int`,
      holders: sql<number>`(count(*) filter (where ${wb.total} > 0))::int`,
      total: sql<string>`sum(${wb.total})::text`,
      staked: sql<string>`sum(${wb.staked})::text`,
      withdrawable: sql<string>`sum(greatest(${wb.total} - ${wb.staked} - ${wb.locked}, 0))::text`,
    })
    .from(wb)
    .groupBy(wb.organizationId, wb.blockchain, wb.tokenId);
  const k = organizationTokenBalances;
  const kept = await db
    .select({
      organizationId: k.organizationId,
      blockchain: k.blockchain,
      tokenId: k.tokenId,
      rows: sql<number>`sum(${k.rowCount})::int`,
      holders: sql<number>`sum(${k.holders})::int`,
      total: sql<string>`sum(${k.total})::text`,
      staked: sql<string>`sum(${k.staked})::text`,
      withdrawable: sql<string>`sum(${k.withdrawable})::text`,
    })
    .from(k)
    .groupBy(k.organizationId, k.blockchain, k.tokenId);
  const key = (r: { organizationId: string; blockchain: string; tokenId: string }) =>
    `${r.organizationId} ${r.blockchain} ${r.tokenId}`;
  const sorted = <T extends { organizationId: string; blockchain: string; tokenId: string }>(rows: T[]) =>
    rows.sort((a, b) => key(a).localeCompare(key(b)));
  // A group whose rows are all gone may stay behind, at zero in every column.
  const emptied = kept.filter((r) => r.rows === 0);
  expect(emptied.every((r) => r.holders === 0 && r.total === '0' && r.staked === '0' && r.withdrawable === '0')).toBe(
    true,
  );
  return {
    full: sorted(full),
    kept: sorted(kept.filter((r) => r.rows !== 0)),
    slots: await db.select({ n: sql<number>`count(*)::int` }).from(k),
  };
}

/** The repository's answer for an organization (kept sums) against the full sum over its rows, per token. */
async function expectRepositoryMatches(organizationId: string, full: Awaited<ReturnType<typeof sums>>['full']) {
  for (const blockchains of [undefined, ['POLYGON'], ['ETHEREUM', 'POLYGON']]) {
    const expected = new Map<string, { total: bigint; staked: bigint; withdrawable: bigint; walletCount: number }>();
    for (const r of full) {
      if (r.organizationId !== organizationId || (blockchains && !blockchains.includes(r.blockchain))) continue;
      const e = expected.get(r.tokenId) ?? { total: 0n, staked: 0n, withdrawable: 0n, walletCount: 0 };
      e.total += BigInt(r.total);
      e.staked += BigInt(r.staked);
      e.withdrawable += BigInt(r.withdrawable);
      e.walletCount += r.holders;
      expected.set(r.tokenId, e);
    }
    const read = await tokenSums(db, organizationId, null, blockchains);
    const answered = Object.fromEntries(read.map((r) => [r.tokenId, r]));
    const wanted = Object.fromEntries(
      [...expected].map(([tokenId, e]) => [
        tokenId,
        {
          tokenId,
          total: `${e.total}`,
          staked: `${e.staked}`,
          withdrawable: `${e.withdrawable}`,
          walletCount: e.walletCount,
        },
      ]),
    );
    expect(answered).toEqual(wanted);
  }
}

/** Each organization's wallets per blockchain as kept (`wallets:<blockchain>`, migration 0039) and counted. */
async function expectChainCountsEqualFull() {
  const counted = await db
    .select({
      organizationId: wallets.organizationId,
      list: sql<string>`${CHAIN_COUNT_PREFIX} || ${wallets.blockchain}`,
      n: sql<number>`count(*)::int`,
    })
    .from(wallets)
    .groupBy(wallets.organizationId, wallets.blockchain);
  const kept = await db
    .select({ organizationId: listCounts.organizationId, list: listCounts.list, n: listCounts.n })
    .from(listCounts)
    .where(and(sql`starts_with(${listCounts.list}, ${CHAIN_COUNT_PREFIX})`, sql`${listCounts.n} <> 0`));
  const byKey = (rows: { organizationId: string; list: string; n: number }[]) =>
    new Map(rows.map((r) => [`${r.organizationId} ${r.list}`, r.n]));
  expect(byKey(kept)).toEqual(byKey(counted));
}

async function expectKeptEqualsFull() {
  const { full, kept } = await sums();
  expect(kept).toEqual(full);
  for (const org of orgs) await expectRepositoryMatches(org.id, full);
  await expectChainCountsEqualFull();
}

beforeAll(async () => {
  t = await createTestDatabase();
  db = t.database.db;
  for (const name of ['Kept A', 'Kept B']) {
    const org = await createOrganization(db, name);
    const [initiator] = await db
      .insert(accounts)
      .values({ kind: 'MEMBER', organizationId: org.id, email: `${org.id}@example.com`, status: 'ACTIVE' })
      .returning({ id: accounts.id });
    orgs.push({ id: org.id, initiator: initiator!.id });
    for (const chain of ['ETHEREUM', 'ETHEREUM', 'ETHEREUM', 'POLYGON', 'POLYGON'] as const) {
      await addWallet(db, org.id, initiator!.id, chain);
    }
  }
});
afterAll(async () => {
  await t?.dispose();
});

describe('balance totals kept per organization and token', () => {
  it('equal the full sum after every batch of random operations, rolled back or committed', async () => {
    let committed = 0;
    let rolledBack = 0;
    for (let batch = 0; batch < 40; batch++) {
      for (let n = 1 + below(3); n > 0; n--) {
        if (await attempt(await allWallets(), 1 + below(8), below(4) === 0)) committed++;
        else rolledBack++;
      }
      await expectKeptEqualsFull();
    }
    expect(committed).toBeGreaterThan(20);
    expect(rolledBack).toBeGreaterThan(5);
    expect((await sums()).full.length).toBeGreaterThan(5);
  });

  it('stay exact under concurrent transactions on the same tokens', async () => {
    const all = await allWallets();
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        transaction(db, async (tx) => {
          const w = all[i % all.length]!;
          const tokenId = CHAINS[w.blockchain][0];
          await tx
            .insert(wb)
            .values({ walletId: w.id, tokenId, organizationId: w.organizationId, blockchain: w.blockchain, total: '7' })
            .onConflictDoUpdate({ target: [wb.walletId, wb.tokenId], set: { total: sql`${wb.total} + 7` } });
          await tx
            .update(wb)
            .set({ locked: sql`${wb.locked} + 3` })
            .where(row(w, tokenId));
        }),
      ),
    );
    await expectKeptEqualsFull();
  });

  it('follow TRUNCATE, of the balances or of the wallets cascading to them', async () => {
    await db.execute(sql`truncate wallet_balances`);
    expect((await sums()).slots[0]!.n).toBe(0);
    for (let i = 0; i < 10; i++) await attempt(await allWallets(), 3, false);
    await expectKeptEqualsFull();
    await db.execute(sql`truncate wallets cascade`);
    const after = await sums();
    expect(after.full).toEqual([]);
    expect(after.slots[0]!.n).toBe(0);
    await expectChainCountsEqualFull();
  });

  it('give a token one slot while its writers come one at a time, another only while the others are held', async () => {
    const org = await createOrganization(db, 'Slots');
    const [initiator] = await db
      .insert(accounts)
      .values({ kind: 'MEMBER', organizationId: org.id, email: `${org.id}@example.com`, status: 'ACTIVE' })
      .returning({ id: accounts.id });
    for (let i = 0; i < 6; i++) await addWallet(db, org.id, initiator!.id, 'ETHEREUM');
    const mine = await db
      .select({ id: wallets.id, ownSlot: sql<number>`get_byte(uuid_send(${wallets.id}), 15) % 16` })
      .from(wallets)
      .where(eq(wallets.organizationId, org.id));
    const credit = (tx: Db, walletId: string, x: string) =>
      tx
        .insert(wb)
        .values({ walletId, tokenId: 'ETHEREUM.ETH', organizationId: org.id, blockchain: 'ETHEREUM', total: x })
        .onConflictDoUpdate({ target: [wb.walletId, wb.tokenId], set: { total: sql`${wb.total} + ${x}::numeric` } });
    const k = organizationTokenBalances;
    const slots = async () =>
      (
        await db
          .select({ slot: k.slot })
          .from(k)
          .where(and(eq(k.organizationId, org.id), eq(k.tokenId, 'ETHEREUM.ETH')))
      )
        .map((r) => r.slot)
        .sort((a, b) => a - b);
    for (const w of mine) await credit(db, w.id, '5');
    expect(await slots()).toHaveLength(1);
    // Several wallets' writes in one transaction: its own lock does not skip the slot.
    await transaction(db, async (tx) => {
      for (const w of mine) await credit(tx, w.id, '1');
    });
    const [held] = await slots();
    expect(await slots()).toEqual([held]);
    await expectKeptEqualsFull();
    if (process.env.TEST_DB_KIND !== 'postgres') return; // PGlite has one connection: no second writer to meet
    // A writer meeting the held slot takes its wallet's own (chosen to differ) instead of waiting for it.
    const other = mine.find((w) => w.ownSlot !== held)!;
    const released = latch();
    const holding = latch();
    const first = transaction(db, async (tx) => {
      await credit(tx, mine.find((w) => w.id !== other.id)!.id, '2');
      holding.open();
      await released.opened;
    });
    await holding.opened;
    await credit(db, other.id, '3');
    released.open();
    await first;
    expect(await slots()).toEqual([held!, other.ownSlot].sort((a, b) => a - b));
    await expectKeptEqualsFull();
  });

  it('count a wallet on its blockchain, also should an update ever change it', async () => {
    const org = orgs[0]!;
    await addWallet(db, org.id, org.initiator, 'ETHEREUM');
    await addWallet(db, org.id, org.initiator, 'ETHEREUM');
    await expectChainCountsEqualFull();
    const [moved] = await db.select({ id: wallets.id }).from(wallets).limit(1);
    await db.update(wallets).set({ blockchain: 'POLYGON' }).where(eq(wallets.id, moved!.id));
    await expectChainCountsEqualFull();
    await db.update(wallets).set({ name: 'renamed' }).where(eq(wallets.id, moved!.id));
    await expectChainCountsEqualFull();
  });
});
