import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stakingPositions, stakingUnbondings, stakingValidators } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { setBalance } from '../../test/asset-fixtures.js';
import { TestBrowser as Browser } from '../../test/browser.js';
import { createMember, createOrganization, grant, signIn } from '../../test/fixtures.js';
import { type CreatedWallet, createWallet } from '../../test/wallet-fixtures.js';
import { LEDGER_VALIDATORS } from './ledger-validators.service.js';
import {
  HALLASAN,
  HANBIT,
  IP,
  NAMSAN,
  NATIVE,
  nativeBalance,
  STORY,
  type StakingScene,
  stakingScene,
} from './staking-scene.js';

/**
 * Story stake, unstake and claim requests: access, the input and amount rules with their catalogue messages, the
 * hold on the wallet's native row through rejection and cancellation, decisions through the stake and claim doors.
 * Positions and unbondings are ledger rows written here directly (their settlement is the engine's, tested elsewhere),
 * each tied to a stake request made and canceled for it.
 */
let t: TestApp;
let s: StakingScene;
/** Another STORY_TESTNET wallet of the organization, and one on ETHEREUM (no staking there). */
let other: CreatedWallet;
let ethereum: CreatedWallet;
/** A STORY_TESTNET wallet of another organization, for a position that is not this organization's. */
let foreign: { orgId: string; wallet: CreatedWallet };
const EN = { headers: { 'accept-language': 'en' } };
const KO = { headers: { 'accept-language': 'ko' } };
const JEJU = LEDGER_VALIDATORS[2].validatorId;
const GAS = 10n ** 16n; // the stake fee reserve (staking-rules.ts): 0.01 IP
const DAY = 86_400_000;

beforeAll(async () => {
  // No sweeps: requests here never reach a chain (an approved one stays EXECUTING with its hold).
  t = await createTestApp({ AUTH_RATE_LIMIT_FACTOR: '50', DEVNET_BLOCK_MS: '0', CHAIN_SWEEP_MS: '0' });
  s = await stakingScene(t, 'Stake Rules');
  other = await createWallet(s.owner, s.orgId, 'STORY_TESTNET', 'Stake Rules Other');
  ethereum = await createWallet(s.owner, s.orgId, 'ETHEREUM', 'Stake Rules Ether');
  const db = t.testDb.database.db;
  const orgId = (await createOrganization(db, 'Stake Rules Foreign')).id;
  const boss = await createMember(db, t.config, { organizationId: orgId });
  await grant(db, boss.id, ['OWNER']);
  foreign = { orgId, wallet: await createWallet(await signIn(t, boss), orgId, 'STORY_TESTNET', 'Foreign Story') };
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.testDb.database.db;
const now = () => t.clock.now().getTime();
/** Sets the native row; locked is reset too, so each test starts from no holds. */
const fund = (total: bigint, over: { locked?: bigint; staked?: bigint } = {}) =>
  setBalance(db(), s.orgId, s.wallet, NATIVE, {
    total: total.toString(),
    locked: (over.locked ?? 0n).toString(),
    staked: (over.staked ?? 0n).toString(),
  });

const stakeBody = (over: Record<string, unknown> = {}) => ({
  walletId: s.wallet.id,
  validatorId: HANBIT,
  period: 'FLEXIBLE',
  tokenType: 'UNLOCKED',
  amount: '1024',
  ...over,
});
const stake = (over: Record<string, unknown> = {}, who = s.requester, opts = EN) =>
  who.request('POST', `${STORY}/stake-request`, stakeBody(over), opts);
const unstake = (over: Record<string, unknown>, who = s.requester) =>
  who.request('POST', `${STORY}/unstake-request`, { walletId: s.wallet.id, ...over }, EN);
const claim = (over: Record<string, unknown>, who = s.requester) =>
  who.request('POST', `${STORY}/claim-request`, { walletId: s.wallet.id, ...over }, EN);
const cancelStake = (requestId: string) =>
  s.requester.request('POST', `${STORY}/stake-request/cancel`, { requestId }, EN);

/** A request id for a ledger row: a stake request made by the requester and canceled (its hold released). */
async function spentRequestId(): Promise<string> {
  const made = await stake();
  expect(made.statusCode, made.body).toBe(200);
  const id = made.json().id as string;
  expect((await cancelStake(id)).statusCode).toBe(200);
  return id;
}

/** A delegation of the scene's wallet, ACTIVE and unlocked by default (2048 IP with Hanbit, FLEXIBLE). */
async function position(over: Partial<typeof stakingPositions.$inferInsert> = {}) {
  const past = new Date(now() - 2 * DAY);
  const [row] = await db()
    .insert(stakingPositions)
    .values({
      organizationId: s.orgId,
      walletId: s.wallet.id,
      blockchain: 'STORY_TESTNET',
      validatorId: HANBIT,
      requestId: over.requestId ?? (await spentRequestId()),
      delegationId: String(Math.floor(Math.random() * 1e9)),
      period: 'FLEXIBLE',
      tokenType: 'UNLOCKED',
      amount: IP(2048n).toString(),
      commissionBps: 500,
      rewardRateBps: 1_000,
      settledAt: past,
      stakedAt: new Date(now() - 3 * DAY),
      activeAt: past,
      lockedUntil: past,
      ...over,
    })
    .returning();
  return row!;
}

async function unbonding(p: { id: string; walletId: string; validatorId: string }, amount: bigint, endsAt: Date) {
  const [row] = await db()
    .insert(stakingUnbondings)
    .values({
      organizationId: s.orgId,
      positionId: p.id,
      walletId: p.walletId,
      validatorId: p.validatorId,
      requestId: await spentRequestId(),
      amount: amount.toString(),
      startedAt: new Date(now() - 15 * DAY),
      endsAt,
    })
    .returning();
  return row!;
}

const issue = (key: string, path = 'body.amount') => ({ code: '4000', data: { issues: [{ path, key }] } });

describe('stake: access', () => {
  it('401 without a session, 404 for a wallet of another organization or one the caller does not see', async () => {
    await fund(IP(5000n));
    expect((await new Browser(t.app).post(`${STORY}/stake-request`, stakeBody())).statusCode).toBe(401);
    const outsider = await stake({}, s.outsider);
    expect(outsider.statusCode, outsider.body).toBe(404);
    expect(outsider.json()).toMatchObject({ code: '404' });
    // The approver stands in the line but is no member of the wallet and has no WALLETS_VIEW.
    const unseen = await stake({}, s.approver);
    expect(unseen.statusCode, unseen.body).toBe(404);
    expect((await stake({ walletId: crypto.randomUUID() })).statusCode).toBe(404);
    expect((await nativeBalance(t, s.wallet.id)).locked).toBe(0n);
  });

  it('refuses a member of the wallet who is not at its creation step (403 not-creator), holding nothing', async () => {
    await fund(IP(5000n));
    const res = await stake({}, s.bystander);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ code: '403', data: { reason: 'not-creator' } });
    expect((await nativeBalance(t, s.wallet.id)).locked).toBe(0n);
  });

  it('refuses a wallet of a network without staking (notStakingNetwork)', async () => {
    const res = await stake({ walletId: ethereum.id }, s.owner);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject(issue('validation.staking.notStakingNetwork', 'body.walletId'));
    expect(res.json().data.issues[0].message).toBe("Staking is not available on this wallet's network.");
  });
});

describe('stake: input rules', () => {
  it('answers 4000 for missing fields, a bad uuid, an unknown period and extra keys, without echoing input', async () => {
    await fund(IP(5000n));
    const missing = await s.requester.request('POST', `${STORY}/stake-request`, {}, EN);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('4000');
    const paths = missing.json().data.issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['body.walletId', 'body.validatorId', 'body.period', 'body.amount']));
    // The token kind is optional: the validator decides it.
    expect(paths).not.toContain('body.tokenType');

    const badUuid = await stake({ walletId: 'not-a-uuid-ECHO' });
    expect(badUuid.json()).toMatchObject({ code: '4000', data: { issues: [{ path: 'body.walletId' }] } });
    expect(badUuid.body).not.toContain('ECHO');

    const period = await stake({ period: 'FOREVER_ECHO' });
    expect(period.json()).toMatchObject({ code: '4000', data: { issues: [{ path: 'body.period' }] } });
    expect(period.body).not.toContain('ECHO');

    const tokenType = await stake({ tokenType: 'VESTED_ECHO' });
    expect(tokenType.json()).toMatchObject({ code: '4000', data: { issues: [{ path: 'body.tokenType' }] } });
    expect(tokenType.body).not.toContain('ECHO');

    const extra = await stake({ sneakyKeyECHO: '<script>ECHO</script>' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().code).toBe('4000');
    expect(extra.body).not.toContain('ECHO');
    expect(extra.body).not.toContain('sneaky');

    expect((await nativeBalance(t, s.wallet.id)).locked).toBe(0n);
  });

  it('refuses an unknown or inactive validator (validatorUnknown)', async () => {
    await fund(IP(5000n));
    const unknown = await stake({ validatorId: `0x02${'ab'.repeat(32)}` });
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(unknown.json()).toMatchObject(issue('validation.staking.validatorUnknown', 'body.validatorId'));
    expect(unknown.json().data.issues[0].message).toBe('Choose an active validator of this network.');
    const byId = (v: string) => eq(stakingValidators.validatorId, v);
    await db().update(stakingValidators).set({ active: 'INACTIVE' }).where(byId(JEJU));
    try {
      const inactive = await stake({ validatorId: JEJU });
      expect(inactive.json()).toMatchObject(issue('validation.staking.validatorUnknown', 'body.validatorId'));
    } finally {
      await db().update(stakingValidators).set({ active: 'ACTIVE' }).where(byId(JEJU));
    }
    expect((await nativeBalance(t, s.wallet.id)).locked).toBe(0n);
  });

  it('refuses a token kind the validator does not take, and locked tokens with a period other than FLEXIBLE', async () => {
    await fund(IP(5000n));
    const unlockedAtHallasan = await stake({ validatorId: HALLASAN, tokenType: 'UNLOCKED' });
    expect(unlockedAtHallasan.json()).toMatchObject(issue('validation.staking.tokenTypeNotAccepted', 'body.tokenType'));
    const lockedAtHanbit = await stake({ validatorId: HANBIT, tokenType: 'LOCKED' });
    expect(lockedAtHanbit.json()).toMatchObject(issue('validation.staking.tokenTypeNotAccepted', 'body.tokenType'));
    const lockedShort = await stake({ validatorId: HALLASAN, tokenType: 'LOCKED', period: 'SHORT' });
    expect(lockedShort.json()).toMatchObject(issue('validation.staking.lockedTokensFlexibleOnly', 'body.period'));
    expect(lockedShort.json().data.issues[0].message).toBe(
      'Locked tokens can only be staked with the flexible period.',
    );
    expect((await nativeBalance(t, s.wallet.id)).locked).toBe(0n);
    // The accepted pairs go through.
    for (const over of [
      { validatorId: HALLASAN, tokenType: 'LOCKED', period: 'FLEXIBLE' },
      { validatorId: HANBIT, tokenType: 'UNLOCKED', period: 'LONG' },
    ]) {
      const ok = await stake(over);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().content).toMatchObject({ kind: 'STAKING_STAKE', ...over });
      await cancelStake(ok.json().id);
    }
    // Without a token kind the validator's is taken (as Story's consensus layer does), with its period rule.
    const { tokenType: _omitted, ...withoutKind } = stakeBody({ validatorId: HALLASAN });
    const byValidator = await s.requester.request('POST', `${STORY}/stake-request`, withoutKind, EN);
    expect(byValidator.statusCode, byValidator.body).toBe(200);
    expect(byValidator.json().content).toMatchObject({
      validatorId: HALLASAN,
      tokenType: 'LOCKED',
      period: 'FLEXIBLE',
    });
    await cancelStake(byValidator.json().id);
    const shortWithoutKind = await s.requester.request(
      'POST',
      `${STORY}/stake-request`,
      { ...withoutKind, period: 'SHORT' },
      EN,
    );
    expect(shortWithoutKind.json()).toMatchObject(issue('validation.staking.lockedTokensFlexibleOnly', 'body.period'));
    expect((await nativeBalance(t, s.wallet.id)).locked).toBe(0n);
  });

  it('checks the amount in order: numbers, decimals, positive, whole gwei, the 1024 IP minimum', async () => {
    await fund(IP(5000n));
    const cases: [string, string][] = [
      ['abc', 'validation.amount.notNumeric'],
      ['1024.1234567890123456789', 'validation.amount.tooManyDecimals'],
      ['0', 'validation.amount.notPositive'],
      // Below the minimum too: whole gwei comes first.
      ['0.0000000001', 'validation.staking.roundedToGwei'],
      ['1024.0000000001', 'validation.staking.roundedToGwei'],
      ['1023.999999999', 'validation.amount.belowMinimum'],
    ];
    for (const [amount, key] of cases) {
      const res = await stake({ amount });
      expect(res.statusCode, `${amount}: ${res.body}`).toBe(400);
      expect(res.json(), amount).toMatchObject(issue(key));
    }
    expect((await stake({ amount: '1024.1234567890123456789' })).json().data.issues[0].message).toBe(
      'Decimal 18 digit is the maximum you can enter.',
    );
    expect((await stake({ amount: '1024.0000000001' })).json().data.issues[0].message).toBe(
      'Decimal 9 digit is the maximum you can enter.',
    );
    const below = await stake({ amount: '1000' });
    expect(below.json().data.issues[0]).toMatchObject({
      key: 'validation.amount.belowMinimum',
      message: 'The amount must be at least 1024 IP.',
    });
    expect((await nativeBalance(t, s.wallet.id)).locked).toBe(0n);
    // Exactly at the minimum, and whole gwei beyond it, are taken.
    for (const amount of ['1024', '1024.000000001']) {
      const ok = await stake({ amount });
      expect(ok.statusCode, ok.body).toBe(200);
      await cancelStake(ok.json().id);
    }
  });

  it('answers in Korean with accept-language ko', async () => {
    await fund(IP(5000n));
    const below = await stake({ amount: '1000' }, s.requester, KO);
    expect(below.json().data.issues[0]).toMatchObject({
      key: 'validation.amount.belowMinimum',
      message: '최소 1024 IP 이상 입력해 주세요.',
    });
    const locked = await stake({ validatorId: HALLASAN, tokenType: 'LOCKED', period: 'SHORT' }, s.requester, KO);
    expect(locked.json().data.issues[0].message).toBe('잠긴 토큰은 유연 기간으로만 스테이킹할 수 있습니다.');
    const over = await stake({ amount: '9999' }, s.requester, KO);
    expect(over.json()).toMatchObject({ code: '4', message: '잔액이 부족합니다.' });
  });
});

describe('stake: the hold on the native balance', () => {
  it('answers 4 beyond the withdrawable balance (total − locked − staked), the fee reserve included', async () => {
    await fund(IP(3000n), { staked: IP(1000n) });
    const over = await stake({ amount: '2000' });
    expect(over.statusCode, over.body).toBe(400);
    expect(over.json()).toMatchObject({
      code: '4',
      data: { shortOf: 'amount', withdrawable: '2000', symbol: 'IP' },
    });
    expect((await nativeBalance(t, s.wallet.id)).locked).toBe(0n);
    const fits = await stake({ amount: '1999.99' });
    expect(fits.statusCode, fits.body).toBe(200);
    expect(await nativeBalance(t, s.wallet.id)).toEqual({ total: IP(3000n), staked: IP(1000n), locked: IP(2000n) });
    const none = await stake({ amount: '1024' });
    expect(none.json()).toMatchObject({ code: '4', data: { shortOf: 'amount', withdrawable: '0', symbol: 'IP' } });
    await cancelStake(fits.json().id);
    expect((await nativeBalance(t, s.wallet.id)).locked).toBe(0n);
  });

  it('holds amount + fee reserve; rejection and cancellation release it', async () => {
    await fund(IP(5000n));
    const a = await stake({ amount: '1500' });
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json()).toMatchObject({
      itemType: 'STAKING_STAKE',
      decisionStatus: 'IN_PROGRESS',
      content: { amount: IP(1500n).toString(), feeReserve: GAS.toString(), validatorName: 'Hanbit Staking' },
    });
    expect((await nativeBalance(t, s.wallet.id)).locked).toBe(IP(1500n) + GAS);
    const canceled = await cancelStake(a.json().id);
    expect(canceled.json()).toMatchObject({ decisionStatus: 'CANCELED' });
    expect(await nativeBalance(t, s.wallet.id)).toEqual({ total: IP(5000n), staked: 0n, locked: 0n });

    const b = await stake({ amount: '1200' });
    expect((await nativeBalance(t, s.wallet.id)).locked).toBe(IP(1200n) + GAS);
    const rejected = await s.approver.request(
      'POST',
      `${STORY}/stake-request/reject`,
      { requestId: b.json().id, otpCode: await s.approver.otp() },
      EN,
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ decisionStatus: 'REJECTED' });
    expect(await nativeBalance(t, s.wallet.id)).toEqual({ total: IP(5000n), staked: 0n, locked: 0n });
    // A closed request is not canceled twice (its hold is not released twice).
    const again = await cancelStake(a.json().id);
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    expect((await nativeBalance(t, s.wallet.id)).locked).toBe(0n);
  });
});

describe('decisions through the stake and claim doors', () => {
  it('the approver moves a stake on; the wrong door is 404, a wrong code and self-approval are refused', async () => {
    await fund(IP(5000n));
    const made = await stake();
    const id = made.json().id as string;
    const wrongDoor = await s.approver.request(
      'POST',
      `${STORY}/claim-request/approve`,
      { requestId: id, otpCode: await s.approver.otp() },
      EN,
    );
    expect(wrongDoor.statusCode, wrongDoor.body).toBe(404);
    const wrongCancel = await s.requester.request('POST', `${STORY}/claim-request/cancel`, { requestId: id }, EN);
    expect(wrongCancel.statusCode, wrongCancel.body).toBe(404);

    const badCode = await s.approver.request(
      'POST',
      `${STORY}/stake-request/approve`,
      { requestId: id, otpCode: await s.approver.encrypt('000000') },
      EN,
    );
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json()).toMatchObject({ code: '4004' });

    const own = await s.requester.request(
      'POST',
      `${STORY}/stake-request/approve`,
      { requestId: id, otpCode: await s.requester.otp() },
      EN,
    );
    expect(own.statusCode, own.body).toBe(403);
    expect(own.json()).toMatchObject({ code: '403', data: { code: 'not-eligible' } });

    const foreignDecider = await s.outsider.request(
      'POST',
      `${STORY}/stake-request/approve`,
      { requestId: id, otpCode: await s.outsider.otp() },
      EN,
    );
    expect(foreignDecider.statusCode).toBe(404);

    const approved = await s.approver.request(
      'POST',
      `${STORY}/stake-request/approve`,
      { requestId: id, otpCode: await s.approver.otp() },
      EN,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ id, decisionStatus: 'APPROVED', steps: [{ status: 'APPROVED' }] });
    // Approved, the hold stays until execution ends; it can no longer be canceled.
    expect((await nativeBalance(t, s.wallet.id)).locked).toBe(IP(1024n) + GAS);
    expect((await cancelStake(id)).statusCode).toBeGreaterThanOrEqual(400);
  });
});

describe('unstake rules', () => {
  it('refuses a position of another wallet, of another organization, or none (positionUnknown)', async () => {
    await fund(IP(10_000n));
    const elsewhere = await position({ walletId: other.id });
    const foreignPosition = await position({ organizationId: foreign.orgId, walletId: foreign.wallet.id });
    for (const positionId of [elsewhere.id, foreignPosition.id, crypto.randomUUID()]) {
      const res = await unstake({ positionId, amount: '1024' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject(issue('validation.staking.positionUnknown', 'body.positionId'));
    }
    // An emptied position (all of it unstaked) is no longer one to unstake from.
    const emptied = await position({ amount: '0' });
    expect((await unstake({ positionId: emptied.id, amount: '1024' })).json()).toMatchObject(
      issue('validation.staking.positionUnknown', 'body.positionId'),
    );
    // The other organization cannot reach the wallet at all.
    expect((await unstake({ positionId: elsewhere.id, amount: '1024' }, s.outsider)).statusCode).toBe(404);
    expect((await nativeBalance(t, s.wallet.id)).locked).toBe(0n);
  });

  it('refuses a position still bonding, and one whose period is still locked', async () => {
    await fund(IP(10_000n));
    const bonding = await position({ activeAt: new Date(now() + DAY), lockedUntil: new Date(now() + DAY) });
    const b = await unstake({ positionId: bonding.id, amount: '1024' });
    expect(b.json()).toMatchObject(issue('validation.staking.positionBonding', 'body.positionId'));
    expect(b.json().data.issues[0].message).toBe('This stake is still bonding and cannot be unstaked yet.');

    const lockedUntil = new Date(now() + 80 * DAY);
    const short = await position({ period: 'SHORT', activeAt: new Date(now() - 10 * DAY), lockedUntil });
    const l = await unstake({ positionId: short.id, amount: '1024' });
    expect(l.json()).toMatchObject(issue('validation.staking.positionLocked', 'body.positionId'));
    expect(l.json().data.issues[0].message).toBe(`This stake is locked until ${lockedUntil.toISOString()}.`);
    expect((await nativeBalance(t, s.wallet.id)).locked).toBe(0n);
  });

  it('refuses more than the position, a remainder under 1024 IP, and less than the minimum unstake', async () => {
    await fund(IP(10_000n));
    const p = await position({ amount: IP(2048n).toString() });
    const over = await unstake({ positionId: p.id, amount: '2048.000000001' });
    expect(over.json()).toMatchObject(issue('validation.staking.exceedsPosition'));
    expect(over.json().data.issues[0].message).toBe('You can unstake up to 2048 IP.');
    const rest = await unstake({ positionId: p.id, amount: '1500' });
    expect(rest.json()).toMatchObject(issue('validation.staking.remainderBelowMinimum'));
    expect(rest.json().data.issues[0].message).toBe('What stays staked must be 0 or at least 1024 IP.');
    const small = await unstake({ positionId: p.id, amount: '100' });
    expect(small.json()).toMatchObject(issue('validation.amount.belowMinimum'));
    const subGwei = await unstake({ positionId: p.id, amount: '1024.0000000001' });
    expect(subGwei.json()).toMatchObject(issue('validation.staking.roundedToGwei'));
    expect((await nativeBalance(t, s.wallet.id)).locked).toBe(0n);
  });

  it('holds the fee reserve and the unstake fee; a second open unstake of the position is 4012', async () => {
    await fund(IP(10_000n));
    const p = await position({ amount: IP(2048n).toString() });
    const first = await unstake({ positionId: p.id, amount: '1024' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      itemType: 'STAKING_UNSTAKE',
      decisionStatus: 'IN_PROGRESS',
      content: {
        kind: 'STAKING_UNSTAKE',
        positionId: p.id,
        delegationId: p.delegationId,
        validatorId: HANBIT,
        amount: IP(1024n).toString(),
        feeReserve: (GAS + IP(1n)).toString(),
      },
    });
    // 0.01 IP of gas and the contract's 1 IP fee: the unstaked principal is not the wallet's to hold.
    expect((await nativeBalance(t, s.wallet.id)).locked).toBe(IP(1n) + GAS);

    const second = await unstake({ positionId: p.id, amount: '2048' });
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json()).toMatchObject({ code: '4012' });
    // The refused one's hold went with its transaction.
    expect((await nativeBalance(t, s.wallet.id)).locked).toBe(IP(1n) + GAS);

    expect((await cancelStake(first.json().id)).json()).toMatchObject({ decisionStatus: 'CANCELED' });
    expect((await nativeBalance(t, s.wallet.id)).locked).toBe(0n);
    // Once the first is closed, the whole position may be unstaked.
    const whole = await unstake({ positionId: p.id, amount: '2048' });
    expect(whole.statusCode, whole.body).toBe(200);
    await cancelStake(whole.json().id);
    expect((await nativeBalance(t, s.wallet.id)).locked).toBe(0n);
  });

  it("answers 4 (shortOf 'fee') when the balance cannot pay the unstake's fee", async () => {
    await fund(IP(10_000n));
    const p = await position();
    await fund(IP(1n));
    const res = await unstake({ positionId: p.id, amount: '1024' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: '4', data: { shortOf: 'fee', withdrawable: '1', symbol: 'IP' } });
    expect((await nativeBalance(t, s.wallet.id)).locked).toBe(0n);
  });
});

describe('claim rules', () => {
  it('refuses a validator with nothing claimable: none at all, or an unbonding not yet ended', async () => {
    await fund(IP(10_000n));
    const none = await claim({ validatorId: NAMSAN });
    expect(none.statusCode, none.body).toBe(400);
    expect(none.json()).toMatchObject(issue('validation.staking.nothingToClaim', 'body.validatorId'));
    expect(none.json().data.issues[0].message).toBe('There is nothing to claim from this validator yet.');
    // An emptied position earning nothing, its part still unbonding.
    const p = await position({ validatorId: NAMSAN, amount: '0', rewardRateBps: 0 });
    await unbonding(p, IP(1500n), new Date(now() + DAY));
    const unbondingStill = await claim({ validatorId: NAMSAN });
    expect(unbondingStill.json()).toMatchObject(issue('validation.staking.nothingToClaim', 'body.validatorId'));
  });

  it('makes a claim of the unbonded principal; a second open claim of the wallet and validator is 4012', async () => {
    await fund(IP(10_000n));
    const p = await position({ validatorId: JEJU, amount: '0', rewardRateBps: 0 });
    await unbonding(p, IP(1500n), new Date(now() - DAY));
    // Still unbonding: not in what the claim moves now.
    await unbonding(p, IP(1100n), new Date(now() + DAY));
    const made = await claim({ validatorId: JEJU });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({
      itemType: 'STAKING_CLAIM',
      decisionStatus: 'IN_PROGRESS',
      content: {
        kind: 'STAKING_CLAIM',
        walletId: s.wallet.id,
        validatorId: JEJU,
        validatorName: 'Jeju Validator',
        principal: IP(1500n).toString(),
        rewards: '0',
      },
    });
    // A claim holds nothing: the chain pays it.
    expect((await nativeBalance(t, s.wallet.id)).locked).toBe(0n);
    const id = made.json().id as string;

    const second = await claim({ validatorId: JEJU.toUpperCase().replace('0X', '0x') });
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json()).toMatchObject({ code: '4012' });

    // The stake door does not decide a claim.
    const wrongDoor = await s.approver.request(
      'POST',
      `${STORY}/stake-request/approve`,
      { requestId: id, otpCode: await s.approver.otp() },
      EN,
    );
    expect(wrongDoor.statusCode, wrongDoor.body).toBe(404);
    expect((await cancelStake(id)).statusCode).toBe(404);

    const canceled = await s.requester.request('POST', `${STORY}/claim-request/cancel`, { requestId: id }, EN);
    expect(canceled.json()).toMatchObject({ decisionStatus: 'CANCELED' });
    const again = await claim({ validatorId: JEJU });
    expect(again.statusCode, again.body).toBe(200);
    const rejected = await s.approver.request(
      'POST',
      `${STORY}/claim-request/reject`,
      { requestId: again.json().id, otpCode: await s.approver.otp() },
      EN,
    );
    expect(rejected.json()).toMatchObject({ decisionStatus: 'REJECTED' });
  });

  it('holds rewards under the 8 IP payout threshold as accruing, and makes them claimable once past it', async () => {
    await fund(IP(10_000n));
    // 2048 locked IP with Hallasan (10 %, 5 % commission, half weight): about 5.3 IP in 20 days, 16 IP in 60.
    const since = new Date(now() - 20 * DAY);
    const p = await position({ validatorId: HALLASAN, tokenType: 'LOCKED', activeAt: since, settledAt: since });
    const early = await claim({ validatorId: HALLASAN });
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json()).toMatchObject(issue('validation.staking.rewardsAccruing', 'body.validatorId'));
    expect(early.json().data.issues[0].message).toMatch(
      /^Rewards of 5\.3\d+ IP are still accruing: Story pays rewards out from 8 IP\.$/,
    );
    await db()
      .update(stakingPositions)
      .set({ activeAt: new Date(now() - 60 * DAY), settledAt: new Date(now() - 60 * DAY) })
      .where(eq(stakingPositions.id, p.id));
    const made = await claim({ validatorId: HALLASAN });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().content.principal).toBe('0');
    expect(BigInt(made.json().content.rewards)).toBeGreaterThan(IP(15n));
    expect(BigInt(made.json().content.rewards)).toBeLessThan(IP(17n));
    await s.requester.request('POST', `${STORY}/claim-request/cancel`, { requestId: made.json().id }, EN);
  });
});

describe('the exempt owner', () => {
  it("approves the owner's stake at once (its step skipped), holding amount + fee reserve", async () => {
    await fund(IP(5000n));
    const res = await stake({ amount: '2000' }, s.owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ decisionStatus: 'APPROVED', steps: [{ status: 'SKIPPED' }] });
    expect((await nativeBalance(t, s.wallet.id)).locked).toBe(IP(2000n) + GAS);
  });
});
