import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gasFeeEntries, gasFeeWallets } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { TestBrowser } from '../../test/browser.js';
import { createMember, createOrganization, grant, signIn, type TestMember } from '../../test/fixtures.js';
import { createWallet } from '../../test/wallet-fixtures.js';

const LIST = '/api/v1/organizations/gas-fee-wallets';
const EOS_CREATION = '/api/v1/organizations/wallet-creation/eosio';
/** BIZAUTO has 4 decimals: 0.5 BIZA per account creation, low below 10 of them (5 BIZA). */
const COST = 5_000n;
const MARK = 50_000n;

let t: TestApp;
let orgId: string;
let owner: TestMember;
let ownerBrowser: TestBrowser;
let viewerBrowser: TestBrowser;
let plainBrowser: TestBrowser;
let otherBrowser: TestBrowser;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_FACTOR: '20' });
  const db = t.testDb.database.db;
  orgId = (await createOrganization(db, 'Gas Org')).id;
  owner = await createMember(db, t.config, { organizationId: orgId });
  const viewer = await createMember(db, t.config, { organizationId: orgId });
  const plain = await createMember(db, t.config, { organizationId: orgId });
  await grant(db, owner.id, ['OWNER']);
  await grant(db, viewer.id, ['WALLETS_VIEW']);
  const otherOrg = (await createOrganization(db, 'Other Gas Org')).id;
  const otherOwner = await createMember(db, t.config, { organizationId: otherOrg });
  await grant(db, otherOwner.id, ['OWNER']);
  ownerBrowser = await signIn(t, owner);
  viewerBrowser = await signIn(t, viewer);
  plainBrowser = await signIn(t, plain);
  otherBrowser = await signIn(t, otherOwner);
  await createWallet(otherBrowser, otherOrg, 'SEPOLIA', 'Other treasury');
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.testDb.database.db;
const list = async (browser: TestBrowser, lang = 'en') =>
  (await browser.request('GET', LIST, undefined, { headers: { 'accept-language': lang } })).json().items as {
    blockchain: string;
    address: string;
    balance: string;
    low: boolean;
    warning: { code: string; message: string } | null;
  }[];
const gasRow = async (blockchain: string) =>
  (
    await db()
      .select()
      .from(gasFeeWallets)
      .where(and(eq(gasFeeWallets.organizationId, orgId), eq(gasFeeWallets.blockchain, blockchain)))
  )[0]!;
/** Moves the balance by hand, as spending elsewhere on the network would. */
const setBalance = (blockchain: string, units: bigint) =>
  db()
    .update(gasFeeWallets)
    .set({ balance: units.toString() })
    .where(and(eq(gasFeeWallets.organizationId, orgId), eq(gasFeeWallets.blockchain, blockchain)));
const requestCreation = (name: string) =>
  ownerBrowser.post(`${EOS_CREATION}/${orgId}/wallet-creation-request/create`, { blockchain: 'BIZAUTO', name });

async function ended(requestId: string) {
  for (let i = 0; i < 120; i++) {
    const r = (await ownerBrowser.post(`/api/v1/organizations/requests/${requestId}`, {})).json();
    if (r.status === 'COMPLETE' || r.status === 'FAILED') return r;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('request did not end');
}

describe('gas-fee wallets', () => {
  it('makes the network gas-fee wallet with its first wallet, funded on the devnet, outside the wallet list', async () => {
    const wallet = await createWallet(ownerBrowser, orgId, 'SEPOLIA', 'Treasury');
    const items = await list(ownerBrowser);
    expect(items).toEqual([
      {
        blockchain: 'SEPOLIA',
        address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
        balance: '0.5',
        symbol: 'ETH',
        lowWaterMark: '0.05',
        low: false,
        warning: null,
      },
    ]);
    expect(items[0]!.address).not.toBe(wallet.address);
    expect((await gasRow('SEPOLIA')).derivationPath).toBe("m/44'/60'/2147483647'/0/0");
    const wallets = (await ownerBrowser.post('/api/v1/organizations/wallets', { size: 50 })).json().items;
    expect(wallets.map((w: { address: string }) => w.address)).toEqual([wallet.address]);
    expect(await list(viewerBrowser)).toEqual(items);
  });

  it('charges an EOS-type account creation to the gas-fee wallet', async () => {
    const wallet = await createWallet(ownerBrowser, orgId, 'BIZAUTO', 'Biz main');
    const gas = await gasRow('BIZAUTO');
    expect(gas.address).toMatch(/^[a-z1-5]{12}$/);
    expect(gas.address).not.toBe(wallet.address);
    expect(BigInt(gas.balance)).toBe(MARK * 10n - COST);
    const charges = await db().select().from(gasFeeEntries).where(eq(gasFeeEntries.kind, 'WALLET_CREATION'));
    expect(charges).toHaveLength(1);
  });

  it('refuses a creation request with 9 when the gas-fee wallet cannot pay for the account', async () => {
    await setBalance('BIZAUTO', COST - 1n);
    const refused = await requestCreation('Biz refused');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: '9', data: { blockchain: 'BIZAUTO' } });
  });

  it('fails the execution with 5001 when the balance went meanwhile, and charges nothing', async () => {
    await setBalance('BIZAUTO', COST);
    const created = await requestCreation('Biz drained');
    expect(created.statusCode, created.body).toBe(200);
    await setBalance('BIZAUTO', COST - 1n);
    const requestId = created.json().id as string;
    const approved = await ownerBrowser.post(`${EOS_CREATION}/${orgId}/wallet-creation-request/${requestId}/approve`, {
      otpCode: await ownerBrowser.otp(),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await ended(requestId)).toMatchObject({ status: 'FAILED', failureReason: '5001' });
    expect(BigInt((await gasRow('BIZAUTO')).balance)).toBe(COST - 1n);
    expect(await db().select().from(gasFeeEntries).where(eq(gasFeeEntries.requestId, requestId))).toHaveLength(0);
    const wallets = (await ownerBrowser.post('/api/v1/organizations/wallets', { size: 50 })).json().items;
    expect(wallets.map((w: { name: string }) => w.name)).not.toContain('Biz drained');
  });

  it('flags a gas-fee wallet below its low-water mark with warning 10', async () => {
    await setBalance('BIZAUTO', MARK - 1n);
    const low = (await list(ownerBrowser)).find((w) => w.blockchain === 'BIZAUTO')!;
    expect(low).toMatchObject({ balance: '4.9999', lowWaterMark: '5', low: true, symbol: 'BIZA' });
    expect(low.warning).toEqual({
      code: '10',
      message: 'The gas fee wallet balance is low. Please contact your administrator.',
    });
    expect((await list(ownerBrowser, 'ko')).find((w) => w.blockchain === 'BIZAUTO')!.warning!.message).toContain(
      '가스비',
    );
    await setBalance('BIZAUTO', MARK);
    expect((await list(ownerBrowser)).find((w) => w.blockchain === 'BIZAUTO')).toMatchObject({
      low: false,
      warning: null,
    });
  });

  it('answers 401 signed out, 403 without WALLETS_VIEW, and never another organization', async () => {
    expect((await t.app.inject({ method: 'GET', url: LIST })).statusCode).toBe(401);
    const refused = await plainBrowser.request('GET', LIST);
    expect(refused.statusCode).toBe(403);
    const mine = (await list(ownerBrowser)).map((w) => w.address);
    const theirs = await list(otherBrowser);
    expect(theirs.map((w) => w.blockchain)).toEqual(['SEPOLIA']);
    expect(theirs.some((w) => mine.includes(w.address))).toBe(false);
  });

  it('makes a missing gas-fee wallet on first read, at the same derived address', async () => {
    const [theirs] = await list(otherBrowser);
    const otherOrg = (await db().select().from(gasFeeWallets).where(eq(gasFeeWallets.address, theirs!.address)))[0]!;
    // As for an organization whose wallets predate gas-fee wallets.
    await db().delete(gasFeeEntries).where(eq(gasFeeEntries.gasFeeWalletId, otherOrg.id));
    await db().delete(gasFeeWallets).where(eq(gasFeeWallets.id, otherOrg.id));
    expect(await list(otherBrowser)).toEqual([theirs]);
  });
});
