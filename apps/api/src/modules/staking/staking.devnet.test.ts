import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { canonicalAddress, decodeStoryStakingCall } from '@vaultline/chains';
import { and, eq, sql } from 'drizzle-orm';
import { bytesToHex, parseTransaction } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetActivities, chainTransactions, stakingPositions } from '../../db/schema/index.js';
import { ledgerView } from '../../devnet/ledger-view.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { TestBrowser } from '../../test/browser.js';
import { chainSweeper, type DevnetEngine, devnetEngine } from '../../test/devnet.js';
import { createMember, signIn } from '../../test/fixtures.js';
import { requestExecution } from '../approvals/request-execution.service.js';
import { stakingExecution } from './staking-execution.service.js';
import { HANBIT, IP, NATIVE, nativeBalance, STORY, type StakingScene, stakingScene } from './staking-scene.js';

/**
 * Stake, unstake and claim on the devnet, from funding to the claim paid: real signed contract calls of the staking
 * predeploy, the ledger's bonding and unbonding on a test clock, and the balances and activities at each step.
 */
let t: TestApp;
let s: StakingScene;
let operator: TestBrowser;
let devnet: DevnetEngine;
let sweeper: ReturnType<typeof chainSweeper>;
const BONDING = 60;
const UNBONDING = 120;

beforeAll(async () => {
  t = await createTestApp({
    AUTH_RATE_LIMIT_FACTOR: '20',
    // The test clock moves hours ahead: sessions must outlive it.
    SESSION_TIMEOUT_SECONDS: '86400',
    DEVNET_BLOCK_MS: '0',
    CHAIN_SWEEP_MS: '0',
    DEVNET_CONFIRMATIONS: '1',
    STAKING_BONDING_SECONDS: String(BONDING),
    STAKING_UNBONDING_SECONDS: String(UNBONDING),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'vaultline-staking-')),
  });
  s = await stakingScene(t, 'Stake Devnet');
  const db = t.testDb.database.db;
  operator = await signIn(t, await createMember(db, t.config, { kind: 'OPERATOR' }));
  devnet = devnetEngine({ db, config: t.config, log: t.app.log, now: t.clock.now });
  const settle = stakingExecution(db, t.config);
  const execution = requestExecution(db, t.clock.now);
  sweeper = chainSweeper({
    db,
    config: t.config,
    log: t.app.log,
    now: t.clock.now,
    afterTick: () => settle.settleFinished(execution, t.clock.now, async () => null),
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

const detail = async (id: string) => (await s.requester.post(`/api/v1/organizations/requests/${id}`, {})).json();

async function untilDone(id: string) {
  let request = await detail(id);
  for (let i = 0; i < 100 && !['COMPLETE', 'FAILED', 'CANCELED'].includes(request.status); i++) {
    await sweeper.tick();
    await mine(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    request = await detail(id);
  }
  return request;
}

const position = async () =>
  (await s.requester.request('GET', `${STORY}/wallets/${s.wallet.id}`)).json() as {
    staked: string;
    withdrawable: string;
    positions: { positionId: string; state: string; amount: string; rewards: string; canUnstake: boolean }[];
    claimableByValidator: { validatorId: string; principal: string; rewards: string; total: string }[];
  };

async function sentCall(requestId: string) {
  const [row] = await t.testDb.database.db
    .select()
    .from(chainTransactions)
    .where(eq(chainTransactions.requestId, requestId));
  const tx = parseTransaction(bytesToHex(row!.raw!));
  return { row: row!, tx, call: decodeStoryStakingCall(tx.data!) };
}

describe('staking on the devnet', () => {
  it('stakes through the approval line with a real call of the predeploy, then bonds and earns', async () => {
    const funded = await operator.post('/api/v1/operations/devnet/deposits', {
      blockchain: 'STORY_TESTNET',
      toAddress: s.wallet.address,
      amount: '3000',
    });
    expect(funded.statusCode, funded.body).toBe(200);
    await mine(3);
    expect(await nativeBalance(t, s.wallet.id)).toEqual({ total: IP(3000n), staked: 0n, locked: 0n });

    const made = await s.requester.post(`${STORY}/stake-request`, {
      walletId: s.wallet.id,
      validatorId: HANBIT,
      period: 'FLEXIBLE',
      tokenType: 'UNLOCKED',
      amount: '2048',
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().id as string;
    const approved = await s.approver.post(`${STORY}/stake-request/approve`, {
      requestId: id,
      otpCode: await s.approver.otp(),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const done = await untilDone(id);
    expect(done).toMatchObject({ status: 'COMPLETE' });

    // The transaction: the predeploy called with stake(validator, FLEXIBLE, …) carrying the amount as its value.
    const { row, tx, call } = await sentCall(id);
    expect(tx.to?.toLowerCase()).toBe('0xcccccc0000000000000000000000000000000001');
    expect(tx.value).toBe(IP(2048n));
    expect(call).toMatchObject({ kind: 'stake', period: 'FLEXIBLE' });
    expect(String((call as { validatorCmpPubkey: string }).validatorCmpPubkey).toLowerCase()).toBe(HANBIT);

    const fee = BigInt(row.feePaid ?? row.fee);
    expect(await nativeBalance(t, s.wallet.id)).toEqual({ total: IP(3000n) - fee, staked: IP(2048n), locked: 0n });
    const [activity] = await t.testDb.database.db
      .select()
      .from(assetActivities)
      .where(and(eq(assetActivities.requestId, id), eq(assetActivities.activityType, 'STAKE')));
    expect(activity).toMatchObject({ transferType: 'STORY_LOCKED_TOKEN_STAKE', amount: IP(2048n).toString() });

    const raw = await s.requester.request('GET', `${STORY}/wallets/${s.wallet.id}`);
    expect(raw.statusCode, raw.body).toBe(200);
    let view = await position();
    expect(view.positions).toMatchObject([{ state: 'BONDING', amount: '2048', rewards: '0', canUnstake: false }]);
    t.clock.advance((BONDING + 3_600) * 1000);
    view = await position();
    // An hour of HANBIT (10 %, 5 % commission) on 2048 IP: 2048 × 0.095 × 3600 / (365 × 86 400).
    expect(view.positions[0]).toMatchObject({ state: 'ACTIVE', canUnstake: true });
    expect(view.positions[0]!.rewards).toBe('0.022210045662100456');
  });

  it('unstakes with a real call, unbonds, and a claim pays principal and rewards into the wallet', async () => {
    const before = await position();
    const positionId = before.positions[0]!.positionId;
    const made = await s.requester.post(`${STORY}/unstake-request`, {
      walletId: s.wallet.id,
      positionId,
      amount: '1024',
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().id as string;
    await s.approver.post(`${STORY}/stake-request/approve`, { requestId: id, otpCode: await s.approver.otp() });
    expect(await untilDone(id)).toMatchObject({ status: 'COMPLETE' });
    const { tx, call } = await sentCall(id);
    expect(call).toMatchObject({ kind: 'unstake', amount: IP(1024n) });
    expect(tx.value).toBeGreaterThan(0n);

    let view = await position();
    expect(view.positions.map((p) => [p.state, p.amount])).toEqual([
      ['ACTIVE', '1024'],
      ['UNBONDING', '1024'],
    ]);
    // Nothing claimable while unbonding (and the hour's rewards are far under the payout threshold).
    expect(view.claimableByValidator).toEqual([]);
    t.clock.advance(UNBONDING * 1000);
    view = await position();
    expect(view.positions.map((p) => p.state)).toEqual(['ACTIVE', 'UNBONDED']);
    // Rewards are earned but under Story's 8 IP payout threshold: only the principal is claimable yet.
    expect(view.claimableByValidator[0]).toMatchObject({ principal: '1024', rewards: '0' });
    expect(Number(view.positions[0]!.rewards)).toBeGreaterThan(0);
    // 40 more days of earning on the remaining 1024 IP (about 10.7 IP: past the threshold) make the rewards claimable
    // with the principal. The position's start and last settlement are moved back rather than the clock forward:
    // sessions end within a day of sign-in.
    await t.testDb.database.db
      .update(stakingPositions)
      .set({
        settledAt: sql`${stakingPositions.settledAt} - interval '40 days'`,
        activeAt: sql`${stakingPositions.activeAt} - interval '40 days'`,
      })
      .where(eq(stakingPositions.walletId, s.wallet.id));
    view = await position();
    const claimable = view.claimableByValidator[0]!;
    expect(claimable.principal).toBe('1024');
    expect(Number(claimable.rewards)).toBeGreaterThan(10);

    const balanceBefore = await nativeBalance(t, s.wallet.id);
    const claim = await s.requester.post(`${STORY}/claim-request`, { walletId: s.wallet.id, validatorId: HANBIT });
    expect(claim.statusCode, claim.body).toBe(200);
    const claimId = claim.json().id as string;
    await s.approver.post(`${STORY}/claim-request/approve`, { requestId: claimId, otpCode: await s.approver.otp() });
    const paid = await untilDone(claimId);
    expect(paid).toMatchObject({ status: 'COMPLETE' });
    const after = await nativeBalance(t, s.wallet.id);
    expect(after.staked).toBe(balanceBefore.staked - IP(1024n));
    expect(after.total).toBeGreaterThan(balanceBefore.total);
    view = await position();
    expect(view.positions.map((p) => p.state)).toEqual(['ACTIVE']);
    expect(view.positions[0]!.rewards).toBe('0');
    const [activity] = await t.testDb.database.db
      .select()
      .from(assetActivities)
      .where(and(eq(assetActivities.requestId, claimId), eq(assetActivities.activityType, 'CLAIM')));
    expect(activity).toMatchObject({ transferType: 'STORY_LOCKED_TOKEN_CLAIM' });
    expect(BigInt(activity!.amount)).toBe(IP(1024n) + (after.total - balanceBefore.total));

    // The payout reached the chain: once mined, the devnet's ledger holds what the books say is not staked, and the
    // watcher did not book the credit a second time as a deposit.
    await mine(2);
    expect(activity!.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    const flows = await ledgerView(t.testDb.database.db, 'STORY_TESTNET').flows(
      canonicalAddress('STORY_TESTNET', s.wallet.address),
      NATIVE,
    );
    const books = await nativeBalance(t, s.wallet.id);
    expect(flows.received - flows.sent - flows.fees).toBe(books.total - books.staked);
    const deposits = await t.testDb.database.db
      .select()
      .from(assetActivities)
      .where(and(eq(assetActivities.walletId, s.wallet.id), eq(assetActivities.txHash, activity!.txHash)));
    expect(deposits.map((d) => d.activityType)).toEqual(['CLAIM']);
  });
});
