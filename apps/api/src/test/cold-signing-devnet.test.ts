import { solanaAddressFromPublicKey } from '@vaultline/chains';
import { SIGN_REQUEST_TYPES, signColdRequest, toQrParts } from '@vaultline/chains/cold';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBrowser } from './browser.js';
import { type ColdDevnetScene, coldDevnetScene } from './cold-devnet-scene.js';
import { get, importColdWallet, messageOf, QUEUE, untilSigning, withdrawToNewEntry } from './cold-signing-scene.js';
import { transfers } from './withdrawal-lifecycle-scene.js';

const COLD_SEED = new Uint8Array(64).map((_, i) => (i * 29 + 3) % 256);
const RECEIVER = solanaAddressFromPublicKey(new Uint8Array(32).fill(9));

let t: ColdDevnetScene['t'];
let s: ColdDevnetScene['s'];
let operators: ColdDevnetScene['operators'];
let sweeper: ColdDevnetScene['sweeper'];
let mine: ColdDevnetScene['mine'];
let settled: ColdDevnetScene['settled'];

beforeAll(async () => {
  ({ t, s, operators, sweeper, mine, settled } = await coldDevnetScene('Cold Devnet'));
});
afterAll(async () => {
  await t?.close();
});

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
    // On the devnet's blockhashes: the queue says by which block the signature must land.
    expect(shown.json()).toMatchObject({
      requestType: 'sol-sign-request',
      toAddress: RECEIVER,
      validUntilHeight: String(row.validUntilHeight),
      expiresAt: null,
    });
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

    const request = await settled(id);
    expect(request).toMatchObject({ status: 'COMPLETE' });
    const [transfer] = await transfers(t, id);
    expect(transfer).toMatchObject({ status: 'CONFIRMED', hash: accepted.json().hash });
  });
});
