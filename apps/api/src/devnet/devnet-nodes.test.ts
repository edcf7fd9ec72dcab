import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildEvmTransfer, deriveAccount, mnemonicToSeed } from '@vaultline/chains';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devnetAccounts, organizationSeeds, wallets } from '../db/schema/index.js';
import type { EosChainNode, EvmChainNode } from '../engine/transactions/chain-node.js';
import { createSigner } from '../engine/transactions/signer.js';
import { SEED_CONTEXT } from '../engine/wallet-creation.js';
import { decryptAtRest } from '../security/at-rest.js';
import { createTestApp, type TestApp } from '../test/app.js';
import type { TestBrowser } from '../test/browser.js';
import { type DevnetEngine, devnetEngine } from '../test/devnet.js';
import { createMember, createOrganization, grant, signIn } from '../test/fixtures.js';
import { type CreatedWallet, createWallet } from '../test/wallet-fixtures.js';
import { devnetChainNode } from './devnet-nodes.js';
import { dbLedgerStore } from './ledger-store.js';

const ETH = 10n ** 18n;
let t: TestApp;
let operator: TestBrowser;
let organizationId: string;
let sepolia: CreatedWallet;
let bizauto: CreatedWallet;
let engine: DevnetEngine;
const dataDir = mkdtempSync(join(tmpdir(), 'vaultline-devnet-nodes-'));
const db = () => t.testDb.database.db;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_FACTOR: '20', DEVNET_BLOCK_MS: '0', DATA_DIR: dataDir });
  const org = await createOrganization(db());
  organizationId = org.id;
  const ownerMember = await createMember(db(), t.config, { organizationId });
  await grant(db(), ownerMember.id, ['OWNER']);
  const owner = await signIn(t, ownerMember);
  sepolia = await createWallet(owner, organizationId, 'SEPOLIA', 'Signed');
  bizauto = await createWallet(owner, organizationId, 'BIZAUTO', 'Registered');
  operator = await signIn(t, await createMember(db(), t.config, { kind: 'OPERATOR', operatorRole: 'ADMINISTRATOR' }));
  engine = devnetEngine({ db: db(), config: t.config, log: t.app.log, now: t.clock.now });
});
afterAll(async () => {
  await t?.close();
});

async function blocks(n: number) {
  for (let i = 0; i < n; i++) await engine.produceBlocks();
}

describe('the devnet behind the executor node interfaces', () => {
  it('mines a transfer signed with the organization key, charging amount + fee, and refuses an overspend', async () => {
    const deposit = await operator.post('/api/v1/operations/devnet/deposits', {
      blockchain: 'SEPOLIA',
      toAddress: sepolia.address,
      amount: '1',
    });
    expect(deposit.statusCode).toBe(200);
    await blocks(1);
    const node = devnetChainNode(db(), 'SEPOLIA', t.clock.now) as EvmChainNode;
    expect(await node.status(deposit.json().hash)).toMatchObject({ state: 'confirmed', confirmations: 1 });

    const signer = createSigner({ db: db(), masterKey: t.config.masterKey });
    const to = '0x52908400098527886E0F7030069857D2E4169EE7';
    const sign = async (amount: bigint) => {
      const nonce = await node.nextSequence(sepolia.address);
      const unsigned = buildEvmTransfer({
        blockchain: 'SEPOLIA',
        chainId: await node.chainId(),
        fromAddress: sepolia.address,
        toAddress: to,
        token: { kind: 'native' },
        amount,
        nonce,
        gasLimit: await node.estimateGas({ from: sepolia.address, to }),
        ...(await node.suggestFees()),
      });
      return signer.sign({
        organizationId,
        blockchain: 'SEPOLIA',
        fromAddress: sepolia.address,
        payload: unsigned.payload,
        fee: unsigned.fee,
        sequence: nonce,
      });
    };
    const signed = await sign(ETH / 4n);
    expect(await node.broadcast(signed.raw, signed.hash)).toEqual({ kind: 'accepted' });
    expect(await node.broadcast(signed.raw, signed.hash)).toEqual({ kind: 'known' });
    expect(await node.status(signed.hash)).toEqual({ state: 'pending' });
    expect(await node.nextSequence(sepolia.address)).toBe(1);
    await blocks(3);
    expect(await node.status(signed.hash)).toMatchObject({ state: 'confirmed', confirmations: 3 });

    const fees = await node.suggestFees();
    const charged = 21_000n * fees.maxPriorityFeePerGas * 2n; // base fee (1 gwei) + tip (1 gwei)
    const flows = await dbLedgerStore(db(), { now: t.clock.now }).view('SEPOLIA').flows(sepolia.address, 'SEPOLIA.ETH');
    expect(flows).toEqual({ received: ETH, sent: ETH / 4n, fees: charged });

    const overspend = await sign(ETH - ETH / 4n);
    expect(await node.broadcast(overspend.raw, overspend.hash)).toMatchObject({
      kind: 'refused',
      reason: 'INSUFFICIENT_FUNDS',
    });
    expect(await node.status(overspend.hash)).toEqual({ state: 'unknown' });
  });

  it('registers an EOS-type wallet account with its derived key, and answers TAPOS with devnet block ids', async () => {
    const [account] = await db().select().from(devnetAccounts).where(eq(devnetAccounts.account, bizauto.address));
    const [row] = await db().select().from(wallets).where(eq(wallets.id, bizauto.id));
    const [seedRow] = await db()
      .select()
      .from(organizationSeeds)
      .where(eq(organizationSeeds.organizationId, organizationId));
    // The key the signer will use: the organization's seed at the wallet's account index.
    const seed = mnemonicToSeed(decryptAtRest(seedRow!.mnemonicEnc, t.config.masterKey, SEED_CONTEXT));
    const derived = deriveAccount({ seed, blockchain: 'BIZAUTO', accountIndex: row!.accountIndex });
    expect(account).toMatchObject({ blockchain: 'BIZAUTO', publicKey: derived.publicKey });
    const deposit = await operator.post('/api/v1/operations/devnet/deposits', {
      blockchain: 'BIZAUTO',
      toAddress: bizauto.address,
      amount: '12.5',
    });
    expect(deposit.json()).toMatchObject({ tokenId: 'BIZAUTO.BIZA', amount: '125000' });
    await blocks(1);
    const node = devnetChainNode(db(), 'BIZAUTO', t.clock.now) as EosChainNode;
    const reference = await node.referenceBlock();
    expect(reference.blockId.slice(0, 8)).toBe(reference.blockNum.toString(16).padStart(8, '0'));
    expect(await node.status(deposit.json().hash)).toMatchObject({ state: 'confirmed' });
  });
});
