import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { setBalance } from '../../test/asset-fixtures.js';
import { assetsScene } from '../../test/assets-scene.js';
import { TestBrowser } from '../../test/browser.js';
import type { CreatedWallet } from '../../test/wallet-fixtures.js';

/** Balances read over the wallets a caller may see, summed exactly in SQL. */
let t: TestApp;
let owner: TestBrowser;
let viewer: TestBrowser;
let outsider: TestBrowser;
let alpha: CreatedWallet;
let beta: CreatedWallet;
let gamma: CreatedWallet;
const ETH = 10n ** 18n;
const HUGE = 2n ** 200n; // far beyond a JavaScript number's exact range

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_FACTOR: '20' });
  const scene = await assetsScene(t, 'Balances Org');
  const { db, orgId } = scene;
  ({ owner, viewer, outsider, alpha, beta, gamma } = scene);
  // USDT is registered too: these tests read registered holdings (unregistered-holdings.test.ts covers the rest).
  for (const tokenId of ['POLYGON.USDC', 'ETHEREUM.DAI', 'ETHEREUM.USDT']) {
    expect((await owner.post('/api/v1/organizations/tokens/add', { tokenId })).statusCode).toBe(200);
  }
  await setBalance(db, orgId, alpha, 'ETHEREUM.ETH', {
    total: String(5n * ETH),
    staked: String(ETH),
    locked: String(ETH / 2n),
  });
  await setBalance(db, orgId, alpha, 'ETHEREUM.USDT', { total: '100000000' });
  await setBalance(db, orgId, beta, 'ETHEREUM.ETH', { total: String(HUGE) });
  // More held back than is left: withdrawable stops at zero.
  await setBalance(db, orgId, beta, 'ETHEREUM.USDT', { total: '10', staked: '5', locked: '10' });
});
afterAll(async () => {
  await t?.close();
});

const ORG = '/api/v1/balances/organizations';
const WALLETS = '/api/v1/balances/organizations/wallets';
type Item = { tokenId: string; total: string; withdrawable: string; staked: string; walletCount?: number };
// Catalogue order: native coins first, then the curated tokens.
const ids = (items: Item[]) => items.map((i) => i.tokenId);
const pick = (items: Item[], id: string) => items.find((i) => i.tokenId === id)!;

describe('organization totals', () => {
  it('sums per token over every wallet, exactly; zero rows for native coins and registered tokens', async () => {
    const res = await owner.post(ORG, {});
    expect(res.statusCode, res.body).toBe(200);
    const { items, partial } = res.json();
    expect(partial).toBe(false);
    expect(pick(items, 'ETHEREUM.ETH')).toMatchObject({
      total: String(5n * ETH + HUGE),
      staked: String(ETH),
      withdrawable: String(5n * ETH - ETH - ETH / 2n + HUGE),
      walletCount: 2,
      symbol: 'ETH',
      decimals: 18,
    });
    expect(pick(items, 'ETHEREUM.USDT')).toMatchObject({
      total: '100000010',
      staked: '5',
      withdrawable: '100000000',
      walletCount: 2,
    });
    expect(ids(items)).toEqual(['POLYGON.POL', 'ETHEREUM.ETH', 'ETHEREUM.USDT', 'ETHEREUM.DAI', 'POLYGON.USDC']);
    expect(pick(items, 'POLYGON.POL')).toMatchObject({ total: '0', withdrawable: '0', walletCount: 0 });
    const held = (await owner.post(ORG, { hasToken: true })).json().items;
    expect(ids(held)).toEqual(['ETHEREUM.ETH', 'ETHEREUM.USDT']);
    const polygon = (await owner.post(ORG, { blockchain: ['POLYGON'] })).json().items;
    expect(ids(polygon)).toEqual(['POLYGON.POL', 'POLYGON.USDC']);
  });

  it('covers only the wallets a member without WALLETS_VIEW belongs to, and says partial', async () => {
    const { items, partial } = (await viewer.post(ORG, {})).json();
    expect(partial).toBe(true);
    expect(pick(items, 'ETHEREUM.ETH')).toMatchObject({ total: String(5n * ETH), walletCount: 1 });
    expect(pick(items, 'ETHEREUM.USDT')).toMatchObject({ total: '100000000', withdrawable: '100000000' });
    // Gamma (Polygon) is not theirs: no POL row; registered tokens still show.
    expect(ids(items)).toEqual(['ETHEREUM.ETH', 'ETHEREUM.USDT', 'ETHEREUM.DAI', 'POLYGON.USDC']);
    expect((await outsider.post(ORG, {})).json()).toEqual({ items: [], unregistered: [], partial: false });
    expect((await new TestBrowser(t.app).post(ORG, {})).statusCode).toBe(401);
    expect((await owner.post(ORG, { hasToken: 'yes' })).json().code).toBe('4000');
  });
});

describe('wallet balances', () => {
  it('pages the visible wallets with their balances, native coin first', async () => {
    const res = await owner.post(WALLETS, {});
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ total: 3, page: 1, partial: false });
    expect(page.items.map((w: { name: string }) => w.name)).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(ids(page.items[0].balances)).toEqual(['ETHEREUM.ETH', 'ETHEREUM.USDT', 'ETHEREUM.DAI']);
    expect(pick(page.items[0].balances, 'ETHEREUM.ETH')).toMatchObject({ withdrawable: String(3n * ETH + ETH / 2n) });
    expect(page.items[1].balances[1]).toMatchObject({ tokenId: 'ETHEREUM.USDT', total: '10', withdrawable: '0' });
    expect(ids(page.items[2].balances)).toEqual(['POLYGON.POL', 'POLYGON.USDC']);

    const held = (await owner.post(WALLETS, { filters: { hasToken: true } })).json();
    expect(held.items.map((w: { name: string }) => w.name)).toEqual(['Alpha', 'Beta']);
    expect(ids(held.items[0].balances)).toEqual(['ETHEREUM.ETH', 'ETHEREUM.USDT']);
    const usdt = (await owner.post(WALLETS, { filters: { tokenId: 'ETHEREUM.USDT' } })).json();
    expect(usdt.items.map((w: { name: string }) => w.name)).toEqual(['Alpha', 'Beta']);
    expect(usdt.items.every((w: { balances: Item[] }) => ids(w.balances).join() === 'ETHEREUM.USDT')).toBe(true);
    const polygon = (await owner.post(WALLETS, { filters: { blockchain: ['POLYGON'] } })).json();
    expect(polygon.items.map((w: { name: string }) => w.name)).toEqual(['Gamma']);
    const byId = (await owner.post(WALLETS, { filters: { walletId: [beta.id] } })).json();
    expect(byId.items.map((w: { name: string }) => w.name)).toEqual(['Beta']);
    const sorted = (await owner.post(WALLETS, { sort: [{ field: 'name', direction: 'DESC' }], size: 1 })).json();
    expect(sorted).toMatchObject({ total: 3, size: 1 });
    expect(sorted.items[0].name).toBe('Gamma');
    expect((await owner.post(WALLETS, { filters: { tokenId: 'ETHEREUM.NOPE' } })).json().code).toBe('4000');
  });

  it('shows a member without WALLETS_VIEW only their wallets, partial', async () => {
    const page = (await viewer.post(WALLETS, {})).json();
    expect(page).toMatchObject({ total: 1, partial: true });
    expect(page.items[0].walletId).toBe(alpha.id);
  });

  it("answers one wallet's balances; invisible and foreign wallets are 404", async () => {
    const one = await owner.request('GET', `/api/v1/balances/wallet/${gamma.id}`);
    expect(one.json()).toMatchObject({ walletId: gamma.id, name: 'Gamma', blockchain: 'POLYGON' });
    expect(ids(one.json().balances)).toEqual(['POLYGON.POL', 'POLYGON.USDC']);
    const held = await owner.request('GET', `/api/v1/balances/wallet/${gamma.id}?hasToken=true`);
    expect(held.json().balances).toEqual([]);
    const mine = await viewer.request('GET', `/api/v1/balances/wallet/${alpha.id}?hasToken=true`);
    expect(ids(mine.json().balances)).toEqual(['ETHEREUM.ETH', 'ETHEREUM.USDT']);
    expect((await viewer.request('GET', `/api/v1/balances/wallet/${beta.id}`)).statusCode).toBe(404);
    expect((await outsider.request('GET', `/api/v1/balances/wallet/${alpha.id}`)).statusCode).toBe(404);
    expect((await owner.request('GET', '/api/v1/balances/wallet/nope')).json().code).toBe('4000');
  });

  it("answers one token's balance: zeros when never held, 404 for another chain's token", async () => {
    const base = `/api/v1/balances/wallet/${alpha.id}/token`;
    expect((await owner.request('GET', `${base}/ETHEREUM.USDT`)).json()).toMatchObject({
      walletId: alpha.id,
      tokenId: 'ETHEREUM.USDT',
      total: '100000000',
      withdrawable: '100000000',
      staked: '0',
    });
    expect((await owner.request('GET', `${base}/ETHEREUM.LINK`)).json()).toMatchObject({
      tokenId: 'ETHEREUM.LINK',
      total: '0',
      withdrawable: '0',
      staked: '0',
    });
    expect((await owner.request('GET', `${base}/POLYGON.USDT`)).statusCode).toBe(404);
    expect((await owner.request('GET', `${base}/ETHEREUM.NOPE`)).statusCode).toBe(404);
    expect((await owner.request('GET', `${base}/bad token`)).json().code).toBe('4000');
    expect((await viewer.request('GET', `/api/v1/balances/wallet/${beta.id}/token/ETHEREUM.ETH`)).statusCode).toBe(404);
    expect((await outsider.request('GET', `${base}/ETHEREUM.ETH`)).statusCode).toBe(404);
  });
});
