import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { TestBrowser } from '../../test/browser.js';
import { createMember, createOrganization, grant, signIn } from '../../test/fixtures.js';

/** Supported blockchains and tokens, and the tokens an organization registers. */
let t: TestApp;
let owner: TestBrowser;
let creator: TestBrowser;
let reader: TestBrowser;
let outsider: TestBrowser;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_FACTOR: '20' });
  const db = t.testDb.database.db;
  const orgId = (await createOrganization(db, 'Tokens Org')).id;
  const o = await createMember(db, t.config, { organizationId: orgId });
  const c = await createMember(db, t.config, { organizationId: orgId });
  const r = await createMember(db, t.config, { organizationId: orgId });
  const x = await createMember(db, t.config);
  await grant(db, o.id, ['OWNER']);
  await grant(db, c.id, ['WALLETS_CREATION']);
  await grant(db, x.id, ['OWNER']);
  owner = await signIn(t, o);
  creator = await signIn(t, c);
  reader = await signIn(t, r);
  outsider = await signIn(t, x);
});
afterAll(async () => {
  await t?.close();
});

const ADD = '/api/v1/organizations/tokens/add';
const LIST = '/api/v1/organizations/tokens/list';
const REMOVE = '/api/v1/organizations/tokens/remove';
const one = (id: string) => `/api/v1/organizations/tokens/${id}`;

describe('supports', () => {
  it('lists every blockchain with family, network, labels (testnet prefix) and native coin', async () => {
    const res = await reader.request('GET', '/api/v1/organizations/supports/supported-blockchains');
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as { blockchain: string; label: string; labelKo: string; runtime: string }[];
    expect(items.find((i) => i.blockchain === 'ETHEREUM')).toMatchObject({
      family: 'evm',
      network: 'mainnet',
      label: 'Ethereum',
      nativeToken: { tokenId: 'ETHEREUM.ETH', decimals: 18, type: 'NATIVE', contractAddress: null },
    });
    const sepolia = items.find((i) => i.blockchain === 'SEPOLIA')!;
    expect(sepolia).toMatchObject({ network: 'testnet' });
    expect(sepolia.label).toMatch(/Sepolia$/);
    expect(sepolia.label).not.toBe('Sepolia');
    expect(sepolia.labelKo).not.toBe(sepolia.label);
    // Outside production and without CHAIN_RPC_* every network runs on the local devnet.
    expect(new Set(items.map((i) => i.runtime))).toEqual(new Set(['devnet']));
  });

  it('in production a network runs on its configured node, and one without a node is unavailable, never faked', async () => {
    const prod = await createTestApp({
      APP_ENV: 'production',
      AUTH_RATE_LIMIT_FACTOR: '1',
      SESSION_SECRET: 'p'.repeat(40),
      MASTER_KEY: '5a'.repeat(32),
      APP_BASE_URL: 'https://custody.example.com',
      DATABASE_URL: 'postgres://unused.example.com/vaultline',
      SMTP_URL: 'smtp://127.0.0.1:1',
      RSA_PRIVATE_KEY: generateKeyPairSync('rsa', { modulusLength: 2048 })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString(),
      CHAIN_RPC_SEPOLIA: 'https://sepolia-node.example.com',
      CHAIN_SWEEP_MS: '0',
    });
    try {
      const db = prod.testDb.database.db;
      const member = await createMember(db, prod.config, {
        organizationId: (await createOrganization(db, 'Production Org')).id,
      });
      const res = await (await signIn(prod, member)).request(
        'GET',
        '/api/v1/organizations/supports/supported-blockchains',
      );
      expect(res.statusCode, res.body).toBe(200);
      const runtime = Object.fromEntries(
        (res.json().items as { blockchain: string; runtime: string }[]).map((i) => [i.blockchain, i.runtime]),
      );
      expect(runtime).toMatchObject({ SEPOLIA: 'rpc', ETHEREUM: 'unavailable', BITCOIN: 'unavailable' });
      expect(Object.values(runtime).filter((r) => r !== 'unavailable')).toEqual(['rpc']);
    } finally {
      await prod.close();
    }
  });

  it('lists the catalogue, optionally of one blockchain; an unknown blockchain is a 4000', async () => {
    const all = (await reader.request('GET', '/api/v1/organizations/supports/tokens')).json().items;
    expect(all.length).toBeGreaterThan(20);
    const eth = (await reader.request('GET', '/api/v1/organizations/supports/tokens?blockchain=ETHEREUM')).json();
    expect(eth.items[0].tokenId).toBe('ETHEREUM.ETH');
    expect(eth.items.map((i: { tokenId: string }) => i.tokenId)).toContain('ETHEREUM.USDT');
    expect(eth.items.every((i: { blockchain: string }) => i.blockchain === 'ETHEREUM')).toBe(true);
    const bad = await reader.request('GET', '/api/v1/organizations/supports/tokens?blockchain=NOPE');
    expect(bad.json().code).toBe('4000');
  });

  it('answers 401 to a guest', async () => {
    const guest = new TestBrowser(t.app);
    expect((await guest.request('GET', '/api/v1/organizations/supports/tokens')).statusCode).toBe(401);
    expect((await guest.post(LIST, {})).statusCode).toBe(401);
  });
});

describe('organization tokens', () => {
  it('adds catalogue tokens, refuses duplicates and native coins with 4033, unknown ids with 4000', async () => {
    const added = await creator.post(ADD, { tokenId: 'ETHEREUM.USDT' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({
      tokenId: 'ETHEREUM.USDT',
      symbol: 'USDT',
      decimals: 6,
      contractAddress: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
      addedBy: { userName: 'Test Member' },
    });
    expect((await owner.post(ADD, { tokenId: 'ETHEREUM.USDT' })).json()).toMatchObject({ code: '4033' });
    const native = await owner.post(ADD, { tokenId: 'ETHEREUM.ETH' });
    expect(native.statusCode).toBe(409);
    expect(native.json().code).toBe('4033');
    const unknown = await owner.post(ADD, { tokenId: 'ETHEREUM.NOPE' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: '4000', data: { reason: 'unknown-token' } });
    expect((await owner.post(ADD, { tokenId: 'not a token' })).json().code).toBe('4000');
    expect((await owner.post(ADD, {})).json().code).toBe('4000');
  });

  it('lists with paging, sort, blockchain and search filters; gets one', async () => {
    for (const tokenId of ['POLYGON.USDC', 'ETHEREUM.DAI', 'SOLANA.USDC']) {
      expect((await owner.post(ADD, { tokenId })).statusCode).toBe(200);
    }
    const list = (await reader.post(LIST, {})).json();
    expect(list.total).toBe(4);
    expect(list.items[0].tokenId).toBe('SOLANA.USDC'); // newest first
    const bySymbol = (await reader.post(LIST, { sort: [{ field: 'symbol', direction: 'ASC' }], size: 2 })).json();
    expect(bySymbol.items.map((i: { symbol: string }) => i.symbol)).toEqual(['DAI', 'USDC']);
    expect(bySymbol).toMatchObject({ page: 1, size: 2, total: 4 });
    const page2 = (await reader.post(LIST, { sort: [{ field: 'symbol', direction: 'ASC' }], size: 2, page: 2 })).json();
    expect(page2.items.map((i: { symbol: string }) => i.symbol)).toEqual(['USDC', 'USDT']);
    const eth = (await reader.post(LIST, { filters: { blockchain: ['ETHEREUM'] } })).json();
    expect(eth.items.map((i: { tokenId: string }) => i.tokenId).sort()).toEqual(['ETHEREUM.DAI', 'ETHEREUM.USDT']);
    const search = (await reader.post(LIST, { filters: { search: 'usd coin' } })).json();
    expect(search.items.map((i: { tokenId: string }) => i.tokenId).sort()).toEqual(['POLYGON.USDC', 'SOLANA.USDC']);
    const byName = (await reader.post(LIST, { filters: { search: 'dai' } })).json();
    expect(byName.total).toBe(1);
    const got = await reader.request('GET', one(byName.items[0].id));
    expect(got.json()).toMatchObject({ tokenId: 'ETHEREUM.DAI', id: byName.items[0].id });
    expect((await reader.post(LIST, { filters: { nope: 1 } })).json().code).toBe('4000');
  });

  it('needs WALLETS_CREATION to add or remove (403) and hides tokens across organizations (404)', async () => {
    expect((await reader.post(ADD, { tokenId: 'BSC.USDT' })).json()).toMatchObject({ code: '403' });
    const first = (await reader.post(LIST, {})).json().items[0];
    expect((await reader.request('DELETE', REMOVE, { organizationTokenId: first.id })).statusCode).toBe(403);
    expect((await outsider.request('GET', one(first.id))).statusCode).toBe(404);
    expect((await outsider.request('DELETE', REMOVE, { organizationTokenId: first.id })).statusCode).toBe(404);
    expect((await outsider.post(LIST, {})).json().total).toBe(0);
    expect((await reader.request('GET', one('00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404);
    expect((await reader.request('GET', one('not-a-uuid'))).json().code).toBe('4000');
  });

  it('removes a token; it can be added again afterwards', async () => {
    const usdt = (await reader.post(LIST, { filters: { search: 'usdt' } })).json().items[0];
    const removed = await creator.request('DELETE', REMOVE, { organizationTokenId: usdt.id });
    expect(removed.json()).toEqual({ ok: true });
    expect((await reader.request('GET', one(usdt.id))).statusCode).toBe(404);
    expect((await creator.request('DELETE', REMOVE, { organizationTokenId: usdt.id })).statusCode).toBe(404);
    expect((await creator.post(ADD, { tokenId: 'ETHEREUM.USDT' })).statusCode).toBe(200);
  });
});
