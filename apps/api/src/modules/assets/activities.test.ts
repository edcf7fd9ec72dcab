import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { addActivity } from '../../test/asset-fixtures.js';
import { assetsScene } from '../../test/assets-scene.js';
import { TestBrowser } from '../../test/browser.js';
import type { CreatedWallet } from '../../test/wallet-fixtures.js';

/** The asset activity list and detail: filters, Asia/Seoul calendar days, visibility. */
let t: TestApp;
let owner: TestBrowser;
let viewer: TestBrowser;
let outsider: TestBrowser;
let alpha: CreatedWallet;
let beta: CreatedWallet;
let gamma: CreatedWallet;
const a: Record<string, { id: string; fromAddress: string; toAddress: string }> = {};
let orgId: string;
let db: Awaited<ReturnType<typeof assetsScene>>['db'];

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_FACTOR: '20' });
  const scene = await assetsScene(t, 'Activities Org');
  db = scene.db;
  ({ orgId, owner, viewer, outsider, alpha, beta, gamma } = scene);
  const at = (iso: string) => new Date(iso);
  // 23:30 on 1 March in Seoul is 14:30 UTC the same day: it belongs to 1 March.
  a.marchFirstLate = await addActivity(db, orgId, alpha, {
    tokenId: 'ETHEREUM.ETH',
    amount: '1500000000000000000',
    createdAt: at('2026-03-01T14:30:00Z'),
  });
  // Midnight in Seoul starts 2 March: 15:00 UTC on 1 March.
  a.marchSecondStart = await addActivity(db, orgId, alpha, {
    tokenId: 'ETHEREUM.ETH',
    amount: '1',
    createdAt: at('2026-03-01T15:00:00Z'),
  });
  a.marchFirstStart = await addActivity(db, orgId, alpha, {
    tokenId: 'ETHEREUM.USDT',
    activityType: 'WITHDRAWAL',
    status: 'PENDING',
    amount: '2500000',
    createdAt: at('2026-02-28T15:00:00Z'),
  });
  a.februaryLast = await addActivity(db, orgId, alpha, {
    tokenId: 'ETHEREUM.ETH',
    amount: '7',
    createdAt: at('2026-02-28T14:59:59Z'),
  });
  a.gammaFailed = await addActivity(db, orgId, gamma, {
    tokenId: 'POLYGON.POL',
    status: 'FAILED',
    amount: '3',
    createdAt: at('2026-03-05T00:00:00Z'),
  });
  a.betaStake = await addActivity(db, orgId, beta, {
    tokenId: 'ETHEREUM.ETH',
    activityType: 'STAKE',
    amount: '4',
    createdAt: at('2026-03-03T00:00:00Z'),
  });
});
afterAll(async () => {
  await t?.close();
});

const LIST = '/api/v1/asset-activities/organizations';
const one = (id: string) => `/api/v1/asset-activities/organizations/${id}`;
async function listIds(browser: TestBrowser, body: Record<string, unknown>) {
  const res = await browser.post(LIST, body);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as { id: string }[]).map((i) => i.id);
}
const names = (...keys: string[]) => keys.map((k) => a[k]!.id);

describe('asset activity list', () => {
  it('lists every activity newest first, paged, with wallet name, token and counterparty', async () => {
    const res = await owner.post(LIST, {});
    const page = res.json();
    expect(page).toMatchObject({ total: 6, page: 1, partial: false });
    expect(page.items.map((i: { id: string }) => i.id)).toEqual(
      names('gammaFailed', 'betaStake', 'marchSecondStart', 'marchFirstLate', 'marchFirstStart', 'februaryLast'),
    );
    const late = page.items.find((i: { id: string }) => i.id === a.marchFirstLate!.id);
    expect(late).toMatchObject({
      walletId: alpha.id,
      walletName: 'Alpha',
      blockchain: 'ETHEREUM',
      token: { tokenId: 'ETHEREUM.ETH', decimals: 18 },
      activityType: 'DEPOSIT',
      transferType: 'TRANSFER',
      status: 'CONFIRMED',
      amount: '1500000000000000000',
      counterparty: a.marchFirstLate!.fromAddress,
      toAddress: alpha.address,
      confirmations: 12,
      createdAt: '2026-03-01T14:30:00.000Z',
    });
    const withdrawal = page.items.find((i: { id: string }) => i.id === a.marchFirstStart!.id);
    expect(withdrawal.counterparty).toBe(a.marchFirstStart!.toAddress);
    expect(await listIds(owner, { size: 2, page: 2 })).toEqual(names('marchSecondStart', 'marchFirstLate'));
    expect(await listIds(owner, { sort: [{ field: 'createdAt', direction: 'ASC' }], size: 1 })).toEqual(
      names('februaryLast'),
    );
  });

  it('filters by wallet, blockchain, token, type and status', async () => {
    expect(await listIds(owner, { filters: { walletId: [gamma.id] } })).toEqual(names('gammaFailed'));
    expect(await listIds(owner, { filters: { blockchain: ['POLYGON'] } })).toEqual(names('gammaFailed'));
    expect(await listIds(owner, { filters: { tokenId: ['ETHEREUM.USDT'] } })).toEqual(names('marchFirstStart'));
    expect(await listIds(owner, { filters: { activityType: ['WITHDRAWAL', 'STAKE'] } })).toEqual(
      names('betaStake', 'marchFirstStart'),
    );
    expect(await listIds(owner, { filters: { status: ['FAILED', 'PENDING'] } })).toEqual(
      names('gammaFailed', 'marchFirstStart'),
    );
    expect(
      await listIds(owner, { filters: { walletId: [alpha.id], tokenId: ['ETHEREUM.ETH'], status: ['CONFIRMED'] } }),
    ).toEqual(names('marchSecondStart', 'marchFirstLate', 'februaryLast'));
  });

  it('reads dateFrom and dateTo as whole calendar days in Asia/Seoul', async () => {
    expect(await listIds(owner, { filters: { dateFrom: '2026-03-01', dateTo: '2026-03-01' } })).toEqual(
      names('marchFirstLate', 'marchFirstStart'),
    );
    expect(await listIds(owner, { filters: { dateFrom: '2026-03-02' } })).toEqual(
      names('gammaFailed', 'betaStake', 'marchSecondStart'),
    );
    expect(await listIds(owner, { filters: { dateTo: '2026-02-28' } })).toEqual(names('februaryLast'));
    const reversed = await owner.post(LIST, { filters: { dateFrom: '2026-03-02', dateTo: '2026-03-01' } });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().code).toBe('4000');
    expect((await owner.post(LIST, { filters: { dateFrom: '2026-02-30' } })).json().code).toBe('4000');
    expect((await owner.post(LIST, { filters: { status: ['DONE'] } })).json().code).toBe('4000');
  });

  // The list's statements are built once per shape and run with each call's values (json-page.ts): calls of one
  // shape with other values, by another organization or with other dates must each answer their own rows.
  it('answers each caller and each value its own rows from statements kept by shape', async () => {
    for (let round = 0; round < 2; round++) {
      expect(await listIds(owner, { filters: { walletId: [gamma.id] } })).toEqual(names('gammaFailed'));
      expect(await listIds(owner, { filters: { walletId: [beta.id] } })).toEqual(names('betaStake'));
      expect(await listIds(owner, { filters: { dateFrom: '2026-03-03' } })).toEqual(names('gammaFailed', 'betaStake'));
      expect(await listIds(owner, { filters: { dateFrom: '2026-03-05' } })).toEqual(names('gammaFailed'));
      expect((await owner.post(LIST, { size: 1, page: 2, filters: { dateFrom: '2026-03-03' } })).json().total).toBe(2);
      expect((await outsider.post(LIST, { size: 1, page: 2 })).json()).toMatchObject({ total: 0, items: [] });
      expect((await owner.post(LIST, { size: 1, page: 2 })).json().total).toBe(6);
    }
  });

  it("shows a member without WALLETS_VIEW only their wallets' activities, partial", async () => {
    const page = (await viewer.post(LIST, {})).json();
    expect(page).toMatchObject({ total: 4, partial: true });
    expect(page.items.every((i: { walletId: string }) => i.walletId === alpha.id)).toBe(true);
    expect(await listIds(viewer, { filters: { walletId: [gamma.id] } })).toEqual([]);
    expect((await outsider.post(LIST, {})).json()).toMatchObject({ total: 0, items: [] });
    expect((await new TestBrowser(t.app).post(LIST, {})).statusCode).toBe(401);
  });
});

describe('asset activity detail', () => {
  it('answers one activity; invisible and foreign ones are 404', async () => {
    const res = await viewer.post(one(a.marchFirstLate!.id), {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: a.marchFirstLate!.id, walletName: 'Alpha', requiredConfirmations: 12 });
    expect((await viewer.post(one(a.gammaFailed!.id), {})).statusCode).toBe(404);
    expect((await outsider.post(one(a.marchFirstLate!.id), {})).statusCode).toBe(404);
    expect((await owner.post(one('00000000-0000-4000-8000-000000000000'), {})).statusCode).toBe(404);
    expect((await owner.post(one('nope'), {})).json().code).toBe('4000');
  });
});

// Last in the file: it adds activities (ties on created_at, microsecond timestamps) the counts above do not expect.
describe('asset activity list by cursor', () => {
  type Page = { items: { id: string }[]; nextCursor: string | null; total: number };
  async function walk(browser: TestBrowser, body: Record<string, unknown>) {
    const ids: string[] = [];
    let res = (await browser.post(LIST, body)).json() as Page;
    for (;;) {
      ids.push(...res.items.map((i) => i.id));
      if (res.nextCursor === null) return ids;
      const next = await browser.post(LIST, { ...body, after: res.nextCursor });
      expect(next.statusCode, next.body).toBe(200);
      res = next.json();
    }
  }
  async function pages(browser: TestBrowser, body: Record<string, unknown>) {
    const ids: string[] = [];
    for (let page = 1; ; page++) {
      const res = (await browser.post(LIST, { ...body, page })).json() as Page;
      if (res.items.length === 0) return ids;
      ids.push(...res.items.map((i) => i.id));
    }
  }

  beforeAll(async () => {
    const db = t.testDb.database.db;
    // Three rows at the same instant (the id breaks the tie) and two a few microseconds apart, which a
    // millisecond cursor would merge.
    const tie = new Date('2026-03-02T00:00:00Z');
    for (const key of ['tieA', 'tieB', 'tieC']) {
      a[key] = await addActivity(db, orgId, key === 'tieC' ? beta : alpha, { amount: '5', createdAt: tie });
    }
    a.microA = await addActivity(db, orgId, alpha, { amount: '6', createdAt: new Date('2026-03-04T00:00:00Z') });
    a.microB = await addActivity(db, orgId, alpha, { amount: '6', createdAt: new Date('2026-03-04T00:00:00Z') });
    await db.execute(
      sql`update asset_activities set created_at = created_at + interval '3 microseconds' where id = ${a.microB!.id}`,
    );
  });

  it('walks the same rows as pages 1..N in both directions, the last answer without a cursor', async () => {
    for (const direction of ['DESC', 'ASC']) {
      for (const size of [1, 2, 3, 20]) {
        const body = { size, sort: [{ field: 'createdAt', direction }] };
        const byPages = await pages(owner, body);
        expect(byPages).toHaveLength(11);
        expect(await walk(owner, body)).toEqual(byPages);
      }
    }
    const last = (await owner.post(LIST, { size: 11 })).json() as Page;
    expect(last.nextCursor).toBeNull();
    const first = (await owner.post(LIST, { size: 10 })).json() as Page;
    expect(first.nextCursor).toBe(first.items[9]!.id);
    const end = (await owner.post(LIST, { size: 10, after: first.nextCursor })).json() as Page;
    expect(end).toMatchObject({ total: 11, nextCursor: null });
    expect(end.items).toHaveLength(1);
  });

  it('applies filters and visibility as pages do', async () => {
    const filtered = { size: 2, filters: { walletId: [alpha.id], tokenId: ['ETHEREUM.ETH'] } };
    expect(await walk(owner, filtered)).toEqual(await pages(owner, filtered));
    const dated = { size: 1, filters: { dateFrom: '2026-03-02', dateTo: '2026-03-04' } };
    expect(await walk(owner, dated)).toEqual(await pages(owner, dated));
    const viewed = await walk(viewer, { size: 2 });
    expect(viewed).toEqual(await pages(viewer, { size: 2 }));
    expect(viewed).not.toContain(a.tieC!.id);
  });

  it('refuses a malformed cursor and one the caller may not see, without leaking rows', async () => {
    for (const after of ['nope', '', '00000000-0000-4000-8000-000000000000', 'x'.repeat(200)]) {
      const res = await owner.post(LIST, { after });
      expect(res.statusCode, after).toBe(400);
      expect(res.json().code).toBe('4000');
    }
    expect((await owner.post(LIST, { after: 'x'.repeat(201) })).json().code).toBe('4000');
    // Another organization's activity, and one of a wallet the member is not in.
    const foreign = await outsider.post(LIST, { after: a.marchFirstLate!.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).not.toHaveProperty('items');
    expect((await viewer.post(LIST, { after: a.tieC!.id })).statusCode).toBe(400);
  });
});

describe('asset activity list as PostgreSQL writes it', () => {
  it('answers each row exactly as the single activity does, a token the catalogue dropped included', async () => {
    // Last in this file: it adds a row the counts above do not expect.
    const retired = await addActivity(db, orgId, alpha, {
      tokenId: 'ETHEREUM.RETIRED',
      amount: '123456789012345678901234567890',
      createdAt: new Date('2026-03-06T01:02:03.456Z'),
    });
    // The page writes its items as text (activities.repository.ts): what a chain or a member wrote must come back
    // as written, quotes, backslashes, control characters and all.
    const odd = 'quote " backslash \\ tab \t newline \n bell \u0007 </script> 지갑 😀';
    await db.execute(sql`update wallets set name = ${odd} where id = ${alpha.id}`);
    const escaped = await addActivity(db, orgId, alpha, {
      amount: '5',
      txHash: `0x"\\${odd}`,
      fromAddress: `from ${odd}`,
      toAddress: `to\u0001${odd}`,
      createdAt: new Date('2026-03-07T00:00:00Z'),
    });
    const page = (await owner.post(LIST, { size: 100 })).json() as { items: { id: string }[] };
    expect(page.items.length).toBeGreaterThan(7);
    expect(page.items.find((i) => i.id === escaped.id)).toMatchObject({
      walletName: odd,
      txHash: `0x"\\${odd}`,
      fromAddress: `from ${odd}`,
      toAddress: `to\u0001${odd}`,
      counterparty: `from ${odd}`,
      blockHeight: 100,
    });
    for (const item of page.items) expect(item).toEqual((await owner.post(one(item.id), {})).json());
    const row = page.items.find((i) => i.id === retired.id);
    expect(row).toMatchObject({
      token: { tokenId: 'ETHEREUM.RETIRED', symbol: 'RETIRED', name: 'ETHEREUM.RETIRED', decimals: 0 },
      amount: '123456789012345678901234567890',
      createdAt: '2026-03-06T01:02:03.456Z',
      confirmedAt: '2026-03-06T01:02:03.456Z',
    });
  });
});
