import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { walletBalances } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { setBalance } from '../../test/asset-fixtures.js';
import type { TestBrowser } from '../../test/browser.js';
import { createMember, createOrganization, grant, signIn } from '../../test/fixtures.js';
import { type CreatedWallet, createWallet } from '../../test/wallet-fixtures.js';

/**
 * Balance totals through the API: an OWNER reads the organization's kept sums, a member limited to some wallets
 * an exact sum over those. A member of every wallet without WALLETS_VIEW must read the same numbers as the OWNER
 * (the two paths agree), a member of one wallet only that wallet's, and another organization's amounts never
 * reach either.
 */

const ORG = '/api/v1/balances/organizations';
const HUGE = 2n ** 230n;
let t: TestApp;
let db: Db;
let orgId: string;
let otherOrgId: string;
let owner: TestBrowser;
let everyWallet: TestBrowser;
let oneWallet: TestBrowser;
let otherOwner: TestBrowser;
let alpha: CreatedWallet;
let beta: CreatedWallet;
let gamma: CreatedWallet;
let delta: CreatedWallet;

type Item = { tokenId: string; total: string; staked: string; withdrawable: string; walletCount: number };
const amounts = (items: Item[]) =>
  items.map(({ tokenId, total, staked, withdrawable, walletCount }) => ({
    tokenId,
    total,
    staked,
    withdrawable,
    walletCount,
  }));
const totals = async (who: TestBrowser, body: object = {}) => {
  const res = await who.post(ORG, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Item[]; unregistered: Item[]; partial: boolean };
};

async function addMember(wallet: CreatedWallet, memberId: string) {
  const res = await owner.post(`/api/v1/organizations/wallets/${wallet.id}/members/add`, { memberId, role: 'MEMBER' });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_FACTOR: '20' });
  db = t.testDb.database.db;
  orgId = (await createOrganization(db, 'Totals Org')).id;
  otherOrgId = (await createOrganization(db, 'Other Totals Org')).id;
  const o = await createMember(db, t.config, { organizationId: orgId });
  const all = await createMember(db, t.config, { organizationId: orgId });
  const one = await createMember(db, t.config, { organizationId: orgId });
  const x = await createMember(db, t.config, { organizationId: otherOrgId });
  await grant(db, o.id, ['OWNER']);
  await grant(db, x.id, ['OWNER']);
  owner = await signIn(t, o);
  everyWallet = await signIn(t, all);
  oneWallet = await signIn(t, one);
  otherOwner = await signIn(t, x);
  alpha = await createWallet(owner, orgId, 'ETHEREUM', 'Alpha');
  beta = await createWallet(owner, orgId, 'ETHEREUM', 'Beta');
  gamma = await createWallet(owner, orgId, 'POLYGON', 'Gamma');
  delta = await createWallet(otherOwner, otherOrgId, 'ETHEREUM', 'Delta');
  for (const w of [alpha, beta, gamma]) await addMember(w, all.id);
  await addMember(beta, one.id);
  for (const tokenId of ['ETHEREUM.USDT', 'POLYGON.USDC']) {
    expect((await owner.post('/api/v1/organizations/tokens/add', { tokenId })).statusCode).toBe(200);
    expect((await otherOwner.post('/api/v1/organizations/tokens/add', { tokenId })).statusCode).toBe(200);
  }
  await setBalance(db, orgId, alpha, 'ETHEREUM.ETH', { total: String(HUGE), staked: '7', locked: '100' });
  await setBalance(db, orgId, alpha, 'ETHEREUM.USDT', { total: '500', locked: '600' });
  await setBalance(db, orgId, beta, 'ETHEREUM.ETH', { total: '1000', staked: '10', locked: '5' });
  await setBalance(db, orgId, beta, 'ETHEREUM.USDT', { total: '0' });
  // Held but not registered by the organization: answered apart.
  await setBalance(db, orgId, beta, 'ETHEREUM.DAI', { total: '42' });
  await setBalance(db, orgId, gamma, 'POLYGON.USDC', { total: '9', staked: '1' });
  // The other organization holds the same tokens, in far larger amounts.
  await setBalance(db, otherOrgId, delta, 'ETHEREUM.ETH', { total: String(HUGE * 3n), locked: '1' });
  await setBalance(db, otherOrgId, delta, 'ETHEREUM.USDT', { total: '123456789' });
});
afterAll(async () => {
  await t?.close();
});

const FILTERS = [{}, { hasToken: true }, { blockchain: ['ETHEREUM'] }, { blockchain: ['POLYGON'], hasToken: true }];

describe('balance totals by scope', () => {
  it('answer an OWNER and a member of every wallet the same, exactly', async () => {
    for (const body of FILTERS) {
      const kept = await totals(owner, body);
      const summed = await totals(everyWallet, body);
      expect(kept.partial).toBe(false);
      expect(summed.partial).toBe(true);
      expect(kept.items).toEqual(summed.items);
      expect(kept.unregistered).toEqual(summed.unregistered);
    }
    const { items, unregistered } = await totals(owner);
    // Catalogue order: native coins first, then the curated tokens.
    expect(amounts(items)).toEqual([
      { tokenId: 'POLYGON.POL', total: '0', staked: '0', withdrawable: '0', walletCount: 0 },
      {
        tokenId: 'ETHEREUM.ETH',
        total: String(HUGE + 1000n),
        staked: '17',
        withdrawable: String(HUGE - 107n + 985n),
        walletCount: 2,
      },
      { tokenId: 'ETHEREUM.USDT', total: '500', staked: '0', withdrawable: '0', walletCount: 1 },
      { tokenId: 'POLYGON.USDC', total: '9', staked: '1', withdrawable: '8', walletCount: 1 },
    ]);
    expect(amounts(unregistered)).toEqual([
      { tokenId: 'ETHEREUM.DAI', total: '42', staked: '0', withdrawable: '42', walletCount: 1 },
    ]);
  });

  it("keep a member of one wallet to that wallet's amounts", async () => {
    const { items, partial } = await totals(oneWallet);
    expect(partial).toBe(true);
    expect(amounts(items).filter((i) => i.tokenId.startsWith('ETHEREUM.'))).toEqual([
      { tokenId: 'ETHEREUM.ETH', total: '1000', staked: '10', withdrawable: '985', walletCount: 1 },
      { tokenId: 'ETHEREUM.USDT', total: '0', staked: '0', withdrawable: '0', walletCount: 0 },
    ]);
    expect(items.find((i) => i.tokenId === 'POLYGON.POL')).toBeUndefined();
  });

  it("never mix another organization's amounts in, either way", async () => {
    const other = await totals(otherOwner);
    expect(amounts(other.items).filter((i) => i.total !== '0')).toEqual([
      {
        tokenId: 'ETHEREUM.ETH',
        total: String(HUGE * 3n),
        staked: '0',
        withdrawable: String(HUGE * 3n - 1n),
        walletCount: 1,
      },
      { tokenId: 'ETHEREUM.USDT', total: '123456789', staked: '0', withdrawable: '123456789', walletCount: 1 },
    ]);
    expect(other.unregistered).toEqual([]);
    const eth = (await totals(owner)).items.find((i) => i.tokenId === 'ETHEREUM.ETH');
    expect(eth?.total).toBe(String(HUGE + 1000n));
  });

  it('follow later credits, holds, deleted rows and deleted wallets', async () => {
    const row = (w: CreatedWallet, tokenId: string) =>
      and(eq(walletBalances.walletId, w.id), eq(walletBalances.tokenId, tokenId));
    await db
      .update(walletBalances)
      .set({ locked: sql`${walletBalances.locked} + 900`, total: sql`${walletBalances.total} + 1` })
      .where(row(beta, 'ETHEREUM.ETH'));
    await db.delete(walletBalances).where(row(beta, 'ETHEREUM.USDT'));
    await setBalance(db, orgId, gamma, 'POLYGON.POL', { total: '77' });
    // A wallet of the other organization goes with its balances: nothing here moves.
    await db.execute(sql`delete from wallets where id = ${delta.id}`);
    for (const body of FILTERS) {
      const kept = await totals(owner, body);
      expect(kept.items).toEqual((await totals(everyWallet, body)).items);
    }
    const { items } = await totals(owner);
    expect(amounts(items).find((i) => i.tokenId === 'ETHEREUM.ETH')).toEqual({
      tokenId: 'ETHEREUM.ETH',
      total: String(HUGE + 1001n),
      staked: '17',
      withdrawable: String(HUGE - 107n + 86n),
      walletCount: 2,
    });
    expect(items.find((i) => i.tokenId === 'POLYGON.POL')).toMatchObject({ total: '77', walletCount: 1 });
    expect(items.find((i) => i.tokenId === 'ETHEREUM.USDT')).toMatchObject({ total: '500', walletCount: 1 });
    const other = await totals(otherOwner);
    expect(other.items.every((i) => i.total === '0' && i.walletCount === 0)).toBe(true);
  });
});
