import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests, wallets } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { assetsScene } from '../../test/assets-scene.js';
import { cloneRow, cursorPaging, sameInstant, sharedCursorChecks } from '../../test/cursor-paging.js';

/** The wallet list by cursor (`after`): the rows of pages 1..N in every order, filters and visibility kept. */
let t: TestApp;
let s: Awaited<ReturnType<typeof assetsScene>>;
const list = cursorPaging('/api/v1/organizations/wallets');

afterAll(async () => {
  await t?.close();
});
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_FACTOR: '20' });
  s = await assetsScene(t, 'Wallet Cursor Org');
  // Seven more wallets, copies of Alpha (Ethereum) and Gamma (Polygon), each with a creation request of its own.
  const made: string[] = [];
  for (let i = 1; i <= 7; i++) {
    const source = i % 3 === 0 ? s.gamma : s.alpha;
    const [from] = await s.db
      .select({ requestId: wallets.creationRequestId })
      .from(wallets)
      .where(eq(wallets.id, source.id));
    const requestId = await cloneRow(s.db, requests, from!.requestId!, { exclusive_key: null });
    const address = `0x${randomBytes(20).toString('hex')}`;
    const values = { name: `Clone ${i}`, address, account_index: 100 + i, creation_request_id: requestId };
    made.push(await cloneRow(s.db, wallets, source.id, values));
  }
  // Four at one instant (the id breaks the tie), three a microsecond apart, with Beta among the ties.
  await sameInstant(s.db, wallets, wallets.id, [s.beta.id, ...made.slice(0, 6)], 4);
});

describe('wallet list by cursor', () => {
  sharedCursorChecks(list, () => ({
    app: t.app,
    browser: s.owner,
    total: 10,
    rowId: s.alpha.id,
    sorts: ['', 'createdAt ASC', 'name DESC', 'blockchain DESC, createdAt ASC'],
  }));

  it('applies filters and visibility as pages do', async () => {
    const ethereum = await list.sameRows(s.owner, { size: 2, filters: { blockchain: ['ETHEREUM'] } }, 7);
    expect(ethereum).not.toContain(s.gamma.id);
    const byName = [{ field: 'name', direction: 'ASC' }];
    await list.sameRows(s.owner, { size: 2, filters: { search: 'clone' }, sort: byName }, 7);
    // Without WALLETS_VIEW: only Alpha.
    expect(await list.sameRows(s.viewer, { size: 1 })).toEqual([s.alpha.id]);
    expect((await list.read(s.viewer, { after: s.alpha.id })).items).toEqual([]);
  });

  // The list's statements are built once per shape and run with each call's values (json-page.ts): calls of one
  // shape with other values or by another organization must each answer their own rows.
  it('answers each caller and each value its own rows from statements kept by shape', async () => {
    for (let round = 0; round < 2; round++) {
      expect((await list.read(s.owner, { filters: { blockchain: ['ETHEREUM'] } })).total).toBe(7);
      expect((await list.read(s.owner, { filters: { blockchain: ['POLYGON'] } })).total).toBe(3);
      expect((await list.read(s.owner, { filters: { search: 'clone' } })).total).toBe(7);
      expect((await list.read(s.owner, { filters: { search: 'clone 7' } })).total).toBe(1);
      const foreign = await list.read(s.outsider, { size: 20 });
      expect(foreign.items.map((i) => i.id)).not.toContain(s.alpha.id);
      expect((await list.read(s.owner, { size: 20 })).total).toBe(10);
    }
  });

  it('refuses another organization’s wallet and one the caller may not see', async () => {
    await list.refused(s.outsider, s.alpha.id);
    await list.refused(s.viewer, s.beta.id);
  });

  it('answers each wallet of a page exactly as the single wallet does (the page is PostgreSQL’s JSON)', async () => {
    for (const browser of [s.owner, s.viewer]) {
      const page = (await list.read(browser, { size: 100 })) as unknown as { items: { id: string }[] };
      expect(page.items.length).toBeGreaterThan(0);
      for (const item of page.items) {
        expect(item).toEqual((await browser.request('GET', `/api/v1/organizations/wallets/${item.id}`)).json());
      }
    }
  });
});
