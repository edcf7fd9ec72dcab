import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetActivities, chainTransactions } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { setBalance } from '../../test/asset-fixtures.js';
import type { TestBrowser } from '../../test/browser.js';
import { chainSweeper, type DevnetEngine, devnetEngine } from '../../test/devnet.js';
import { createMember, signIn } from '../../test/fixtures.js';
import { requestExecution } from '../approvals/request-execution.service.js';
import { withdrawalExecution } from './withdrawal-execution.service.js';
import { balanceOf, ETH, WD, type WithdrawalScene, withdrawalScene } from './withdrawal-scene.js';

/** A withdrawal on the devnet from funding to COMPLETE: the test mines blocks and sweeps by hand. */
let t: TestApp;
let s: WithdrawalScene;
let operator: TestBrowser;
let devnet: DevnetEngine;
let sweeper: ReturnType<typeof chainSweeper>;

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vaultline-withdrawals-'));
  t = await createTestApp({
    AUTH_RATE_LIMIT_FACTOR: '20',
    DEVNET_BLOCK_MS: '0',
    CHAIN_SWEEP_MS: '0',
    DEVNET_CONFIRMATIONS: '1',
    DATA_DIR: dataDir,
  });
  s = await withdrawalScene(t, 'Withdraw Devnet');
  const db = t.testDb.database.db;
  operator = await signIn(t, await createMember(db, t.config, { kind: 'OPERATOR' }));
  devnet = devnetEngine({ db, config: t.config, log: t.app.log, now: t.clock.now });
  // The engine's sweeper, settling withdrawals after each tick as startEngine wires it.
  const settle = withdrawalExecution(db);
  const execution = requestExecution(db, t.clock.now);
  sweeper = chainSweeper({
    db,
    config: t.config,
    log: t.app.log,
    now: t.clock.now,
    afterTick: () => settle.settleFinished(execution, t.clock.now),
  });
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

async function detail(id: string) {
  return (await s.requester.post(`/api/v1/organizations/requests/${id}`, {})).json();
}

describe('a withdrawal on the devnet', () => {
  it('is approved with OTP, sent, confirmed, and settles the balance and the activity', async () => {
    const sent = await operator.post('/api/v1/operations/devnet/deposits', {
      blockchain: 'ETHEREUM',
      toAddress: s.alpha.address,
      amount: '2',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await mine(3);
    expect(await balanceOf(t, s.alpha.id)).toEqual({ total: ETH(2n), locked: 0n });

    const made = await s.requester.post(`${WD('evm')}/create`, {
      walletId: s.alpha.id,
      tokenId: 'ETHEREUM.ETH',
      addressBookId: s.entryId,
      amount: '0.5',
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().id as string;
    const approved = await s.approver.post(`${WD('evm')}/approve`, { requestId: id, otpCode: await s.approver.otp() });
    expect(approved.statusCode, approved.body).toBe(200);

    let request = await detail(id);
    for (let i = 0; i < 100 && request.status !== 'COMPLETE' && request.status !== 'FAILED'; i++) {
      await sweeper.tick();
      await mine(1);
      await new Promise((resolve) => setTimeout(resolve, 50));
      request = await detail(id);
    }
    expect(request).toMatchObject({ status: 'COMPLETE', decisionStatus: 'APPROVED' });

    const db = t.testDb.database.db;
    const [activity] = await db
      .select()
      .from(assetActivities)
      .where(and(eq(assetActivities.requestId, id), eq(assetActivities.activityType, 'WITHDRAWAL')));
    expect(activity).toMatchObject({ status: 'CONFIRMED', amount: `${ETH(1n) / 2n}`, toAddress: expect.any(String) });
    expect(activity!.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    const after = await balanceOf(t, s.alpha.id);
    expect(after.locked).toBe(0n);
    // The amount and the fee the network charged left the balance, exactly: the chain's own figure.
    const [transfer] = await db.select().from(chainTransactions).where(eq(chainTransactions.requestId, id));
    expect(transfer!.feePaid).not.toBeNull();
    expect(BigInt(transfer!.feePaid!)).toBeLessThanOrEqual(BigInt(transfer!.fee));
    expect(after.total).toBe(ETH(2n) - ETH(1n) / 2n - BigInt(transfer!.feePaid!));
  });

  it("fails when the chain refuses to build it, releasing the hold; the owner's request skips the line", async () => {
    // The books say more than the chain holds (as after an unseen outflow): the builder refuses, code 4.
    const db = t.testDb.database.db;
    await setBalance(db, s.orgId, s.alpha, 'ETHEREUM.ETH', { total: ETH(100n).toString() });
    const made = await s.owner.post(`${WD('evm')}/create`, {
      walletId: s.alpha.id,
      tokenId: 'ETHEREUM.ETH',
      addressBookId: s.entryId,
      amount: '50',
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ decisionStatus: 'APPROVED' });
    let request = made.json();
    for (let i = 0; i < 100 && request.status !== 'FAILED' && request.status !== 'COMPLETE'; i++) {
      await sweeper.tick();
      await new Promise((resolve) => setTimeout(resolve, 50));
      request = await detail(request.id);
    }
    expect(request.status).toBe('FAILED');
    expect(await balanceOf(t, s.alpha.id)).toEqual({ total: ETH(100n), locked: 0n });
  });
});
