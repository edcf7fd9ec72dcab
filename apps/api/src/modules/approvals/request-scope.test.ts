import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { requestPeople, requests, walletMembers, wallets } from '../../db/schema/index.js';
import { insertBareWallet } from '../../test/bare-wallet.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { createMember, createOrganization } from '../../test/fixtures.js';
import { expectEveryPage, idsOfPage } from '../../test/json-pages.js';
import { requestSeeder } from '../../test/random-requests.js';
import { seededRandom } from '../../test/seeded-random.js';
import { canSeeRequest } from '../access/request.policy.js';
import { scopeWalletCount } from '../access/visibility.repository.js';
import { approvalsRepository, type RequestListQuery, type RequestRow } from './approvals.repository.js';
import { requestViewValues } from './request-list-item.js';
import { GATHERED_WALLETS } from './request-page.repository.js';

/**
 * The requests list of a member without WALLETS_VIEW, gathered from the requests naming them (request_people,
 * migration 0047) and their wallets' requests (request-page.repository.ts scopedDriver), against the policy
 * (access/request.policy.ts canSeeRequest) over the same rows: each page by number and by cursor, both orders, with
 * every tab and filter, the totals, and after changes of lines, initiators, wallets and memberships.
 */

const config = loadConfig({ LOG_LEVEL: 'silent' });
const random = seededRandom(20_261_202);

let t: TestDatabase;
let db: Db;
let orgId: string;
const members: string[] = [];
let outsider: string;
const walletIds: string[] = [];
/** Whose wallets (of the three the requests act on): the first member of one, the second of two, the third of none. */
const MEMBERSHIPS = [[0], [0, 1], [], [2], [0, 1, 2], []];

beforeAll(async () => {
  t = await createTestDatabase();
  db = t.database.db;
  orgId = (await createOrganization(db)).id;
  for (let i = 0; i < MEMBERSHIPS.length; i++) {
    members.push((await createMember(db, config, { organizationId: orgId, otp: false })).id);
  }
  outsider = (await createMember(db, config, { otp: false })).id;
  for (const [index, blockchain] of ['ETHEREUM', 'POLYGON', 'BITCOIN'].entries()) {
    await insertBareWallet(db, { organizationId: orgId, initiatorId: members[0]!, blockchain, index });
  }
  const own = await db.select().from(wallets).where(eq(wallets.organizationId, orgId)).orderBy(wallets.accountIndex);
  walletIds.push(...own.map((w) => w.id));
  for (const [m, indexes] of MEMBERSHIPS.entries()) {
    for (const i of indexes) {
      await db.insert(walletMembers).values({ walletId: walletIds[i]!, accountId: members[m]!, role: 'MEMBER' });
    }
  }
  // The fifth member holds more wallets than are gathered one by one: their list walks the organization's requests.
  for (let index = 3; index <= GATHERED_WALLETS + 3; index++) {
    await insertBareWallet(db, { organizationId: orgId, initiatorId: members[1]!, blockchain: 'ETHEREUM', index });
  }
  await db.execute(sql`insert into wallet_members (wallet_id, account_id, role)
    select id, ${members[4]}, 'MEMBER' from wallets where organization_id = ${orgId} and account_index >= 3`);
  const { randomRequest } = requestSeeder({ db, orgId, members, outsider, walletIds }, random);
  for (let i = 0; i < 150; i++) await randomRequest();
}, 120_000);
afterAll(async () => {
  await t?.dispose();
});

const FILTERS: NonNullable<RequestListQuery['filters']>[] = [
  {},
  { type: ['WITHDRAWAL'] },
  { status: ['CREATED', 'FAILED'] },
  { tab: 'MY_REQUESTS' },
  { tab: 'MY_APPROVAL_HISTORY' },
  { tab: 'PENDING_MY_APPROVAL' },
  { walletId: '' },
];

/**
 * For every member as a caller limited to their wallets: each filter's list, by number and by cursor, against the
 * requests the policy lets them see among those the unlimited list of the same filter holds, in its order.
 */
async function compareScoped(): Promise<number> {
  const repo = approvalsRepository(db, orgId);
  const view = requestViewValues(config);
  const rows = (await db.select().from(requests).where(eq(requests.organizationId, orgId))) as RequestRow[];
  let compared = 0;
  for (const member of members) {
    const mine = await db.select().from(walletMembers).where(eq(walletMembers.accountId, member));
    const myWallets = new Set(mine.map((m) => m.walletId));
    const actor = { accountId: member, permissions: [] };
    const seen = new Set(rows.filter((r) => canSeeRequest(actor, r, myWallets)).map((r) => r.id));
    for (const direction of ['DESC', 'ASC'] as const) {
      // Oldest first with and without a filter; every filter newest first, the screens' order.
      for (const given of direction === 'DESC' ? FILTERS : FILTERS.slice(0, 2)) {
        const filters = given.walletId === '' ? { walletId: walletIds[1]! } : given;
        const query = { sort: [{ field: 'createdAt' as const, direction }], filters };
        const whole = await repo.list(member, null, { ...query, page: 1, size: 1000 }, view);
        const expected = idsOfPage(whole).filter((id) => seen.has(id));
        await expectEveryPage((at) => repo.list(member, member, { ...query, ...at, size: 10 }, view), 10, expected);
        compared += expected.length;
      }
    }
  }
  return compared;
}

/** request_people against the rows: each request's initiator and everyone its steps name, once each. */
async function expectPeopleKept() {
  const rows = await db.select().from(requests);
  const expected = rows
    .flatMap((r) => [...new Set([r.initiatorId, ...r.steps.flatMap((s) => s.eligible)])].map((p) => `${r.id} ${p}`))
    .sort();
  const kept = await db.select().from(requestPeople);
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const k of kept) {
    expect(k.organizationId).toBe(byId.get(k.requestId)?.organizationId);
    expect(k.createdAt.getTime()).toBe(byId.get(k.requestId)?.createdAt.getTime());
  }
  expect(kept.map((k) => `${k.requestId} ${k.accountId}`).sort()).toEqual(expected);
}

describe('the requests list of a member limited to their wallets', () => {
  it('keeps who each request names: its initiator and its line', async () => {
    await expectPeopleKept();
    expect((await db.select().from(requestPeople)).length).toBeGreaterThan(150);
  });

  it('lists each member exactly what the policy lets them see, page by page, in every order and filter', async () => {
    // Both ways of reading a member's requests are compared: gathered for most, walked for the fifth.
    const counts = await Promise.all(members.map((m) => scopeWalletCount(db, orgId, m, GATHERED_WALLETS)));
    expect(counts.filter((n) => n > GATHERED_WALLETS)).toHaveLength(1);
    expect(await compareScoped()).toBeGreaterThan(200);
  }, 180_000);

  it('follows changes of lines, initiators, wallets and memberships', async () => {
    // Seeded requests only (a bare wallet's creation request is still referenced by its wallet).
    const pick = async (n: number, order: 'id' | 'created') =>
      (
        await db
          .select({ id: requests.id })
          .from(requests)
          .where(and(eq(requests.organizationId, orgId), eq(requests.type, 'WITHDRAWAL')))
          .orderBy(order === 'id' ? asc(requests.id) : desc(requests.createdAt))
          .limit(n)
      ).map((r) => r.id);
    // A line rewritten to name the members without wallets, another emptied, an initiator changed.
    const [lined, emptied, handed] = await pick(3, 'id');
    await db
      .update(requests)
      .set({ steps: [{ requiredApprovals: 1, eligible: [members[2]!, members[5]!], status: 'PENDING' }] })
      .where(eq(requests.id, lined!));
    await db.update(requests).set({ steps: [] }).where(eq(requests.id, emptied!));
    await db.update(requests).set({ initiatorId: members[5]! }).where(eq(requests.id, handed!));
    // Requests moved to the wallet nobody but the fifth member holds, one deleted, memberships added and removed.
    const moved = await pick(4, 'created');
    await db.update(requests).set({ walletId: walletIds[2]! }).where(inArray(requests.id, moved));
    await db.delete(requests).where(eq(requests.id, moved[0]!));
    await db.insert(walletMembers).values({ walletId: walletIds[2]!, accountId: members[2]!, role: 'MEMBER' });
    await db.delete(walletMembers).where(eq(walletMembers.accountId, members[1]!));
    // A rolled-back line change leaves the kept rows as they were.
    await expect(
      db.transaction(async (tx) => {
        await tx.update(requests).set({ steps: [] }).where(eq(requests.id, lined!));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expectPeopleKept();
    expect(await compareScoped()).toBeGreaterThan(200);
    const people = await db.execute(sql`select count(*)::int as n from request_people where request_id = ${lined}`);
    expect((people as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThanOrEqual(2);
  }, 180_000);
});
