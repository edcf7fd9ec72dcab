// A cold Solana withdrawal on the embedded devnet, through the API: the engine builds the transfer and stops at
// SIGNING; the wallet requires two signing operators, so the signature is taken only after another signing operator
// confirmed the transaction; the sign request is a sol-sign-request; the air-gapped signer's sol-signature is
// verified over the stored message and the wallet's key; the devnet includes it and the request completes.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { solanaAddressFromPublicKey } from '@vaultline/chains';
import { SIGN_REQUEST_TYPES, signColdRequest, toQrParts } from '@vaultline/chains/cold';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app.js';
import { type ApprovalScene, approvalScene } from './approval-scene.js';
import type { TestBrowser } from './browser.js';
import {
  coldOperators,
  get,
  importColdWallet,
  messageOf,
  QUEUE,
  testSweeper,
  untilSigning,
  withdrawToNewEntry,
} from './cold-signing-scene.js';
import { type chainSweeper, type DevnetEngine, devnetEngine } from './devnet.js';
import { requestRow, transfers, until } from './withdrawal-lifecycle-scene.js';

const COLD_SEED = new Uint8Array(64).map((_, i) => (i * 29 + 3) % 256);
const RECEIVER = solanaAddressFromPublicKey(new Uint8Array(32).fill(9));

let t: TestApp;
let s: ApprovalScene;
let operators: Awaited<ReturnType<typeof coldOperators>>;
let devnet: DevnetEngine;
let sweeper: ReturnType<typeof chainSweeper>;

beforeAll(async () => {
  t = await createTestApp({
    AUTH_RATE_LIMIT_FACTOR: '20',
    DEVNET_BLOCK_MS: '0',
    CHAIN_SWEEP_MS: '0',
    DEVNET_CONFIRMATIONS: '1',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'vaultline-cold-devnet-')),
  });
  s = await approvalScene(t, 'Cold Devnet', { blockchain: 'SOLANA_DEVNET', walletName: 'Cold Devnet Hot' });
  operators = await coldOperators(t);
  devnet = devnetEngine({ db: t.testDb.database.db, config: t.config, log: t.app.log, now: t.clock.now });
  sweeper = testSweeper(t);
});
afterAll(async () => {
  await t?.close();
});

async function mine(rounds: number) {
  for (let i = 0; i < rounds; i++) {
    await devnet.produceBlocks();
    await devnet.watch();
  }
}

describe('a cold Solana withdrawal on the devnet', () => {
  it('waits for the air-gapped signature, then is included and settles', async () => {
    const cold = await importColdWallet(t, operators, s.orgId, COLD_SEED, 'SOLANA_DEVNET', 'Cold Solana', 2);
    const funder: TestBrowser = operators.maker;
    const sent = await funder.post('/api/v1/operations/devnet/deposits', {
      blockchain: 'SOLANA_DEVNET',
      toAddress: cold.address,
      amount: '5',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await mine(3);
    const id = await withdrawToNewEntry(s.owner, {
      family: 'sol',
      walletId: cold.id,
      tokenId: 'SOLANA_DEVNET.SOL',
      address: RECEIVER,
      amount: '1.5',
      entryName: 'Devnet Solana destination',
    });
    const row = await untilSigning(t, sweeper, id);
    expect(row).toMatchObject({ status: 'BUILT', raw: null });

    const shown = await get(operators.signer, `${QUEUE}/${row.id}`);
    expect(shown.json()).toMatchObject({ requestType: 'sol-sign-request', toAddress: RECEIVER });
    expect(shown.json()).toMatchObject({ signersRequired: 2, confirmedBy: [], confirmedByMe: false });
    const { answer } = signColdRequest(COLD_SEED, messageOf(shown.json().parts, SIGN_REQUEST_TYPES.sol));
    const url = `${QUEUE}/${row.id}/signature`;
    // Four eyes: no signature before another signing operator confirmed, and one's own confirmation is not another's.
    expect((await operators.signer.post(url, { parts: toQrParts(answer) })).json().code).toBe('4115');
    expect((await operators.signer.post(`${QUEUE}/${row.id}/confirm`, {})).statusCode).toBe(200);
    expect((await operators.signer.post(url, { parts: toQrParts(answer) })).json().code).toBe('4115');
    expect((await operators.checker.post(`${QUEUE}/${row.id}/confirm`, {})).statusCode).toBe(403);
    const confirmed = await operators.secondSigner.post(`${QUEUE}/${row.id}/confirm`, {});
    expect(confirmed.json().confirmedBy).toHaveLength(2);
    const accepted = await operators.signer.post(`${QUEUE}/${row.id}/signature`, { parts: toQrParts(answer) });
    expect(accepted.json(), accepted.body).toMatchObject({ status: 'SIGNED' });

    const request = await until(
      async () => {
        await sweeper.tick();
        await mine(1);
        const r = await requestRow(t, id);
        return r.status !== 'EXECUTING' && r;
      },
      'the cold Solana withdrawal to complete',
      60_000,
    );
    expect(request).toMatchObject({ status: 'COMPLETE' });
    const [settled] = await transfers(t, id);
    expect(settled).toMatchObject({ status: 'CONFIRMED', hash: accepted.json().hash });
  });
});
