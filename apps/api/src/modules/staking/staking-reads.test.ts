import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stakingPositions, stakingUnbondings } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { setBalance } from '../../test/asset-fixtures.js';
import { TestBrowser as Browser } from '../../test/browser.js';
import { createMember, createOrganization, grant, signIn } from '../../test/fixtures.js';
import { type CreatedWallet, createWallet } from '../../test/wallet-fixtures.js';
import { LEDGER_VALIDATORS } from './ledger-validators.service.js';
import { HALLASAN, HANBIT, IP, NAMSAN, NATIVE, STORY, type StakingScene, stakingScene } from './staking-scene.js';

/**
 * The six staking reads: protocols, validators, wallets, overview, one validator and one wallet, each scoped to what
 * the caller sees. The ledger rows are written directly (settlement is the engine's, tested elsewhere):
 *   the scene's wallet: Hanbit 2048 IP FLEXIBLE (ACTIVE, 1024 IP of it unstaked and unbonded: claimable),
 *                       Namsan 1024 IP SHORT (ACTIVE, locked for 80 more days);
 *   another wallet of the organization (the bystander is no member of it): Jeju 4096 IP;
 *   another organization's wallet: Namsan 1024 IP (in the network total, never in this organization's figures).
 */
let t: TestApp;
let s: StakingScene;
let other: CreatedWallet;
let ethereum: CreatedWallet;
let foreign: { orgId: string; wallet: CreatedWallet };
let positions: { hanbit: string; namsan: string; jeju: string; unbonding: string };
/** A stake request id no ledger row uses yet. */
let spareRequestId: string;
const JEJU = LEDGER_VALIDATORS[2].validatorId;
const S = '/api/v1/organizations/staking';
const DAY = 86_400_000;
const EN = { headers: { 'accept-language': 'en' } };
const BONDING = 45;
const UNBONDING = 7_200;

const db = () => t.testDb.database.db;
const now = () => t.clock.now().getTime();

beforeAll(async () => {
  t = await createTestApp({
    AUTH_RATE_LIMIT_FACTOR: '50',
    DEVNET_BLOCK_MS: '0',
    CHAIN_SWEEP_MS: '0',
    STAKING_BONDING_SECONDS: String(BONDING),
    STAKING_UNBONDING_SECONDS: String(UNBONDING),
  });
  s = await stakingScene(t, 'Stake Reads');
  other = await createWallet(s.owner, s.orgId, 'STORY_TESTNET', 'Stake Reads Other');
  ethereum = await createWallet(s.owner, s.orgId, 'ETHEREUM', 'Stake Reads Ether');
  const orgId = (await createOrganization(db(), 'Stake Reads Foreign')).id;
  const boss = await createMember(db(), t.config, { organizationId: orgId });
  await grant(db(), boss.id, ['OWNER']);
  foreign = { orgId, wallet: await createWallet(await signIn(t, boss), orgId, 'STORY_TESTNET', 'Foreign Story') };

  // Request ids for the ledger rows: stake requests made and canceled.
  await setBalance(db(), s.orgId, s.wallet, NATIVE, { total: IP(100_000n).toString() });
  const ids: string[] = [];
  for (let i = 0; i < 6; i++) {
    const made = await s.requester.post(`${STORY}/stake-request`, {
      walletId: s.wallet.id,
      validatorId: HANBIT,
      period: 'FLEXIBLE',
      tokenType: 'UNLOCKED',
      amount: '1024',
    });
    if (made.statusCode !== 200) throw new Error(made.body);
    ids.push(made.json().id);
    await s.requester.post(`${STORY}/stake-request/cancel`, { requestId: made.json().id });
  }
  const past = new Date(now() - 10 * DAY);
  const row = (over: Partial<typeof stakingPositions.$inferInsert>) => ({
    organizationId: s.orgId,
    walletId: s.wallet.id,
    blockchain: 'STORY_TESTNET',
    validatorId: HANBIT,
    requestId: ids.pop()!,
    delegationId: String(1000 + ids.length),
    period: 'FLEXIBLE' as const,
    tokenType: 'UNLOCKED' as const,
    amount: IP(2048n).toString(),
    commissionBps: 500,
    rewardRateBps: 1_000,
    settledAt: past,
    stakedAt: new Date(now() - 11 * DAY),
    activeAt: past,
    lockedUntil: past,
    ...over,
  });
  const inserted = await db()
    .insert(stakingPositions)
    .values([
      row({}),
      row({
        validatorId: NAMSAN,
        amount: IP(1024n).toString(),
        period: 'SHORT',
        commissionBps: 1_000,
        rewardRateBps: 1_500,
        lockedUntil: new Date(now() + 80 * DAY),
      }),
      row({ walletId: other.id, validatorId: JEJU, amount: IP(4096n).toString() }),
      row({
        organizationId: foreign.orgId,
        walletId: foreign.wallet.id,
        validatorId: NAMSAN,
        amount: IP(1024n).toString(),
      }),
    ])
    .returning();
  const [hanbit, namsan, jeju] = inserted;
  const [unbonding] = await db()
    .insert(stakingUnbondings)
    .values({
      organizationId: s.orgId,
      positionId: hanbit!.id,
      walletId: s.wallet.id,
      validatorId: HANBIT,
      requestId: ids.pop()!,
      amount: IP(1024n).toString(),
      startedAt: new Date(now() - 3 * DAY),
      endsAt: new Date(now() - DAY),
    })
    .returning();
  positions = { hanbit: hanbit!.id, namsan: namsan!.id, jeju: jeju!.id, unbonding: unbonding!.id };
  spareRequestId = ids.pop()!;
  // The balances as settlement leaves them: staked is what is delegated and unbonding (3072 + the unbonded 1024).
  await setBalance(db(), s.orgId, s.wallet, NATIVE, { total: IP(5000n).toString(), staked: IP(4096n).toString() });
  await setBalance(db(), s.orgId, other, NATIVE, { total: IP(4200n).toString(), staked: IP(4096n).toString() });
});
afterAll(async () => {
  await t?.close();
});

const get = (who: Browser, path: string) => who.request('GET', path, undefined, EN);

describe('protocols', () => {
  it('lists Story on both networks with its minimums, fee, periods, and bonding and unbonding from config', async () => {
    const res = await get(s.requester, `${S}/protocols`);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items;
    expect(items.map((p: { blockchain: string }) => p.blockchain)).toEqual(['STORY', 'STORY_TESTNET']);
    expect(items[1]).toEqual({
      stakingProtocol: 'STORY_LOCKED_STAKING',
      blockchain: 'STORY_TESTNET',
      symbol: 'IP',
      decimals: 18,
      contractAddress: '0xCCcCcC0000000000000000000000000000000001',
      minimumStakableAmount: '1024',
      minimumUnstakableAmount: '1024',
      unstakeFee: '1',
      bondingSeconds: BONDING,
      unbondingSeconds: UNBONDING,
      rewardPayoutThreshold: '8',
      lockedTokenWeight: '0.50',
      periods: [
        { period: 'FLEXIBLE', lockSeconds: 0, rewardMultiplier: '1.00' },
        { period: 'SHORT', lockSeconds: 90 * 86_400, rewardMultiplier: '1.10' },
        { period: 'MEDIUM', lockSeconds: 360 * 86_400, rewardMultiplier: '1.50' },
        { period: 'LONG', lockSeconds: 540 * 86_400, rewardMultiplier: '2.00' },
      ],
    });
    const one = await get(s.requester, `${S}/protocols?blockchain=STORY_TESTNET`);
    expect(one.json().items).toHaveLength(1);
    // A network without staking has no protocol.
    expect((await get(s.requester, `${S}/protocols?blockchain=ETHEREUM`)).json().items).toEqual([]);
  });
});

describe('validators', () => {
  it('lists the 4 ledger validators per Story network, with commission and return as percent strings', async () => {
    const all = (await get(s.owner, `${S}/validators`)).json().items as { blockchain: string }[];
    expect(all.filter((v) => v.blockchain === 'STORY')).toHaveLength(4);
    expect(all.filter((v) => v.blockchain === 'STORY_TESTNET')).toHaveLength(4);

    const res = await get(s.owner, `${S}/validators?blockchain=STORY_TESTNET`);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as { validatorId: string }[];
    expect(items).toHaveLength(4);
    const byId = new Map(items.map((v) => [v.validatorId, v]));
    expect(byId.get(HANBIT)).toEqual({
      validatorId: HANBIT,
      blockchain: 'STORY_TESTNET',
      stakingProtocol: 'STORY_LOCKED_STAKING',
      name: 'Hanbit Staking',
      operatorAddress: LEDGER_VALIDATORS[0].operatorAddress,
      commission: '5.00',
      // The network's other delegators and every organization's positions.
      totalStaked: '2402048',
      organizationStaked: '2048',
      // 10 % less 5 % commission.
      estimatedYearlyReturn: '9.50',
      uptime: '99.98',
      tokenType: 'UNLOCKED',
      active: true,
    });
    // Another organization's 1024 IP counts in the network's total, not in this organization's.
    expect(byId.get(NAMSAN)).toMatchObject({
      commission: '10.00',
      totalStaked: '1152048',
      organizationStaked: '1024',
      estimatedYearlyReturn: '13.50',
      uptime: '99.90',
    });
    expect(byId.get(JEJU)).toMatchObject({ commission: '8.00', totalStaked: '644096', organizationStaked: '4096' });
    expect(byId.get(HALLASAN)).toMatchObject({ tokenType: 'LOCKED', totalStaked: '5300000', organizationStaked: '0' });

    // The same set on the other network, without this organization's testnet positions.
    const main = (await get(s.owner, `${S}/validators?blockchain=STORY`)).json().items as { validatorId: string }[];
    expect(main.find((v) => v.validatorId === HANBIT)).toMatchObject({
      totalStaked: '2400000',
      organizationStaked: '0',
    });
  });

  it('answers one validator with its periods, minimum and the positions the caller sees; 404 for an unknown one', async () => {
    const res = await get(s.owner, `${STORY}/validators/${HANBIT}?blockchain=STORY_TESTNET`);
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json();
    expect(v).toMatchObject({
      validatorId: HANBIT,
      blockchain: 'STORY_TESTNET',
      minimumStakableAmount: '1024',
      totalStaked: '2402048',
    });
    expect(v.periods).toHaveLength(4);
    expect(v.positions.map((p: { positionId: string; state: string }) => [p.positionId, p.state])).toEqual([
      [positions.hanbit, 'ACTIVE'],
      [positions.unbonding, 'UNBONDED'],
    ]);
    // Upper-case ids are the same validator.
    const upper = await get(
      s.owner,
      `${STORY}/validators/${HANBIT.toUpperCase().replace('0X', '0x')}?blockchain=STORY_TESTNET`,
    );
    expect(upper.json()).toMatchObject({ validatorId: HANBIT });

    const unknown = await get(s.owner, `${STORY}/validators/0x02${'ab'.repeat(32)}`);
    expect(unknown.statusCode, unknown.body).toBe(404);
    expect(unknown.json()).toMatchObject({ code: '404' });

    // The bystander does not see the other wallet's Jeju position; the outsider sees none of this organization's.
    const jeju = await get(s.bystander, `${STORY}/validators/${JEJU}?blockchain=STORY_TESTNET`);
    expect(jeju.json().positions).toEqual([]);
    const outsider = await get(s.outsider, `${STORY}/validators/${HANBIT}?blockchain=STORY_TESTNET`);
    expect(outsider.json()).toMatchObject({ totalStaked: '2402048', organizationStaked: '0', positions: [] });
  });
});

describe('wallets', () => {
  it('lists only the staking-network wallets the caller sees, with balance, withdrawable, staked and claimable', async () => {
    const owner = (await get(s.owner, `${S}/wallets`)).json().items as { walletId: string }[];
    expect(owner.map((w) => w.walletId).sort()).toEqual([s.wallet.id, other.id].sort());
    expect(owner.map((w) => w.walletId)).not.toContain(ethereum.id);
    const mine = owner.find((w) => w.walletId === s.wallet.id)!;
    expect(mine).toMatchObject({
      walletName: 'Stake Reads Story',
      blockchain: 'STORY_TESTNET',
      address: s.wallet.address,
      balance: '5000',
      withdrawable: '904',
      staked: '4096',
      claimable: { principal: '1024' },
    });
    const m = mine as unknown as { claimable: { rewards: string; total: string }; rewards: string };
    // Earned (10 days on Hanbit and Namsan) but each pair below Story's 8 IP payout threshold: accruing, not claimable.
    expect(Number(m.rewards)).toBeGreaterThan(0);
    expect(Number(m.rewards)).toBeLessThan(16);
    expect(m.claimable.rewards).toBe('0');
    expect(m.claimable.total).toBe('1024');

    const bystander = (await get(s.bystander, `${S}/wallets`)).json().items as { walletId: string }[];
    expect(bystander.map((w) => w.walletId)).toEqual([s.wallet.id]);
    // In the approval line, but a member of no wallet and without WALLETS_VIEW.
    expect((await get(s.approver, `${S}/wallets`)).json().items).toEqual([]);
    const outsider = (await get(s.outsider, `${S}/wallets`)).json().items as { walletId: string }[];
    expect(outsider.map((w) => w.walletId)).not.toContain(s.wallet.id);
    expect(outsider.map((w) => w.walletId)).not.toContain(other.id);
    expect((await get(s.owner, `${S}/wallets?blockchain=STORY`)).json().items).toEqual([]);
  });

  it('answers one wallet with its positions, unbondings, claimable per validator and the largest stake', async () => {
    const res = await get(s.requester, `${STORY}/wallets/${s.wallet.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const w = res.json();
    expect(w).toMatchObject({ walletId: s.wallet.id, balance: '5000', withdrawable: '904', staked: '4096' });
    // Withdrawable less the 0.01 IP gas reserve of a stake.
    expect(w.maxStakeAmount).toBe('903.99');
    const byId = new Map(w.positions.map((p: { positionId: string }) => [p.positionId, p]));
    expect(byId.size).toBe(3);
    expect(byId.get(positions.hanbit)).toMatchObject({ state: 'ACTIVE', amount: '2048', canUnstake: true });
    expect(byId.get(positions.namsan)).toMatchObject({
      state: 'ACTIVE',
      period: 'SHORT',
      amount: '1024',
      canUnstake: false,
      estimatedYearlyReturn: '14.85',
    });
    expect(byId.get(positions.unbonding)).toMatchObject({
      state: 'UNBONDED',
      amount: '1024',
      validatorId: HANBIT,
      canUnstake: false,
      unbondingEndsAt: expect.any(String),
    });
    const claimable = new Map(w.claimableByValidator.map((c: { validatorId: string }) => [c.validatorId, c]));
    // Namsan's rewards are under the payout threshold: it has nothing claimable, so it is not listed.
    expect([...claimable.keys()]).toEqual([HANBIT]);
    expect(claimable.get(HANBIT)).toMatchObject({ validatorName: 'Hanbit Staking', principal: '1024', rewards: '0' });
    expect(Number((byId.get(positions.namsan) as { rewards: string }).rewards)).toBeGreaterThan(0);

    const filtered = await get(s.requester, `${STORY}/wallets/${s.wallet.id}?validatorId=${NAMSAN}`);
    expect(filtered.json().positions.map((p: { positionId: string }) => p.positionId)).toEqual([positions.namsan]);
  });

  it('answers 404 across organizations and for a wallet the caller does not see, 4000 off the staking networks', async () => {
    expect((await get(s.outsider, `${STORY}/wallets/${s.wallet.id}`)).statusCode).toBe(404);
    expect((await get(s.approver, `${STORY}/wallets/${s.wallet.id}`)).statusCode).toBe(404);
    expect((await get(s.bystander, `${STORY}/wallets/${other.id}`)).statusCode).toBe(404);
    expect((await get(s.owner, `${STORY}/wallets/${crypto.randomUUID()}`)).statusCode).toBe(404);
    const eth = await get(s.owner, `${STORY}/wallets/${ethereum.id}`);
    expect(eth.statusCode, eth.body).toBe(400);
    expect(eth.json()).toMatchObject({ code: '4000' });
    const badId = await get(s.owner, `${STORY}/wallets/not-a-uuid`);
    expect(badId.json()).toMatchObject({ code: '4000' });
  });
});

describe('overview', () => {
  it("totals the organization's staking per network with 30 days of rewards history", async () => {
    const res = await get(s.owner, S);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as Record<string, unknown>[];
    expect(items.map((i) => i.blockchain)).toEqual(['STORY', 'STORY_TESTNET']);
    const [main, testnet] = items as {
      totalStaked: string;
      claimable: { principal: string; rewards: string; total: string };
      rewardsEarned: string;
      positions: number;
      wallets: number;
      rewardsHistory: { date: string; rewards: string }[];
    }[];
    expect(main).toMatchObject({ totalStaked: '0', rewardsEarned: '0', positions: 0, wallets: 0 });
    expect(testnet).toMatchObject({
      stakingProtocol: 'STORY_LOCKED_STAKING',
      symbol: 'IP',
      totalStaked: '8192',
      claimable: { principal: '1024' },
      positions: 3,
      wallets: 2,
    });
    expect(Number(testnet!.rewardsEarned)).toBeGreaterThan(0);
    // Nothing was claimed yet, but only the pairs past the 8 IP payout threshold are claimable: Jeju's 4096 IP over 10
    // days (about 12 IP), not the scene wallet's Hanbit and Namsan rewards (about 5 IP each).
    const claimableRewards = Number(testnet!.claimable.rewards);
    expect(claimableRewards).toBeGreaterThanOrEqual(8);
    expect(claimableRewards).toBeLessThan(Number(testnet!.rewardsEarned));

    const history = testnet!.rewardsHistory;
    expect(history).toHaveLength(30);
    expect(main!.rewardsHistory).toHaveLength(30);
    const dates = history.map((h) => h.date);
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(dates).size).toBe(30);
    // Today in Seoul is the last point, up to now: all rewards earned so far.
    const seoulToday = new Date(now() + 9 * 3_600_000).toISOString().slice(0, 10);
    expect(dates.at(-1)).toBe(seoulToday);
    expect(history.at(-1)!.rewards).toBe(testnet!.rewardsEarned);
    // Rewards only grow, and nothing was earned before the positions became active (10 days ago).
    const values = history.map((h) => Number(h.rewards));
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeGreaterThanOrEqual(values[i - 1]!);
    expect(values[0]).toBe(0);
  });

  it('counts only the wallets the caller sees; another organization sees none of it', async () => {
    const one = (await get(s.bystander, `${S}?blockchain=STORY_TESTNET`)).json().items;
    expect(one).toHaveLength(1);
    expect(one[0]).toMatchObject({ totalStaked: '4096', positions: 2, wallets: 1, claimable: { principal: '1024' } });
    const outsider = (await get(s.outsider, `${S}?blockchain=STORY_TESTNET`)).json().items;
    expect(outsider[0]).toMatchObject({ totalStaked: '0', rewardsEarned: '0', positions: 0, wallets: 0 });
    expect(outsider[0].rewardsHistory.every((h: { rewards: string }) => h.rewards === '0')).toBe(true);
  });
});

describe('query validation and sessions', () => {
  it('answers 4000 for an unknown network or an unknown query key, and 401 without a session', async () => {
    for (const path of [`${S}/protocols`, `${S}/validators`, `${S}/wallets`, S]) {
      const bad = await get(s.owner, `${path}?blockchain=NOPE_ECHO`);
      expect(bad.statusCode, `${path}: ${bad.body}`).toBe(400);
      expect(bad.json().code).toBe('4000');
      expect(bad.body).not.toContain('ECHO');
      const extra = await get(s.owner, `${path}?sneaky=1`);
      expect(extra.json().code, path).toBe('4000');
      const protocol = await get(s.owner, `${path}?stakingProtocol=NOPE`);
      expect(protocol.json().code, path).toBe('4000');
      expect((await new Browser(t.app).request('GET', path)).statusCode).toBe(401);
    }
    const detail = await get(s.owner, `${STORY}/validators/${HANBIT}?blockchain=NOPE`);
    expect(detail.json().code).toBe('4000');
  });
});

describe('known gaps (failing until fixed in staking.service.ts)', () => {
  it("without a blockchain query, a validator's detail shows the organization's positions with it", async () => {
    // The web's validator drawer asks this way (features/staking/api.ts: query {}). The ledger seeds the same ids on
    // STORY and STORY_TESTNET; the organization's Hanbit stake is on STORY_TESTNET.
    const res = await get(s.owner, `${STORY}/validators/${HANBIT}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().positions.map((p: { positionId: string }) => p.positionId)).toContain(positions.hanbit);
    expect(res.json()).toMatchObject({ blockchain: 'STORY_TESTNET', organizationStaked: '2048' });
  });

  it("a claimed unbonding leaves the validator's detail as it leaves the wallet's", async () => {
    const [claimed] = await db()
      .insert(stakingUnbondings)
      .values({
        organizationId: s.orgId,
        positionId: positions.namsan,
        walletId: s.wallet.id,
        validatorId: NAMSAN,
        requestId: spareRequestId,
        amount: IP(1024n).toString(),
        startedAt: new Date(now() - 20 * DAY),
        endsAt: new Date(now() - 6 * DAY),
        claimRequestId: spareRequestId,
        claimedAt: new Date(now() - 5 * DAY),
      })
      .returning();
    const ids = (list: { positionId: string }[]) => list.map((p) => p.positionId);
    const wallet = (await get(s.owner, `${STORY}/wallets/${s.wallet.id}`)).json();
    expect(ids(wallet.positions)).not.toContain(claimed!.id);
    const validator = (await get(s.owner, `${STORY}/validators/${NAMSAN}?blockchain=STORY_TESTNET`)).json();
    expect(ids(validator.positions)).toEqual([positions.namsan]);
  });
});
