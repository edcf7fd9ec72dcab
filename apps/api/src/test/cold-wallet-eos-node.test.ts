// A cold EOS-type wallet on a network with a real node (CHAIN_RPC_BIZAUTO): the account is not registered by the
// approval, it must already be the cold key's alone, which the node's get_account tells. The node here is the
// devnet behind the nodeos chain API on a database of its own, as a real node would be a process of its own.
import { coldAccountUr, readColdAccount, toQrParts } from '@vaultline/chains/cold';
import { PublicKey } from '@wharfkit/antelope';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devnetAccounts, operatorWorkflows, wallets } from '../db/schema/index.js';
import { registerDevnetAccount } from '../devnet/ledger-store.js';
import { type NodeosApiServer, startNodeosApiServer } from '../devnet/nodeos-api-server.js';
import { keyAloneControls } from '../engine/chains/eos-account-authority.js';
import { createTestApp, type TestApp } from './app.js';
import { approvalScene } from './approval-scene.js';
import { coldOperators, OPS } from './cold-signing-scene.js';
import { createTestDatabase, type TestDatabase } from './database.js';
import { db } from './withdrawal-lifecycle-scene.js';

const COLD_SEED = new Uint8Array(64).map((_, i) => (i * 17 + 3) % 256);
const OTHER_SEED = new Uint8Array(64).map((_, i) => (i * 13 + 5) % 256);
const coldKey = readColdAccount(coldAccountUr(COLD_SEED, 'BIZAUTO', 0), 'BIZAUTO').address;
const otherKey = readColdAccount(coldAccountUr(OTHER_SEED, 'BIZAUTO', 0), 'BIZAUTO').address;

let node: TestDatabase;
let server: NodeosApiServer;
let t: TestApp;
let organizationId: string;
let operators: Awaited<ReturnType<typeof coldOperators>>;

beforeAll(async () => {
  node = await createTestDatabase();
  server = await startNodeosApiServer({ db: node.database.db, blockchain: 'BIZAUTO', now: () => new Date() });
  t = await createTestApp({ AUTH_RATE_LIMIT_FACTOR: '20', CHAIN_RPC_BIZAUTO: server.url });
  organizationId = (await approvalScene(t, 'Cold EOS node', { blockchain: 'SOLANA_DEVNET', walletName: 'Hot' })).orgId;
  operators = await coldOperators(t);
  await registerDevnetAccount(node.database.db, 'BIZAUTO', 'coldowned111', coldKey);
  await registerDevnetAccount(node.database.db, 'BIZAUTO', 'otherowned11', otherKey);
  await registerDevnetAccount(node.database.db, 'BIZAUTO', 'rekeyed11111', coldKey);
});
afterAll(async () => {
  await t?.close();
  await server?.close();
  await node?.dispose();
});

const propose = (accountName: string, walletName = `Cold ${accountName}`) =>
  operators.maker.post(`${OPS}/cold-wallet-import-workflow/create`, {
    organizationId,
    walletName,
    blockchain: 'BIZAUTO',
    accountName,
    accountParts: toQrParts(coldAccountUr(COLD_SEED, 'BIZAUTO', 0)),
  });
const approve = async (id: string) =>
  operators.checker.post(`${OPS}/cold-wallet-import-workflow/${id}/approve`, {
    otpCode: await operators.checker.otp(),
  });

describe('a cold EOS-type wallet on a network with a real node', () => {
  it('is proposed only for an account the node says the cold key alone controls (4000 otherwise)', async () => {
    expect((await propose('nosuchacct11')).json()).toMatchObject({ code: '4000', data: { reason: 'account-unknown' } });
    const other = await propose('otherowned11');
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ code: '4000', data: { reason: 'account-not-controlled' } });
    // Nothing was proposed for the approvers.
    const proposed = await db(t)
      .select()
      .from(operatorWorkflows)
      .where(eq(operatorWorkflows.organizationId, organizationId));
    expect(proposed).toEqual([]);
  });

  it('is made on approval without touching the node, and refused at approval when the keys changed meanwhile', async () => {
    const owned = await propose('coldowned111');
    expect(owned.statusCode, owned.body).toBe(200);
    const approved = await approve(owned.json().id);
    expect(approved.json().status, approved.body).toBe('APPROVED');
    const [wallet] = await db(t).select().from(wallets).where(eq(wallets.address, 'coldowned111'));
    expect(wallet).toMatchObject({ custody: 'COLD', blockchain: 'BIZAUTO', publicKey: coldKey });
    // Nothing registered on the app's own ledger: the account lives on the node.
    expect(await db(t).select().from(devnetAccounts).where(eq(devnetAccounts.account, 'coldowned111'))).toEqual([]);

    const rekeyed = await propose('rekeyed11111');
    expect(rekeyed.statusCode, rekeyed.body).toBe(200);
    // Someone holding the account's owner key hands it to another key (updateauth) before the approval.
    await registerDevnetAccount(node.database.db, 'BIZAUTO', 'rekeyed11111', otherKey);
    const refused = await approve(rekeyed.json().id);
    expect(refused.json()).toMatchObject({ code: '4000', data: { reason: 'account-not-controlled' } });
    const [none] = await db(t).select().from(wallets).where(eq(wallets.address, 'rekeyed11111'));
    expect(none).toBeUndefined();
  });

  it('answers 503 while the node is down, and makes nothing', async () => {
    const down = await createTestApp({ AUTH_RATE_LIMIT_FACTOR: '20', CHAIN_RPC_BIZAUTO: 'http://127.0.0.1:9/' });
    try {
      const org = (await approvalScene(down, 'Cold EOS down', { blockchain: 'SOLANA_DEVNET', walletName: 'Hot' }))
        .orgId;
      const people = await coldOperators(down);
      const res = await people.maker.post(`${OPS}/cold-wallet-import-workflow/create`, {
        organizationId: org,
        walletName: 'Cold while down',
        blockchain: 'BIZAUTO',
        accountName: 'coldowned111',
        accountParts: toQrParts(coldAccountUr(COLD_SEED, 'BIZAUTO', 0)),
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: '503', data: { reason: 'node-unavailable' } });
    } finally {
      await down.close();
    }
  });
});

describe('keyAloneControls', () => {
  const key = PublicKey.from(coldKey);
  const other = otherKey;
  const permission = (keys: [string, number][], threshold = 1, accounts = 0) => ({
    name: 'active',
    parent: 'owner',
    threshold,
    keys: keys.map(([k, weight]) => ({ key: k, weight })),
    accounts,
    waits: 0,
  });

  it('holds only when the key alone reaches the threshold and nobody else is named', () => {
    expect(keyAloneControls(permission([[coldKey, 1]]), key)).toBe(true);
    // The same key in its newer text form.
    expect(keyAloneControls(permission([[key.toString(), 2]], 2), key)).toBe(true);
    expect(keyAloneControls(permission([[coldKey, 1]], 2), key)).toBe(false);
    expect(
      keyAloneControls(
        permission([
          [coldKey, 1],
          [other, 1],
        ]),
        key,
      ),
    ).toBe(false);
    expect(keyAloneControls(permission([[coldKey, 1]], 1, 1), key)).toBe(false);
    expect(keyAloneControls(permission([]), key)).toBe(false);
    expect(keyAloneControls(permission([[coldKey, 1]], 0), key)).toBe(false);
    expect(keyAloneControls(undefined, key)).toBe(false);
  });
});
