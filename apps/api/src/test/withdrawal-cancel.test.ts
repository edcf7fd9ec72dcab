// Canceling a withdrawal during execution, on the devnet, through the API: a transfer not yet sent is discarded and
// the request ends CANCELED_AFTER_EXECUTING with its hold released; one already sent on EVM is raced by a zero-value
// replacement (the devnet replaces nothing, so the original is mined and the withdrawal completes normally); other
// families refuse once sent (4112). Who may cancel, and the cancellation racing the sweeper's send.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainTransactions, requests } from '../db/schema/index.js';
import { nodeOf } from '../engine/transactions/sweeper.js';
import { requestExecution } from '../modules/approvals/request-execution.service.js';
import { withdrawalExecution } from '../modules/withdrawals/withdrawal-execution.service.js';
import { balanceOf, ETH, WD, type WithdrawalScene, withdrawalScene } from '../modules/withdrawals/withdrawal-scene.js';
import { createTestApp, type TestApp } from './app.js';
import { TestBrowser } from './browser.js';
import { chainSweeper, type DevnetEngine, devnetEngine } from './devnet.js';
import { createMember, signIn } from './fixtures.js';
import { db, ownerWithdrawal, requestRow, transfers, until } from './withdrawal-lifecycle-scene.js';

let t: TestApp;
let s: WithdrawalScene;
let devnet: DevnetEngine;
let sweeper: ReturnType<typeof chainSweeper>;

beforeAll(async () => {
  t = await createTestApp({
    AUTH_RATE_LIMIT_FACTOR: '20',
    DEVNET_BLOCK_MS: '0',
    CHAIN_SWEEP_MS: '0',
    DEVNET_CONFIRMATIONS: '1',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'vaultline-withdrawal-cancel-')),
  });
  s = await withdrawalScene(t, 'Cancel During Execution');
  const operator = await signIn(t, await createMember(db(t), t.config, { kind: 'OPERATOR' }));
  devnet = devnetEngine({ db: db(t), config: t.config, log: t.app.log, now: t.clock.now });
  const settle = withdrawalExecution(db(t));
  const execution = requestExecution(db(t), t.clock.now);
  sweeper = chainSweeper({
    db: db(t),
    config: t.config,
    log: t.app.log,
    now: t.clock.now,
    afterTick: () => settle.settleFinished(execution, t.clock.now),
  });
  const sent = await operator.post('/api/v1/operations/devnet/deposits', {
    blockchain: 'ETHEREUM',
    toAddress: s.alpha.address,
    amount: '20',
  });
  if (sent.statusCode !== 200) throw new Error(sent.body);
  await mine(3);
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

const cancel = (who: TestBrowser, requestId: string, family = 'evm') => who.post(`${WD(family)}/cancel`, { requestId });
const detail = async (id: string) => (await s.owner.post(`/api/v1/organizations/requests/${id}`, {})).json();

/** The withdrawal's transfer, once the in-process engine built it. */
const built = (id: string) =>
  until(async () => (await transfers(t, id)).find((r) => r.attempt === 1), 'the transfer to be built');

async function stepUntil(id: string, done: (row: typeof chainTransactions.$inferSelect) => boolean) {
  return until(async () => {
    await sweeper.tick();
    const row = (await transfers(t, id)).find((r) => r.attempt === 1)!;
    return done(row) && row;
  }, 'the transfer to move');
}

describe('canceling a withdrawal', () => {
  it('before execution: CANCELED_BEFORE_EXECUTING, the hold released', async () => {
    const before = await balanceOf(t, s.alpha.id);
    const made = await s.requester.post(`${WD('evm')}/create`, {
      walletId: s.alpha.id,
      tokenId: 'ETHEREUM.ETH',
      addressBookId: s.entryId,
      amount: '0.2',
    });
    expect(made.statusCode, made.body).toBe(200);
    const canceled = await cancel(s.requester, made.json().id);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json()).toMatchObject({
      decisionStatus: 'CANCELED',
      execution: { lifecycle: 'CANCELED_BEFORE_EXECUTING', txHash: null },
    });
    expect(await balanceOf(t, s.alpha.id)).toEqual(before);
  });

  it('during execution, not yet signed: only the initiator of the organization may; the transfer is discarded', async () => {
    const before = await balanceOf(t, s.alpha.id);
    const made = await s.requester.post(`${WD('evm')}/create`, {
      walletId: s.alpha.id,
      tokenId: 'ETHEREUM.ETH',
      addressBookId: s.entryId,
      amount: '0.3',
    });
    const id = made.json().id as string;
    const approved = await s.approver.post(`${WD('evm')}/approve`, { requestId: id, otpCode: await s.approver.otp() });
    expect(approved.statusCode, approved.body).toBe(200);
    const transfer = await built(id);
    expect(transfer.status).toBe('BUILT');
    expect((await detail(id)).execution).toMatchObject({ lifecycle: 'EXECUTING', txHash: null });

    expect((await cancel(new TestBrowser(t.app), id)).statusCode).toBe(401);
    expect((await cancel(s.bystander, id)).json().code).toBe('403');
    expect((await cancel(s.approver, id)).json().code).toBe('403');
    expect((await cancel(s.outsider, id)).json().code).toBe('404');
    expect((await requestRow(t, id)).status).toBe('EXECUTING');

    const canceled = await cancel(s.requester, id);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json()).toMatchObject({
      decisionStatus: 'CANCELED',
      execution: { lifecycle: 'CANCELED_AFTER_EXECUTING' },
    });
    expect(await requestRow(t, id)).toMatchObject({ status: 'CANCELED', cancelStage: 'AFTER_EXECUTING' });
    expect(await balanceOf(t, s.alpha.id)).toEqual(before);
    await sweeper.tick();
    await sweeper.tick();
    expect((await transfers(t, id))[0]).toMatchObject({ status: 'FAILED', failureCode: '4112', sentAt: null });
    // Twice is refused: it is no longer executing.
    expect((await cancel(s.requester, id)).json().code).toBe('4108');
  });

  it('signed but not sent: discarded, the nonce handed out again to the next withdrawal', async () => {
    const before = await balanceOf(t, s.alpha.id);
    const id = await ownerWithdrawal(s, s.entryId, '0.4');
    await built(id);
    const signed = await stepUntil(id, (r) => r.status === 'SIGNED');
    expect(signed.sentAt).toBeNull();
    expect((await detail(id)).canCancel).toBe(true);
    const canceled = await cancel(s.owner, id);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json().execution).toMatchObject({ lifecycle: 'CANCELED_AFTER_EXECUTING', txHash: signed.hash });
    await sweeper.tick();
    expect((await transfers(t, id))[0]).toMatchObject({ status: 'FAILED', sentAt: null });
    expect(await balanceOf(t, s.alpha.id)).toEqual(before);

    const next = await ownerWithdrawal(s, s.entryId, '0.1');
    expect((await built(next)).sequence).toBe(signed.sequence);
    await until(async () => {
      await sweeper.tick();
      await mine(1);
      return (await requestRow(t, next)).status === 'COMPLETE';
    }, 'the next withdrawal to complete');
  });

  it('sent on EVM: a replacement races it; the original mined first completes the withdrawal normally', async () => {
    const before = await balanceOf(t, s.alpha.id);
    const id = await ownerWithdrawal(s, s.entryId, '0.5');
    await built(id);
    const sent = await stepUntil(id, (r) => r.status === 'BROADCAST');
    const pending = await cancel(s.owner, id);
    expect(pending.statusCode, pending.body).toBe(200);
    expect(pending.json()).toMatchObject({ status: 'EXECUTING', execution: { lifecycle: 'EXECUTING' } });
    // A replacement races it already: the screens offer no second cancellation.
    expect(pending.json().canCancel).toBe(false);
    const [replacement, original] = await transfers(t, id);
    expect(original).toMatchObject({ id: sent.id, status: 'REPLACED' });
    expect(replacement).toMatchObject({
      attempt: 2,
      status: 'BUILT',
      amount: '0',
      toAddress: s.alpha.address,
      sequence: sent.sequence,
    });
    expect((await requestRow(t, id)).result).toEqual({ cancel: { replacementId: replacement!.id } });
    expect((await cancel(s.owner, id)).json().code).toBe('4112');

    // The devnet replaces nothing in its pool: the replacement is refused, the original is followed again and mined.
    await until(async () => {
      await sweeper.tick();
      await mine(1);
      return (await requestRow(t, id)).status === 'COMPLETE';
    }, 'the withdrawal to complete');
    const rows = await transfers(t, id);
    expect(rows.find((r) => r.id === sent.id)).toMatchObject({ status: 'CONFIRMED' });
    expect(rows.find((r) => r.id === replacement!.id)?.status).not.toBe('CONFIRMED');
    const after = await balanceOf(t, s.alpha.id);
    const fee = BigInt(rows.find((r) => r.id === sent.id)!.feePaid!);
    expect(after).toEqual({ total: before.total - ETH(1n) / 2n - fee, locked: before.locked });
    expect((await detail(id)).execution).toEqual({
      lifecycle: 'COMPLETED',
      txHash: sent.hash,
      explorerUrl: null, // the devnet has no explorer
      failureCode: null,
      feePaid: fee.toString(),
    });
  });

  it('sent on another family: refused with 4112, the request keeps executing', async () => {
    const payload = {
      kind: 'WITHDRAWAL',
      walletId: s.alpha.id,
      blockchain: 'BITCOIN',
      tokenId: 'BITCOIN.BTC',
      amount: '1000',
      toAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      addressBookId: s.entryId,
    };
    const [request] = await db(t)
      .insert(requests)
      .values({
        organizationId: s.orgId,
        walletId: s.alpha.id,
        type: 'WITHDRAWAL',
        itemType: 'WITHDRAWAL',
        payload,
        status: 'EXECUTING',
        progress: 'PROCESSING',
        initiatorId: (await s.owner.request('GET', '/api/v1/organization/members/me')).json().id,
        steps: [],
      })
      .returning();
    await db(t)
      .insert(chainTransactions)
      .values({
        organizationId: s.orgId,
        requestId: request!.id,
        purpose: 'withdrawal',
        blockchain: 'BITCOIN',
        fromAddress: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
        toAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
        tokenId: 'BITCOIN.BTC',
        amount: '1000',
        status: 'BROADCAST',
        payload: new Uint8Array([1]),
        raw: new Uint8Array([1]),
        hash: 'ab'.repeat(32),
        fee: '500',
        sentAt: new Date(),
      });
    const refused = await cancel(s.owner, request!.id, 'btc');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: '4112', data: { reason: 'already-broadcast' } });
    expect((await requestRow(t, request!.id)).status).toBe('EXECUTING');
    expect((await detail(request!.id)).canCancel).toBe(false);
    await db(t).update(requests).set({ status: 'FAILED' }).where(eq(requests.id, request!.id));
  });
});

describe('a cancellation racing the sweeper on a signed transfer', () => {
  it('either discards it unsent or lets it go (then replaced); the hold is released exactly once', async () => {
    const baseline = await balanceOf(t, s.alpha.id);
    const outcomes = new Set<string>();
    for (let round = 0; round < 6; round++) {
      const start = await balanceOf(t, s.alpha.id);
      const id = await ownerWithdrawal(s, s.entryId, '0.05');
      await built(id);
      const signed = await stepUntil(id, (r) => r.status === 'SIGNED');
      const [answer] = await Promise.all([cancel(s.owner, id), sweeper.tick()]);
      const original = (await transfers(t, id)).find((r) => r.id === signed.id)!;
      const request = await requestRow(t, id);
      if (request.status === 'CANCELED') {
        // The cancellation won: never sent, the hold back at once.
        outcomes.add('discarded');
        expect(original).toMatchObject({ status: 'FAILED', sentAt: null });
        expect(await balanceOf(t, s.alpha.id)).toEqual(start);
        const node = nodeOf(db(t), t.config, 'ETHEREUM', t.clock.now)!;
        expect((await node.status(signed.hash!)).state).toBe('unknown');
      } else {
        // The sweeper won: sent, and the cancellation (if it was not refused) races it with a replacement.
        outcomes.add(`sent:${answer.statusCode}:${answer.json().code ?? ''}`);
        expect(original.sentAt).not.toBeNull();
        expect(request.status).toBe('EXECUTING');
      }
      await until(async () => {
        await sweeper.tick();
        await mine(1);
        const status = (await requestRow(t, id)).status;
        return status === 'COMPLETE' || status === 'CANCELED';
      }, 'the withdrawal to end');
      const end = await balanceOf(t, s.alpha.id);
      // Released once: back to where it stood before this withdrawal, never below.
      expect(end.locked).toBe(start.locked);
      const status = (await requestRow(t, id)).status;
      if (status === 'CANCELED') expect(end.total).toBe(start.total);
      else expect(end.total).toBeLessThan(start.total - ETH(1n) / 20n + 1n);
    }
    expect((await balanceOf(t, s.alpha.id)).locked).toBe(baseline.locked);
    expect(outcomes.size).toBeGreaterThan(0);
  });
});
