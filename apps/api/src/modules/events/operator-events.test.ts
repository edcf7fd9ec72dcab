// The signing operators' live stream: `event: signing` when a cold wallet's transfer comes to wait for its signature
// and when it leaves the queue, to operators who may sign only; members' streams never carry it.
import { solanaAddressFromPublicKey } from '@vaultline/chains';
import { SIGN_REQUEST_TYPES, signColdRequest, toQrParts } from '@vaultline/chains/cold';
import { EVENTS_PATH, OPERATOR_EVENTS_PATH } from '@vaultline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ColdDevnetScene, coldDevnetScene } from '../../test/cold-devnet-scene.js';
import {
  get,
  importColdWallet,
  messageOf,
  QUEUE,
  untilSigning,
  withdrawToNewEntry,
} from '../../test/cold-signing-scene.js';
import { Stream } from '../../test/event-stream-client.js';

const COLD_SEED = new Uint8Array(64).map((_, i) => (i * 37 + 11) % 256);

let scene: ColdDevnetScene;
let base: string;

beforeAll(async () => {
  scene = await coldDevnetScene('Signing Events');
  base = await scene.t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await scene?.t.close();
});

describe("the signing operators' live stream", () => {
  it('is theirs alone: 401 without a session, 403 for members and operators who may not sign', async () => {
    expect((await fetch(`${base}${OPERATOR_EVENTS_PATH}`)).status).toBe(401);
    expect((await Stream.open(base, OPERATOR_EVENTS_PATH, scene.s.owner)).status).toBe(403);
    const checker = await Stream.open(base, OPERATOR_EVENTS_PATH, scene.operators.checker);
    expect(checker.status).toBe(403);
    expect(checker.text).toContain('"code":"403"');
  });

  it('tells signing operators when a cold transfer comes to wait for its signature, and when it leaves', async () => {
    const { t, s, operators } = scene;
    const cold = await importColdWallet(t, operators, s.orgId, COLD_SEED, 'SOLANA_DEVNET', 'Cold Events');
    const sent = await operators.maker.post('/api/v1/operations/devnet/deposits', {
      blockchain: 'SOLANA_DEVNET',
      toAddress: cold.address,
      amount: '5',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await scene.mine(3);

    const signer = await Stream.open(base, OPERATOR_EVENTS_PATH, operators.signer);
    const member = await Stream.open(base, EVENTS_PATH, s.owner);
    expect([signer.status, member.status]).toEqual([200, 200]);
    expect(await signer.waitFor(/retry: 5000/)).toBe(true);
    const id = await withdrawToNewEntry(s.owner, {
      family: 'sol',
      walletId: cold.id,
      tokenId: 'SOLANA_DEVNET.SOL',
      address: solanaAddressFromPublicKey(new Uint8Array(32).fill(5)),
      amount: '1',
      entryName: 'Events destination',
    });
    const row = await untilSigning(t, scene.sweeper, id);
    expect(await signer.waitFor(/event: signing\ndata: \{"kind":"signing"\}/)).toBe(true);

    signer.text = '';
    const shown = await get(operators.signer, `${QUEUE}/${row.id}`);
    const { answer } = signColdRequest(COLD_SEED, messageOf(shown.json().parts, SIGN_REQUEST_TYPES.sol));
    const accepted = await operators.signer.post(`${QUEUE}/${row.id}/signature`, { parts: toQrParts(answer) });
    expect(accepted.json(), accepted.body).toMatchObject({ status: 'SIGNED' });
    expect(await signer.waitFor(/event: signing/)).toBe(true);
    // The member heard of the request, never of the provider's queue.
    expect(await member.waitFor(/event: request/)).toBe(true);
    expect(member.text).not.toContain('event: signing');
    signer.close();
    member.close();
  });
});
