import { and, eq, gte, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests, wallets } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { assetsScene } from '../../test/assets-scene.js';
import { cloneRow, cursorPaging, sameInstant, sharedCursorChecks } from '../../test/cursor-paging.js';

/** The request list by cursor (`after`): the rows of pages 1..N in every order, filters and visibility kept. */
let t: TestApp;
let s: Awaited<ReturnType<typeof assetsScene>>;
const ofAlpha: string[] = [];
const ofBeta: string[] = [];
const list = cursorPaging('/api/v1/organizations/requests');

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_FACTOR: '20' });
  s = await assetsScene(t, 'Request Cursor Org');
  const [source] = await s.db
    .select({ requestId: wallets.creationRequestId })
    .from(wallets)
    .where(eq(wallets.id, s.alpha.id));
  // Nine more requests on Alpha and Beta in two end states; the three creations of the scene make twelve.
  for (let i = 0; i < 9; i++) {
    const walletId = i % 2 === 0 ? s.alpha.id : s.beta.id;
    const status = i % 3 === 1 ? 'FAILED' : 'COMPLETE';
    const id = await cloneRow(s.db, requests, source!.requestId!, { exclusive_key: null, wallet_id: walletId, status });
    (walletId === s.alpha.id ? ofAlpha : ofBeta).push(id);
  }
  // Five at one instant (the id breaks the tie), the rest a microsecond apart; updated_at ties for every copy.
  await sameInstant(s.db, requests, requests.id, [...ofAlpha, ...ofBeta], 5);
});
afterAll(async () => {
  await t?.close();
});

describe('request list by cursor', () => {
  sharedCursorChecks(list, () => ({
    app: t.app,
    browser: s.owner,
    total: 12,
    rowId: ofAlpha[0]!,
    sorts: ['', 'createdAt ASC', 'updatedAt DESC', 'updatedAt ASC, createdAt DESC'],
  }));

  it('applies filters, tabs and visibility as pages do', async () => {
    const alpha = await list.sameRows(s.owner, { size: 2, filters: { walletId: s.alpha.id } });
    expect(alpha).toEqual(expect.arrayContaining(ofAlpha));
    await list.sameRows(s.owner, { size: 2, filters: { status: ['FAILED'] } }, 3);
    await list.sameRows(s.owner, { size: 4, filters: { tab: 'MY_REQUESTS', type: ['WALLET_CREATION'] } }, 12);
    // A member of Alpha only, without WALLETS_VIEW: Alpha's requests, none of Beta's.
    const seen = await list.sameRows(s.viewer, { size: 2 });
    expect(seen).toEqual(expect.arrayContaining(ofAlpha));
    for (const id of ofBeta) expect(seen).not.toContain(id);
  });

  // The list's statements are built once per shape and run with each call's values (shaped-statements.ts): calls
  // of one shape by other organizations, members and dates must each answer their own rows.
  it('answers each caller and each date its own rows from statements kept by shape', async () => {
    for (let round = 0; round < 2; round++) {
      expect((await list.read(s.owner, { size: 20 })).total).toBe(12);
      const foreign = await list.read(s.outsider, { size: 20 });
      for (const id of [...ofAlpha, ...ofBeta]) expect(foreign.items.map((i) => i.id)).not.toContain(id);
      expect((await list.read(s.viewer, { size: 20 })).items.map((i) => i.id)).not.toContain(ofBeta[0]);
    }
    const times = await s.db
      .select({ at: requests.createdAt })
      .from(requests)
      .where(eq(requests.organizationId, s.orgId))
      .orderBy(requests.createdAt);
    for (const pivot of [times[3]!.at, times[9]!.at]) {
      const at = pivot.toISOString();
      const count = async (condition: ReturnType<typeof gte>) =>
        (
          await s.db
            .select({ id: requests.id })
            .from(requests)
            .where(and(eq(requests.organizationId, s.orgId), condition))
        ).length;
      const since = await list.sameRows(s.owner, { size: 2, filters: { from: at } });
      expect(since).toHaveLength(await count(gte(requests.createdAt, new Date(at))));
      const until = await list.sameRows(s.owner, { size: 2, filters: { to: at } });
      expect(until).toHaveLength(await count(lte(requests.createdAt, new Date(at))));
      expect((await list.read(s.owner, { size: 1, page: 2, filters: { from: at } })).total).toBe(since.length);
    }
  });

  it('refuses another organization’s request and one the caller may not see', async () => {
    await list.refused(s.outsider, ofAlpha[0]!);
    await list.refused(s.viewer, ofBeta[0]!);
  });
});
