import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { assetsScene } from '../../test/assets-scene.js';
import { TestBrowser } from '../../test/browser.js';
import { type DevnetEngine, devnetEngine } from '../../test/devnet.js';
import { createMember, signIn } from '../../test/fixtures.js';
import type { CreatedWallet } from '../../test/wallet-fixtures.js';

/**
 * Funds received in a token the organization has not registered: custody never hides what it holds, so the
 * balance is answered, but apart (`unregistered`) and out of the registered totals, until the token is added.
 */
let t: TestApp;
let owner: TestBrowser;
let viewer: TestBrowser;
let outsider: TestBrowser;
let operator: TestBrowser;
let alpha: CreatedWallet;
let gamma: CreatedWallet;

const ORG = '/api/v1/balances/organizations';
const WALLETS = '/api/v1/balances/organizations/wallets';
const ADD = '/api/v1/organizations/tokens/add';
const LIST = '/api/v1/organizations/tokens/list';
const REMOVE = '/api/v1/organizations/tokens/remove';
const USDT = 'ETHEREUM.USDT';
const USDT_1500 = '1500000000'; // 1500 USDT in base units (6 decimals)
const ETH_2 = String(2n * 10n ** 18n);

type Item = { tokenId: string; total: string; walletCount?: number };
const ids = (items: Item[]) => items.map((i) => i.tokenId);

beforeAll(async () => {
  // No block timer: the test mines the devnet deposits itself.
  const dataDir = mkdtempSync(join(tmpdir(), 'vaultline-unregistered-'));
  t = await createTestApp({ AUTH_RATE_LIMIT_FACTOR: '20', DEVNET_BLOCK_MS: '0', DATA_DIR: dataDir });
  const scene = await assetsScene(t, 'Unregistered Holdings Org');
  ({ owner, viewer, outsider, alpha, gamma } = scene);
  operator = await signIn(t, await createMember(scene.db, t.config, { kind: 'OPERATOR' }));
  const engine: DevnetEngine = devnetEngine({ db: scene.db, config: t.config, log: t.app.log, now: t.clock.now });
  // Real deposits through the devnet: ETH and USDT (never added by the organization) to Alpha.
  for (const deposit of [
    { blockchain: 'ETHEREUM', toAddress: alpha.address, amount: '2' },
    { blockchain: 'ETHEREUM', toAddress: alpha.address, amount: '1500', token: 'USDT' },
  ]) {
    const sent = await operator.post('/api/v1/operations/devnet/deposits', deposit);
    expect(sent.statusCode, sent.body).toBe(200);
  }
  for (let block = 0; block < 4; block++) {
    await engine.produceBlocks();
    await engine.watch();
  }
});
afterAll(async () => {
  await t?.close();
});

describe('holdings of a token the organization has not registered', () => {
  it('are answered apart from the registered totals, with their exact amount', async () => {
    const res = await owner.post(ORG, { hasToken: true });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(ids(body.items)).toEqual(['ETHEREUM.ETH']);
    expect(body.items[0]).toMatchObject({ total: ETH_2, walletCount: 1 });
    expect(body.unregistered).toEqual([
      expect.objectContaining({ tokenId: USDT, symbol: 'USDT', decimals: 6, total: USDT_1500, walletCount: 1 }),
    ]);
    // Without hasToken the zero rows of native coins join the totals; the unregistered list stays the held tokens.
    const all = (await owner.post(ORG, {})).json();
    expect(ids(all.items)).toEqual(['POLYGON.POL', 'ETHEREUM.ETH']);
    expect(ids(all.unregistered)).toEqual([USDT]);
    expect((await owner.post(ORG, { blockchain: ['POLYGON'] })).json().unregistered).toEqual([]);
  });

  it("are apart in each wallet's balances too; the native coin always counts as registered", async () => {
    const one = (await owner.request('GET', `/api/v1/balances/wallet/${alpha.id}`)).json();
    expect(ids(one.balances)).toEqual(['ETHEREUM.ETH']);
    expect(one.unregistered).toEqual([expect.objectContaining({ tokenId: USDT, total: USDT_1500 })]);
    const empty = (await owner.request('GET', `/api/v1/balances/wallet/${gamma.id}`)).json();
    expect(empty).toMatchObject({ unregistered: [] });
    expect(ids(empty.balances)).toEqual(['POLYGON.POL']);

    const page = (await owner.post(WALLETS, { filters: { hasToken: true } })).json();
    expect(page.items.map((w: { name: string }) => w.name)).toEqual(['Alpha']);
    expect(ids(page.items[0].unregistered)).toEqual([USDT]);
    const byToken = (await owner.post(WALLETS, { filters: { tokenId: USDT } })).json();
    expect(byToken.items[0]).toMatchObject({ balances: [], unregistered: [{ tokenId: USDT, total: USDT_1500 }] });
  });

  it('follow wallet visibility and never cross organizations; guests get 401', async () => {
    // The viewer belongs to Alpha: its unregistered USDT shows, marked partial.
    const mine = (await viewer.post(ORG, {})).json();
    expect(mine).toMatchObject({ partial: true, unregistered: [{ tokenId: USDT, total: USDT_1500 }] });
    expect((await outsider.post(ORG, {})).json()).toEqual({ items: [], unregistered: [], partial: false });
    expect((await outsider.post(WALLETS, {})).json()).toMatchObject({ items: [], total: 0 });
    expect((await new TestBrowser(t.app).post(ORG, {})).statusCode).toBe(401);
    expect((await new TestBrowser(t.app).request('GET', `/api/v1/balances/wallet/${alpha.id}`)).statusCode).toBe(401);
  });

  it('join the registered totals once the token is added (WALLETS_CREATION only, per organization)', async () => {
    // Without WALLETS_CREATION the add is refused and nothing moves.
    expect((await viewer.post(ADD, { tokenId: USDT })).json()).toMatchObject({ code: '403' });
    // Another organization adding the same token changes nothing here.
    expect((await outsider.post(ADD, { tokenId: USDT })).statusCode).toBe(200);
    expect(ids((await owner.post(ORG, { hasToken: true })).json().unregistered)).toEqual([USDT]);

    expect((await owner.post(ADD, { tokenId: USDT })).statusCode).toBe(200);
    const after = (await owner.post(ORG, { hasToken: true })).json();
    expect(after.unregistered).toEqual([]);
    expect(ids(after.items)).toEqual(['ETHEREUM.ETH', USDT]);
    expect(after.items[1]).toMatchObject({ total: USDT_1500, walletCount: 1 });
    const one = (await owner.request('GET', `/api/v1/balances/wallet/${alpha.id}`)).json();
    expect(ids(one.balances)).toEqual(['ETHEREUM.ETH', USDT]);
    expect(one.unregistered).toEqual([]);
    expect((await viewer.post(ORG, {})).json().unregistered).toEqual([]);
  });

  it('go apart again when the token is removed: the balance is kept, never hidden', async () => {
    const usdt = (await owner.post(LIST, { filters: { search: 'usdt' } })).json().items[0];
    expect((await owner.request('DELETE', REMOVE, { organizationTokenId: usdt.id })).json()).toEqual({ ok: true });
    const body = (await owner.post(ORG, { hasToken: true })).json();
    expect(ids(body.items)).toEqual(['ETHEREUM.ETH']);
    expect(body.unregistered).toEqual([expect.objectContaining({ tokenId: USDT, total: USDT_1500 })]);
  });
});

describe('supported tokens say which ones the organization has registered', () => {
  const supported = (browser: TestBrowser, chain: string) =>
    browser.request('GET', `/api/v1/organizations/supports/tokens?blockchain=${chain}`);
  const registered = (items: { tokenId: string; registered: boolean }[]) =>
    items.filter((i) => i.registered).map((i) => i.tokenId);

  it("flags the organization's own tokens and native coins, not another organization's", async () => {
    const ours = (await supported(owner, 'ETHEREUM')).json().items;
    // USDT was removed again above; the native coin always counts as registered.
    expect(registered(ours)).toEqual(['ETHEREUM.ETH']);
    expect(ours.find((i: { tokenId: string }) => i.tokenId === USDT)).toMatchObject({ registered: false });
    // The outsider's organization still has USDT.
    expect(registered((await supported(outsider, 'ETHEREUM')).json().items)).toEqual(['ETHEREUM.ETH', USDT]);
    expect((await owner.post(ADD, { tokenId: USDT })).statusCode).toBe(200);
    expect(registered((await supported(viewer, 'ETHEREUM')).json().items)).toEqual(['ETHEREUM.ETH', USDT]);
    const everything = (await owner.request('GET', '/api/v1/organizations/supports/tokens')).json().items;
    expect(registered(everything)).toContain('POLYGON.POL');
    expect(registered(everything)).toContain(USDT);
    expect(registered(everything)).not.toContain('POLYGON.USDC');
  });

  it('answers 401 to a guest and 403 to an operator, who has no organization', async () => {
    expect((await supported(new TestBrowser(t.app), 'ETHEREUM')).statusCode).toBe(401);
    expect((await supported(operator, 'ETHEREUM')).statusCode).toBe(403);
  });
});
