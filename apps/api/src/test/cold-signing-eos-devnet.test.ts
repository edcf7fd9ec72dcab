import { eosChainIdOf, eosLegacyPublicKey } from '@vaultline/chains';
import { coldAccountUr, readColdAccount, SIGN_REQUEST_TYPES, signColdRequest, toQrParts } from '@vaultline/chains/cold';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wallets } from '../db/schema/index.js';
import { EOS_COLD_EXPIRATION_MS } from '../engine/transactions/eos-planner.js';
import { type ColdDevnetScene, coldDevnetScene } from './cold-devnet-scene.js';
import {
  get,
  importColdWallet,
  messageOf,
  OPS,
  QUEUE,
  untilSigning,
  withdrawToNewEntry,
} from './cold-signing-scene.js';
import { db, transfers, until } from './withdrawal-lifecycle-scene.js';

const COLD_SEED = new Uint8Array(64).map((_, i) => (i * 31 + 7) % 256);
const ACCOUNT = 'vaultcold111';
const RECEIVER = 'receiver1111';
const SECOND_RECEIVER = 'receiver2222';
const THIRD_RECEIVER = 'receiver3333';

let t: ColdDevnetScene['t'];
let s: ColdDevnetScene['s'];
let operators: ColdDevnetScene['operators'];
let sweeper: ColdDevnetScene['sweeper'];
let mine: ColdDevnetScene['mine'];
let settled: ColdDevnetScene['settled'];

beforeAll(async () => {
  // The expiry case moves the clock an hour on; the signed-in people stay signed in.
  ({ t, s, operators, sweeper, mine, settled } = await coldDevnetScene('Cold EOS', {
    SESSION_TIMEOUT_SECONDS: '86400',
  }));
});
afterAll(async () => {
  await t?.close();
});

const propose = (body: Record<string, unknown>) =>
  operators.maker.post(`${OPS}/cold-wallet-import-workflow/create`, {
    organizationId: s.orgId,
    walletName: 'Cold EOS refused',
    accountParts: toQrParts(coldAccountUr(COLD_SEED, 'BIZAUTO', 0)),
    ...body,
  });

describe('a cold EOS-type wallet on the devnet', () => {
  it('is proposed with the account its key controls, and only EOS-type proposals name one (4000)', async () => {
    const missing = await propose({ blockchain: 'BIZAUTO' });
    expect(missing.json()).toMatchObject({ code: '4000', data: { reason: 'account-name' } });
    const needless = await propose({
      blockchain: 'SOLANA_DEVNET',
      accountName: ACCOUNT,
      accountParts: toQrParts(coldAccountUr(COLD_SEED, 'SOLANA_DEVNET', 0)),
    });
    expect(needless.json()).toMatchObject({ code: '4000', data: { reason: 'account-name' } });
    const malformed = await propose({ blockchain: 'BIZAUTO', accountName: 'Not-An-Account' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).not.toContain('Not-An-Account');

    const shown = await propose({ blockchain: 'BIZAUTO', accountName: ACCOUNT });
    expect(shown.statusCode, shown.body).toBe(200);
    const key = readColdAccount(coldAccountUr(COLD_SEED, 'BIZAUTO', 0), 'BIZAUTO');
    // The approver compares the account and its key with the signer's own screen.
    expect(shown.json().payload).toMatchObject({ address: ACCOUNT, accountKey: key.address });
    expect(key.address).toBe(eosLegacyPublicKey(Buffer.from(key.publicKey, 'hex')));
    const cancelled = await operators.maker.post(`${OPS}/cold-wallet-import-workflow/${shown.json().id}/cancel`, {
      memo: 'Shown only',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
  });

  it('signs a withdrawal through the queue, queues the next attempt when one expired unsigned, and moves it once when its late signature races the replacement', async () => {
    const cold = await importColdWallet(t, operators, s.orgId, COLD_SEED, 'BIZAUTO', 'Cold BizAuto', 1, ACCOUNT);
    expect(cold.address).toBe(ACCOUNT);
    const [row] = await db(t).select().from(wallets).where(eq(wallets.id, cold.id));
    expect(row).toMatchObject({ custody: 'COLD', publicKey: expect.stringMatching(/^EOS/) });
    const sent = await operators.maker.post('/api/v1/operations/devnet/deposits', {
      blockchain: 'BIZAUTO',
      toAddress: ACCOUNT,
      amount: '20',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await mine(3);

    const withdraw = (amount: string, entryName: string, address = RECEIVER) =>
      withdrawToNewEntry(s.owner, {
        family: 'eosio',
        walletId: cold.id,
        tokenId: 'BIZAUTO.BIZA',
        address,
        amount,
        entryName,
      });
    const signAndSubmit = async (transactionId: string) => {
      const shown = await get(operators.signer, `${QUEUE}/${transactionId}`);
      expect(shown.json()).toMatchObject({
        requestType: 'vaultline-eos-sign-request',
        fromAddress: ACCOUNT,
        validUntilHeight: null,
        expiresAt: expect.stringMatching(/Z$/),
      });
      const { answer } = signColdRequest(COLD_SEED, messageOf(shown.json().parts, SIGN_REQUEST_TYPES.eosio));
      return {
        answer,
        submit: () => operators.signer.post(`${QUEUE}/${transactionId}/signature`, { parts: toQrParts(answer) }),
      };
    };

    const first = await withdraw('1.5', 'EOS receiver');
    const waiting = await untilSigning(t, sweeper, first);
    expect(waiting).toMatchObject({ status: 'BUILT', raw: null, chainId: eosChainIdOf('BIZAUTO') });
    expect(waiting.expiresAt!.getTime() - t.clock.now().getTime()).toBeGreaterThan(EOS_COLD_EXPIRATION_MS - 5_000);
    const accepted = await (await signAndSubmit(waiting.id)).submit();
    expect(accepted.json(), accepted.body).toMatchObject({ status: 'SIGNED' });
    expect(await settled(first)).toMatchObject({ status: 'COMPLETE' });
    expect((await transfers(t, first))[0]).toMatchObject({ status: 'CONFIRMED', hash: accepted.json().hash });

    // The second one waits past its expiration: it is dropped and built again, and the late signature is refused.
    const second = await withdraw('2', 'EOS receiver again', SECOND_RECEIVER);
    const stale = await untilSigning(t, sweeper, second);
    const late = await signAndSubmit(stale.id);
    t.clock.advance(EOS_COLD_EXPIRATION_MS + 60_000);
    const next = await until(async () => {
      await mine(1); // the node's head time passes the expiration
      await sweeper.tick();
      return (await transfers(t, second)).find((r) => r.attempt === 2 && r.status === 'BUILT');
    }, 'the next attempt of the expired transfer');
    expect((await transfers(t, second)).find((r) => r.id === stale.id)).toMatchObject({
      status: 'DROPPED',
      failureCode: '4111',
    });
    expect((await late.submit()).json()).toMatchObject({ code: '4112' });
    const queue = await get(operators.signer, QUEUE);
    expect(queue.json().items.map((item: { transactionId: string }) => item.transactionId)).toContain(next.id);
    expect(queue.json().items.map((item: { transactionId: string }) => item.transactionId)).not.toContain(stale.id);
    const resigned = await (await signAndSubmit(next.id)).submit();
    expect(resigned.json(), resigned.body).toMatchObject({ status: 'SIGNED' });
    expect(await settled(second)).toMatchObject({ status: 'COMPLETE' });

    // Race: the signature of an expired transaction arrives while the engine replaces it. Whichever wins, the
    // expired bytes never land; the next attempt is signed and the money moves exactly once.
    const third = await withdraw('3', 'EOS receiver third', THIRD_RECEIVER);
    const racing = await untilSigning(t, sweeper, third);
    const raced = await signAndSubmit(racing.id);
    t.clock.advance(EOS_COLD_EXPIRATION_MS + 60_000);
    await mine(1);
    const [answer] = await Promise.all([raced.submit(), sweeper.tick()]);
    // Accepted before the replacement (then its broadcast is refused as expired), or refused after it (4112).
    expect(answer.json()).toMatchObject(answer.statusCode === 200 ? { status: 'SIGNED' } : { code: '4112' });
    const retry = await until(async () => {
      await sweeper.tick();
      await mine(1);
      return (await transfers(t, third)).find((r) => r.attempt > 1 && r.status === 'BUILT');
    }, 'the next attempt after the race');
    expect((await (await signAndSubmit(retry.id)).submit()).json()).toMatchObject({ status: 'SIGNED' });
    expect(await settled(third)).toMatchObject({ status: 'COMPLETE' });
    const rows = await transfers(t, third);
    expect(rows.filter((r) => r.status === 'CONFIRMED').map((r) => r.id)).toEqual([retry.id]);
    expect(rows.find((r) => r.id === racing.id)).toMatchObject({ status: 'DROPPED' });
  });
});
