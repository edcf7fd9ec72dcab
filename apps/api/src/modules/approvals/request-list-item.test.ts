import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { requestDecisions, requests, wallets } from '../../db/schema/index.js';
import { insertBareWallet } from '../../test/bare-wallet.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { createMember, createOrganization } from '../../test/fixtures.js';
import { expectEveryPage } from '../../test/json-pages.js';
import { meeting } from '../../test/latch.js';
import { requestSeeder } from '../../test/random-requests.js';
import { describeRequests } from '../../test/request-view-reference.js';
import { seededRandom } from '../../test/seeded-random.js';
import { approvalsRepository, type RequestRow } from './approvals.repository.js';
import { requestViewValues } from './request-list-item.js';

/**
 * The request views, written by PostgreSQL (request-list-item.ts) for lists and single requests alike, against
 * the reference built in TypeScript from the policy (test/request-view-reference.ts) of the same rows, field by
 * field, for several callers: seeded random requests in every state (steps, decisions, cancel stages, failures, a
 * cancel racing on the chain) with chain transactions in every state. A failing seed replays.
 */

const SEED = 20_261_130;
const random = seededRandom(SEED);

// A configured node on some networks only: the explorer link shows there, not on the local devnet's stand-ins.
const config = loadConfig({
  LOG_LEVEL: 'silent',
  CHAIN_RPC_ETHEREUM: 'http://127.0.0.1:9/eth',
  CHAIN_RPC_SOLANA_DEVNET: 'http://127.0.0.1:9/sol',
});

let t: TestDatabase;
let db: Db;
let orgId: string;
const members: string[] = [];
let outsider: string;
const walletIds: string[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  db = t.database.db;
  orgId = (await createOrganization(db)).id;
  for (let i = 0; i < 5; i++) members.push((await createMember(db, config, { organizationId: orgId, otp: false })).id);
  outsider = (await createMember(db, config, { otp: false })).id;
  for (const [index, blockchain] of ['ETHEREUM', 'POLYGON'].entries()) {
    await insertBareWallet(db, { organizationId: orgId, initiatorId: members[0]!, blockchain, index });
  }
  const own = await db.select().from(wallets).where(eq(wallets.organizationId, orgId));
  walletIds.push(...own.map((w) => w.id));
  // The bare wallets' creation requests carry a content of their own type.
  const bare = { kind: 'WALLET_CREATION', name: 'bare', blockchain: 'ETHEREUM', family: 'evm' };
  await db.update(requests).set({ payload: bare }).where(eq(requests.organizationId, orgId));
  const { randomRequest } = requestSeeder({ db, orgId, members, outsider, walletIds }, random);
  for (let i = 0; i < 200; i++) await randomRequest();
}, 120_000);
afterAll(async () => {
  await t?.dispose();
});

/** Every page of the list, for each of `callers`, against describeRequests; how many views were compared. */
async function compareEveryPage(callers: readonly string[]): Promise<number> {
  const repo = approvalsRepository(db, orgId);
  const view = requestViewValues(config);
  let compared = 0;
  for (const member of callers) {
    for (let page = 1; ; page++) {
      const answer = await repo.list(member, null, { page, size: 9, sort: [] }, view);
      const items = JSON.parse(answer.items) as { id: string }[];
      if (items.length === 0) break;
      const rows = await db
        .select()
        .from(requests)
        .where(
          inArray(
            requests.id,
            items.map((i) => i.id),
          ),
        );
      const byId = new Map(rows.map((r) => [r.id, r]));
      const ordered = items.map((i) => byId.get(i.id)) as RequestRow[];
      const expected = await describeRequests(db, member, ordered, config);
      // As the answer's JSON: a view without `execution` leaves it out.
      expect(items).toEqual(JSON.parse(JSON.stringify(expected)));
      // The single-request call, creations and decisions answer the same item.
      const singles = await Promise.all(items.map((i) => repo.item(member, i.id, view)));
      expect(singles.map((text) => JSON.parse(text!))).toEqual(items);
      compared += items.length;
    }
  }
  return compared;
}

/**
 * "Pending my approval" for each of `callers` (its tab, its total and the count of the screens' badge) against the
 * requests describeRequests lets them approve; how many were pending in all.
 */
async function comparePending(callers: readonly string[]): Promise<number> {
  const repo = approvalsRepository(db, orgId);
  const rows = (await db.select().from(requests).where(eq(requests.organizationId, orgId))) as RequestRow[];
  let pending = 0;
  for (const member of callers) {
    const views = await describeRequests(db, member, rows, config);
    const expected = views.filter((v) => v.canApprove).map((v) => v.id);
    const query = { page: 1, size: 300, sort: [], filters: { tab: 'PENDING_MY_APPROVAL' as const } };
    const page = await repo.list(member, null, query, requestViewValues(config));
    const listed = (JSON.parse(page.items) as { id: string }[]).map((i) => i.id);
    expect(listed.sort()).toEqual(expected.sort());
    expect(page.total).toBe(expected.length);
    expect(await repo.countPendingFor(member)).toBe(expected.length);
    pending += expected.length;
  }
  return pending;
}

/**
 * "Pending my approval" page by page (by number from both ends of the list, and by cursor), newest and oldest first,
 * alone and with a type filter, against the requests describeRequests lets each caller approve in the list's order
 * (created_at with its microseconds, then id): the tab reads the member's awaited rows in that order (migration
 * 0046), so its pages, totals and cursors must be those of the list it replaced.
 */
async function comparePendingPages(callers: readonly string[]): Promise<number> {
  const repo = approvalsRepository(db, orgId);
  const view = requestViewValues(config);
  const rows = (await db.select().from(requests).where(eq(requests.organizationId, orgId))) as RequestRow[];
  let compared = 0;
  for (const member of callers) {
    const approvable = (await describeRequests(db, member, rows, config)).filter((v) => v.canApprove);
    for (const direction of ['DESC', 'ASC'] as const) {
      for (const type of [undefined, ['WITHDRAWAL'] as RequestRow['type'][]]) {
        const ids = approvable.filter((v) => !type || type.includes(v.type as RequestRow['type'])).map((v) => v.id);
        const byCreation = direction === 'DESC' ? desc(requests.createdAt) : asc(requests.createdAt);
        const ordered = ids.length
          ? await db
              .select({ id: requests.id })
              .from(requests)
              .where(inArray(requests.id, ids))
              .orderBy(byCreation, asc(requests.id))
          : [];
        const expected = ordered.map((r) => r.id);
        const filters = { tab: 'PENDING_MY_APPROVAL' as const, ...(type ? { type } : {}) };
        const query = { size: 4, sort: [{ field: 'createdAt' as const, direction }], filters };
        await expectEveryPage((at) => repo.list(member, null, { ...query, ...at }, view), 4, expected);
        compared += expected.length;
      }
    }
  }
  return compared;
}

describe('a list page of request views, written by PostgreSQL', () => {
  it('equals describeRequests for every request and every caller', async () => {
    expect(await compareEveryPage(members)).toBe(202 * members.length);
  });

  it('lists as pending for each caller exactly the requests they may approve, and counts them', async () => {
    expect(await comparePending(members)).toBeGreaterThan(0);
  });

  it('pages pending my approval in the list order, by number and by cursor, with and without a type filter', async () => {
    expect(await comparePendingPages(members)).toBeGreaterThan(40);
  });

  it('follows every change of what a view reads of other rows: names, decisions, attempts, wallets, removals', async () => {
    // Renames of the people and wallets the views name, in one transaction with other changes.
    await db.transaction(async (tx) => {
      for (const [i, member] of members.entries()) {
        await tx.execute(sql`update accounts set user_name = ${`renamed ${i}`}, email = ${`r${i}@example.com`}
          where id = ${member}`);
      }
      await tx.execute(sql`update request_decisions set memo = 'changed' where id in
        (select id from request_decisions order by id limit 5)`);
    });
    // Then, each in its own commit (the renames above rewrote every view): a wallet renamed, a decision withdrawn,
    // every mined attempt's fee paid changed, attempts moved on and dropped, requests moved to another wallet.
    await db.execute(sql`update wallets set name = 'renamed wallet' where id = ${walletIds[0]}`);
    await db.execute(sql`update chain_transactions set fee_paid = fee_paid + 1 where block_height is not null`);
    await db.execute(
      sql`delete from request_decisions where id in (select id from request_decisions order by id limit 3)`,
    );
    await db.execute(sql`update chain_transactions set status = 'CONFIRMED', block_height = 9
      where id in (select id from chain_transactions where status = 'BROADCAST' order by id limit 5)`);
    await db.execute(
      sql`delete from chain_transactions where id in (select id from chain_transactions order by id limit 3)`,
    );
    // Members no longer awaited: a decision of theirs, a step moved on.
    await db.execute(sql`insert into request_decisions (request_id, account_id, step, decision)
      select aw.request_id, aw.account_id::uuid, 0, 'APPROVED' from request_awaited aw
      where aw.organization_id = ${orgId} and aw.account_id = ${members[1]} order by aw.request_id limit 3`);
    await db.execute(sql`update requests set steps = jsonb_set(steps, '{0,status}', '"APPROVED"') where id in
      (select request_id from request_awaited where account_id = ${members[2]} order by request_id limit 3)`);
    await db.execute(sql`update requests set wallet_id = ${walletIds[1]} where id in
      (select id from requests where wallet_id = ${walletIds[0]} order by id limit 3)`);
    // A rolled-back rename leaves the views as they were.
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`update wallets set name = 'never' where id = ${walletIds[1]}`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await compareEveryPage(members.slice(0, 2))).toBe(202 * 2);
    expect(await comparePending(members)).toBeGreaterThan(0);
    const names = await db.execute(sql`select count(*)::int as n from request_views where view like '%renamed%'`);
    expect((names as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(0);
  });

  it('keeps both of two commits deciding one request at the same moment', async () => {
    if (process.env.TEST_DB_KIND !== 'postgres') return; // PGlite has one connection: no second writer to meet
    const [first, second] = [members[3]!, members[4]!];
    for (let round = 0; round < 5; round++) {
      const [row] = await db
        .insert(requests)
        .values({
          organizationId: orgId,
          walletId: walletIds[0]!,
          type: 'WALLET_CREATION',
          itemType: 'WALLET_CREATION',
          payload: { kind: 'WALLET_CREATION', name: 'raced', blockchain: 'ETHEREUM', family: 'evm' } as {
            kind: string;
          },
          status: 'CREATED',
          progress: 'REQUEST',
          initiatorId: members[0]!,
          steps: [{ requiredApprovals: 2, eligible: [first, second], status: 'PENDING' }],
        })
        .returning({ id: requests.id });
      const id = row!.id;
      // Both decisions are written before either commits; then both commit together.
      const bothWritten = meeting(2);
      const decide = (accountId: string) =>
        db.transaction(async (tx) => {
          await tx.insert(requestDecisions).values({ requestId: id, accountId, step: 0, decision: 'APPROVED' });
          await bothWritten();
        });
      await Promise.all([decide(first), decide(second)]);
      // The kept view is left open for the fields the list adds (migration 0043).
      const kept = await db.execute(sql`select view || '}' as view from request_views where request_id = ${id}`);
      const [{ view }] = (kept as unknown as { rows: [{ view: string }] }).rows;
      const doc = JSON.parse(view) as { steps: { approvers: { decision: string }[] }[] };
      expect(doc.steps[0]!.approvers.map((a) => a.decision)).toEqual(['APPROVED', 'APPROVED']);
      await db.delete(requests).where(eq(requests.id, id));
    }
  });

  it('tells each caller what they may do: approve where awaited, cancel their own open requests', async () => {
    const repo = approvalsRepository(db, orgId);
    const view = requestViewValues(config);
    type Item = {
      canApprove: boolean;
      canCancel: boolean;
      waitingFor: string[];
      steps: { approvers: { decision: string | null }[] }[];
      execution?: { explorerUrl: string | null; feePaid: string | null };
    };
    const seen: Item[] = [];
    for (const member of members) {
      const page = await repo.list(member, null, { page: 1, size: 300, sort: [] }, view);
      seen.push(...(JSON.parse(page.items) as Item[]));
    }
    // The random requests reach every answer of each field: the comparison above is not vacuous.
    expect(new Set(seen.map((v) => v.canApprove))).toEqual(new Set([true, false]));
    expect(new Set(seen.map((v) => v.canCancel))).toEqual(new Set([true, false]));
    expect(seen.some((v) => v.waitingFor.length > 0)).toBe(true);
    expect(seen.some((v) => v.steps.some((s) => s.approvers.some((a) => a.decision !== null)))).toBe(true);
    expect(seen.some((v) => v.execution?.feePaid)).toBe(true);
    expect(seen.some((v) => v.execution?.explorerUrl?.endsWith('?cluster=devnet'))).toBe(true);
    expect(seen.some((v) => v.execution?.explorerUrl?.startsWith('https://etherscan.io/tx/0x'))).toBe(true);
  });
});
