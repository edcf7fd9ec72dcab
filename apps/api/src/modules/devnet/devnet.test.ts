import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { faucetAddress } from '@vaultline/chains';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetActivities, walletBalances } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { TestBrowser } from '../../test/browser.js';
import { type DevnetEngine, devnetEngine, watcherRepository } from '../../test/devnet.js';
import { createMember, createOrganization, grant, signIn } from '../../test/fixtures.js';
import { type CreatedWallet, createWallet } from '../../test/wallet-fixtures.js';
import { DEVNET_CLI_PATH, DEVNET_TOKEN_HEADER } from './devnet.routes.js';
import { devnetToken } from './devnet-token.js';

const DEPOSITS = '/api/v1/operations/devnet/deposits';
let t: TestApp;
let operator: TestBrowser;
let owner: TestBrowser;
let sepolia: CreatedWallet;
let engine: DevnetEngine;
const dataDir = mkdtempSync(join(tmpdir(), 'vaultline-devnet-'));

beforeAll(async () => {
  // No timer: the test drives blocks and watcher passes itself.
  t = await createTestApp({ AUTH_RATE_LIMIT_FACTOR: '20', DEVNET_BLOCK_MS: '0', DATA_DIR: dataDir });
  const db = t.testDb.database.db;
  const org = await createOrganization(db);
  const ownerMember = await createMember(db, t.config, { organizationId: org.id });
  await grant(db, ownerMember.id, ['OWNER']);
  owner = await signIn(t, ownerMember);
  sepolia = await createWallet(owner, org.id, 'SEPOLIA', 'Treasury');
  operator = await signIn(t, await createMember(db, t.config, { kind: 'OPERATOR', operatorRole: 'ADMINISTRATOR' }));
  engine = devnetEngine({ db, config: t.config, log: t.app.log, now: t.clock.now });
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.testDb.database.db;
async function activity(txHash: string) {
  const [row] = await db().select().from(assetActivities).where(eq(assetActivities.txHash, txHash));
  return row;
}
async function balance(walletId: string, tokenId: string) {
  const [row] = await db()
    .select()
    .from(walletBalances)
    .where(and(eq(walletBalances.walletId, walletId), eq(walletBalances.tokenId, tokenId)));
  return row?.total ?? '0';
}
async function blocks(n: number) {
  for (let i = 0; i < n; i++) await engine.produceBlocks();
}

describe('devnet deposits', () => {
  it('goes PENDING from the mempool, counts confirmations, then CONFIRMED and credited exactly once', async () => {
    const res = await operator.post(DEPOSITS, {
      blockchain: 'SEPOLIA',
      toAddress: sepolia.address.toLowerCase(),
      amount: '1.5',
    });
    expect(res.statusCode).toBe(200);
    const tx = res.json();
    expect(tx).toMatchObject({
      blockchain: 'SEPOLIA',
      tokenId: 'SEPOLIA.ETH',
      toAddress: sepolia.address,
      fromAddress: faucetAddress('SEPOLIA'),
      amount: '1500000000000000000',
      blockHeight: null,
      willFail: false,
    });
    expect(tx.hash).toMatch(/^0x[0-9a-f]{64}$/);

    await engine.watch();
    expect(await activity(tx.hash)).toMatchObject({
      status: 'PENDING',
      confirmations: 0,
      blockHeight: null,
      activityType: 'DEPOSIT',
      walletId: sepolia.id,
      requiredConfirmations: 3,
    });
    await blocks(1);
    await engine.watch();
    const mined = await activity(tx.hash);
    expect(mined).toMatchObject({ status: 'PENDING', confirmations: 1 });
    await blocks(2);
    // Two watchers at once and a repeated pass: the balance moves once.
    const other = devnetEngine({ db: db(), config: t.config, log: t.app.log, now: t.clock.now });
    await Promise.all([engine.watch(), other.watch(), engine.watch()]);
    await engine.watch();
    expect(await activity(tx.hash)).toMatchObject({ status: 'CONFIRMED', confirmations: 3 });
    expect((await activity(tx.hash))?.confirmedAt).toBeInstanceOf(Date);
    expect(await balance(sepolia.id, 'SEPOLIA.ETH')).toBe('1500000000000000000');
    const rows = await db().select().from(assetActivities).where(eq(assetActivities.txHash, tx.hash));
    expect(rows).toHaveLength(1);
  });

  it('confirms a deposit once when two confirmations race', async () => {
    const tx = (
      await operator.post(DEPOSITS, { blockchain: 'SEPOLIA', toAddress: sepolia.address, amount: '2', token: 'usdc' })
    ).json();
    expect(tx.tokenId).toBe('SEPOLIA.USDC');
    await blocks(1);
    await engine.watch();
    const row = (await activity(tx.hash))!;
    const repo = watcherRepository(db());
    const results = await Promise.all([repo.confirm(row.id, 3, t.clock.now()), repo.confirm(row.id, 3, t.clock.now())]);
    expect(results.filter(Boolean)).toHaveLength(1);
    await blocks(3);
    await engine.watch();
    expect(await balance(sepolia.id, 'SEPOLIA.USDC')).toBe('2000000');
  });

  it('a failed transaction ends FAILED and leaves the balance alone', async () => {
    const before = await balance(sepolia.id, 'SEPOLIA.ETH');
    const tx = (
      await operator.post(DEPOSITS, { blockchain: 'SEPOLIA', toAddress: sepolia.address, amount: '5', fail: true })
    ).json();
    expect(tx.willFail).toBe(true);
    await engine.watch();
    expect((await activity(tx.hash))?.status).toBe('PENDING');
    await blocks(4);
    await engine.watch();
    await engine.watch();
    expect(await activity(tx.hash)).toMatchObject({ status: 'FAILED' });
    expect(await balance(sepolia.id, 'SEPOLIA.ETH')).toBe(before);
  });

  it('a deposit mined before the watcher saw it is still recorded (FAILED straight from its block)', async () => {
    const tx = (
      await operator.post(DEPOSITS, { blockchain: 'SEPOLIA', toAddress: sepolia.address, amount: '1', fail: true })
    ).json();
    await blocks(1);
    await engine.watch();
    expect(await activity(tx.hash)).toMatchObject({ status: 'FAILED', blockHeight: expect.any(Number) });
  });

  it('a transfer to an address no wallet holds makes no activity', async () => {
    const stranger = '0x52908400098527886E0F7030069857D2E4169EE7';
    const tx = (await operator.post(DEPOSITS, { blockchain: 'SEPOLIA', toAddress: stranger, amount: '1' })).json();
    await engine.watch();
    await blocks(3);
    await engine.watch();
    expect(await activity(tx.hash)).toBeUndefined();
  });

  it('refuses bad input with 4xx, never 500', async () => {
    const cases: [unknown, string?][] = [
      [{ blockchain: 'SEPOLIA', toAddress: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', amount: '1' }, 'toAddress'],
      [{ blockchain: 'SEPOLIA', toAddress: sepolia.address, amount: '0.0000001', token: 'USDC' }, 'amount'],
      [{ blockchain: 'SEPOLIA', toAddress: sepolia.address, amount: '1', token: 'NOPE' }, 'token'],
      [{ blockchain: 'SEPOLIA', toAddress: sepolia.address, amount: '0' }, 'amount'],
      [{ blockchain: 'SEPOLIA', toAddress: sepolia.address, amount: '9'.repeat(200) }, 'amount'],
      [{ blockchain: 'SEPOLIA', toAddress: sepolia.address, amount: '-1' }],
      [{ blockchain: 'SEPOLIA', toAddress: sepolia.address, amount: '1e5' }],
      [{ blockchain: 'NOPE', toAddress: sepolia.address, amount: '1' }],
      [{ blockchain: 'SEPOLIA', toAddress: sepolia.address, amount: 1 }],
      [{ blockchain: 'SEPOLIA', toAddress: sepolia.address, amount: '1', extra: true }],
      [{ blockchain: 'BIZAUTO', toAddress: 'UPPERCASE', amount: '1' }, 'toAddress'],
    ];
    for (const [body, field] of cases) {
      const res = await operator.post(DEPOSITS, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('4000');
      expect(res.json().data.issues[0].message).not.toMatch(/^validation\./); // translated, not a bare key
      if (field) expect(res.json().data.issues[0].path).toBe(`body.${field}`);
    }
  });

  it('is for operators only', async () => {
    const body = { blockchain: 'SEPOLIA', toAddress: sepolia.address, amount: '1' };
    expect((await owner.post(DEPOSITS, body)).statusCode).toBe(403);
    expect((await owner.request('GET', '/api/v1/operations/devnet')).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/operations/devnet' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('reports heights and the latest transactions', async () => {
    const res = await operator.request('GET', '/api/v1/operations/devnet');
    expect(res.statusCode).toBe(200);
    const status = res.json();
    expect(status).toMatchObject({ blockMs: 0, confirmations: 3 });
    expect(status.chains).toEqual([{ blockchain: 'SEPOLIA', height: expect.any(Number) }]);
    expect(status.chains[0].height).toBeGreaterThan(5);
    expect(status.transactions.length).toBeGreaterThanOrEqual(5);
  });

  it('seals one block between engines that tick at the same moment', async () => {
    const config = { ...t.config, devnetBlockMs: 2000 };
    const a = devnetEngine({ db: db(), config, log: t.app.log, now: t.clock.now });
    const b = devnetEngine({ db: db(), config, log: t.app.log, now: t.clock.now });
    t.clock.advance(5000);
    const sealed = await Promise.all([a.produceBlocks(), b.produceBlocks()]);
    expect(sealed[0] + sealed[1]).toBe(1);
  });
});

describe('the CLI route', () => {
  const cli = (body: unknown, token?: string) =>
    t.app.inject({
      method: 'POST',
      url: DEVNET_CLI_PATH,
      payload: body as object,
      headers: token === undefined ? {} : { [DEVNET_TOKEN_HEADER]: token },
    });

  it('refuses a missing or wrong token', async () => {
    const body = { toAddress: sepolia.address, amount: '1' };
    expect((await cli(body)).statusCode).toBe(403);
    expect((await cli(body, 'wrong')).statusCode).toBe(403);
    expect((await cli(body, 'x'.repeat(43))).statusCode).toBe(403);
  });

  it('with the token derived from MASTER_KEY, finds the chain from the wallet or asks for it', async () => {
    const token = devnetToken(t.config.masterKey);
    expect(token).toBeTruthy();
    const ok = await cli({ toAddress: sepolia.address.toLowerCase(), amount: '0.25' }, token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ blockchain: 'SEPOLIA', amount: '250000000000000000' });
    const unknown = await cli({ toAddress: '0x52908400098527886E0F7030069857D2E4169EE7', amount: '1' }, token);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data).toMatchObject({ reason: 'chain-required' });
    const named = await cli(
      {
        chain: undefined,
        blockchain: 'ETHEREUM',
        toAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
        amount: '1',
      },
      token,
    );
    expect(named.statusCode).toBe(200);
    expect((await cli({ toAddress: sepolia.address, amount: 'abc' }, token)).statusCode).toBe(400);
  });
});
