// A stake calls the staking predeploy exactly once and settles once, wherever the engine dies. Approved stakes made
// through the API (so the hold in wallet_balances.locked is real) on a funded STORY_TESTNET wallet of the devnet:
//   - at named points: a child engine (staking.crash-child.ts) runs the 'staking' handler and advances the request's
//     chain transaction, SIGKILLing itself right after the request went EXECUTING, at each of the executor's crash
//     points, or inside the settlement's database transaction before its commit; then a fresh engine (the handler,
//     sweep and settlement startEngine runs, in this process) is handed the queued job again and finishes the row;
//   - at random moments: real engines SIGKILLed round after round while stakes keep coming, then a last one finishes
//     (the structure of withdrawal.crash.test.ts).
// Each stake must be one transaction in the devnet's ledger (one call, its value moved once, one nonce), one
// CONFIRMED chain_transactions row, one staking_positions row and one STAKE activity; the wallet's native row must
// have staked the amounts once, nothing held, and its total debited by each fee once: total − staked is exactly what
// the devnet says the wallet holds. Unstakes of the resulting positions are killed at the same named points. PostgreSQL
// only (engines in other processes need a server database).
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { canonicalAddress } from '@vaultline/chains';
import { fromBaseUnits, STORY_STAKING } from '@vaultline/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assetActivities,
  chainTransactions,
  devnetTransactions,
  requests,
  stakingPositions,
  stakingUnbondings,
  walletBalances,
} from '../db/schema/index.js';
import { requestExecution } from '../modules/approvals/request-execution.service.js';
import {
  ensureLedgerValidators,
  LEDGER_VALIDATORS,
  ledgerNetworks,
} from '../modules/staking/ledger-validators.service.js';
import { STAKING_PURPOSE, stakingExecution } from '../modules/staking/staking-execution.service.js';
import { createTestApp, type TestApp } from '../test/app.js';
import type { TestBrowser } from '../test/browser.js';
import { TEST_MASTER_KEY } from '../test/custody.js';
import { devnetEngine } from '../test/devnet.js';
import { createMember, createOrganization, grant, signIn } from '../test/fixtures.js';
import type { CreatedWallet } from '../test/wallet-fixtures.js';
import { sleep } from './chains/anvil.js';
import { engineHandlers } from './engine.js';
import { delegationIdReader } from './staking.js';
import { doomedEngines } from './transactions/doomed-engine.js';
import { CRASH_POINTS } from './transactions/executor.js';
import { chainSweeper } from './transactions/sweeper.js';

/**
 * Rounds of random kills. The named points are each hit once per action (stake, unstake): the withdrawal crash test
 * already proves the executor's points over many rounds, this one what staking adds around them.
 */
const RANDOM_ROUNDS = 10;
/** Fixed, so a failing run can be replayed with the same kill moments. */
const SEED = 0x5eed;
const CHILD = fileURLToPath(new URL('./staking.crash-child.ts', import.meta.url));
const STORY = '/api/v1/organizations/staking/story';
const IP = (n: bigint) => n * 10n ** 18n;
const NATIVE = 'STORY_TESTNET.IP';
/** An earning validator accepting unlocked tokens. */
const HANBIT: string = LEDGER_VALIDATORS[0].validatorId;
const STAKE = IP(1024n);
const FUNDED = IP(25_000n);

/** Where the child engine dies: the executor's points, and around them the handler's start and the settlement. */
const POINTS = ['after-begin', ...CRASH_POINTS, 'inside-settlement'] as const;
type Point = (typeof POINTS)[number];
/** The request's chain transaction right after the child died at each point (null: none built yet). */
const ROW_AFTER_CRASH: Record<Point, string | null> = {
  'after-begin': null,
  'before-signed-write': 'BUILT',
  'after-signed': 'SIGNED',
  'before-broadcast-write': 'SIGNED',
  'after-broadcast': 'BROADCAST',
  'before-confirmed-write': 'BROADCAST',
  'inside-settlement': 'CONFIRMED',
};

/** mulberry32, as in withdrawal.crash.test.ts: kill moments vary by round, not by run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

interface Scene {
  orgId: string;
  wallet: CreatedWallet;
  /** At the wallet's creation step; the approver's approval is needed. */
  requester: TestBrowser;
  approver: TestBrowser;
}

describe.skipIf(process.env.TEST_DB_KIND !== 'postgres')('staking execution crash', () => {
  let t: TestApp;
  let operator: TestBrowser;
  let miner: ReturnType<typeof devnetEngine> | undefined;
  const engines = doomedEngines(TEST_MASTER_KEY);
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    // No engine running in this process: one engine at a time executes (a child, or the fresh one after its death).
    t = await createTestApp({
      ENGINE: 'off',
      AUTH_RATE_LIMIT_FACTOR: '50',
      DEVNET_BLOCK_MS: '0',
      CHAIN_SWEEP_MS: '0',
      DEVNET_CONFIRMATIONS: '1',
      // Positions earn at once, so an unstake may follow its stake without moving clocks in other processes.
      STAKING_BONDING_SECONDS: '0',
    });
    const db = t.testDb.database.db;
    operator = await signIn(t, await createMember(db, t.config, { kind: 'OPERATOR' }));
    // The devnet's validator set, as an engine's start would make it (none has started yet).
    await ensureLedgerValidators(db, ledgerNetworks(t.config));
    // The devnet's blocks (and the watcher crediting the faucet) come from here, every 40 ms, whoever is dead.
    miner = devnetEngine({
      db,
      config: { devnetBlockMs: 40, devnetConfirmations: 1 },
      log: t.app.log,
      now: t.clock.now,
    });
    miner.start();
  }, 60_000);
  afterAll(async () => {
    engines.killAll();
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await miner?.stop();
    await t?.close();
  });

  const engineEnv = () => ({
    CHAIN_SWEEP_MS: '50',
    DEVNET_BLOCK_MS: '0',
    DEVNET_CONFIRMATIONS: '1',
    STAKING_BONDING_SECONDS: '0',
    TRAVEL_RULE_SWEEP_MS: '0',
    // A killed worker's job is handed to the next engine after its heartbeat lapses; look for that every second.
    ENGINE_SUPERVISE_SECONDS: '1',
  });

  /** A wallet made the product's way, its creation job run here (the app has no engine to run it). */
  async function createWalletHere(owner: TestBrowser, orgId: string, name: string): Promise<CreatedWallet> {
    const base = `/api/v1/organizations/wallet-creation/evm/${orgId}/wallet-creation-request`;
    const created = await owner.post(`${base}/create`, { blockchain: 'STORY_TESTNET', name });
    const requestId = created.json().id as string;
    const approved = await owner.post(`${base}/${requestId}/approve`, { otpCode: await owner.otp() });
    expect(approved.statusCode, approved.body).toBe(200);
    const handlers = engineHandlers({ db: t.testDb.database.db, config: t.config, log: t.app.log, now: t.clock.now });
    await handlers.get('wallet-creation')!({ requestId, organizationId: orgId });
    const r = (await owner.post(`/api/v1/organizations/requests/${requestId}`, {})).json();
    return (await owner.request('GET', `/api/v1/organizations/wallets/${r.walletId}`)).json() as CreatedWallet;
  }

  /**
   * An organization whose STORY_TESTNET wallet has a requester at its creation step and an approver on its line
   * (as staking-scene.ts makes it), funded by the devnet's faucet, the deposit credited.
   */
  async function fundedScene(name: string): Promise<Scene> {
    const db = t.testDb.database.db;
    const orgId = (await createOrganization(db, name)).id;
    const ownerMember = await createMember(db, t.config, { organizationId: orgId });
    const requesterMember = await createMember(db, t.config, { organizationId: orgId });
    const approverMember = await createMember(db, t.config, { organizationId: orgId });
    await grant(db, ownerMember.id, ['OWNER']);
    const owner = await signIn(t, ownerMember);
    const wallet = await createWalletHere(owner, orgId, `${name} Story`);
    const added = await owner.post(`/api/v1/organizations/wallets/${wallet.id}/members/add`, {
      memberId: requesterMember.id,
      role: 'MEMBER',
    });
    expect(added.statusCode, added.body).toBe(200);
    const line = await owner.post(`/api/v1/organizations/requests/${wallet.id}/approval-line-templates`, {
      creation: [{ kind: 'MEMBER', memberId: requesterMember.id }],
      steps: [{ requiredApprovals: 1, approvers: [{ kind: 'MEMBER', memberId: approverMember.id }] }],
    });
    expect(line.statusCode, line.body).toBe(200);
    const s = {
      orgId,
      wallet,
      requester: await signIn(t, requesterMember),
      approver: await signIn(t, approverMember),
    };
    const funded = await operator.post('/api/v1/operations/devnet/deposits', {
      blockchain: 'STORY_TESTNET',
      toAddress: s.wallet.address,
      amount: fromBaseUnits(FUNDED, 18),
    });
    expect(funded.statusCode, funded.body).toBe(200);
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && (await nativeBalance(s.wallet.id)).total !== FUNDED) await sleep(50);
    expect(await nativeBalance(s.wallet.id)).toEqual({ total: FUNDED, staked: 0n, locked: 0n });
    return s;
  }

  /** The wallet's native row. */
  async function nativeBalance(walletId: string) {
    const [row] = await t.testDb.database.db
      .select()
      .from(walletBalances)
      .where(and(eq(walletBalances.walletId, walletId), eq(walletBalances.tokenId, NATIVE)));
    return { total: BigInt(row?.total ?? '0'), staked: BigInt(row?.staked ?? '0'), locked: BigInt(row?.locked ?? '0') };
  }

  /** An approved stake of `amount` on HANBIT: requester creates, approver approves; the job is queued. */
  async function approvedStake(s: Scene, amount: bigint) {
    const made = await s.requester.post(`${STORY}/stake-request`, {
      walletId: s.wallet.id,
      validatorId: HANBIT,
      period: 'FLEXIBLE',
      tokenType: 'UNLOCKED',
      amount: fromBaseUnits(amount, 18),
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().id as string;
    const approved = await s.approver.post(`${STORY}/stake-request/approve`, {
      requestId: id,
      otpCode: await s.approver.otp(),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await statusOf(id)).toBe('APPROVED');
    return { id, amount };
  }

  /** An approved unstake of `amount` of the position. */
  async function approvedUnstake(s: Scene, positionId: string, amount: bigint) {
    const made = await s.requester.post(`${STORY}/unstake-request`, {
      walletId: s.wallet.id,
      positionId,
      amount: fromBaseUnits(amount, 18),
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().id as string;
    const approved = await s.approver.post(`${STORY}/stake-request/approve`, {
      requestId: id,
      otpCode: await s.approver.otp(),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await statusOf(id)).toBe('APPROVED');
    return { id, amount, positionId };
  }

  async function statusOf(id: string) {
    const [row] = await t.testDb.database.db
      .select({ status: requests.status })
      .from(requests)
      .where(eq(requests.id, id));
    return row?.status;
  }

  async function untilEnded(ids: string[], ms: number) {
    const db = t.testDb.database.db;
    const statuses = async () =>
      db.select({ id: requests.id, status: requests.status }).from(requests).where(inArray(requests.id, ids));
    const deadline = Date.now() + ms;
    while (Date.now() < deadline && (await statuses()).some((r) => !['COMPLETE', 'FAILED'].includes(r.status)))
      await sleep(100);
    return statuses();
  }

  /**
   * A child engine loaded now (staking.crash-child.ts); `run` hands it one request to execute until it dies at
   * `crashAt`, and resolves with the signal it died of and its stderr.
   */
  function doomedChild() {
    const driver = t.testDb.database.driver;
    if (driver.kind !== 'postgres') throw new Error('postgres only');
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      env: { ...process.env, ...engineEnv(), DATABASE_URL: driver.url, MASTER_KEY: TEST_MASTER_KEY },
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    children.push(child);
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      if (stderr.length < 20_000) stderr += chunk.toString();
    });
    const exited = new Promise<{ signal: NodeJS.Signals | null; stderr: string }>((resolve) =>
      child.once('exit', (_code, signal) => resolve({ signal, stderr })),
    );
    return {
      run(requestId: string, organizationId: string, crashAt: Point) {
        child.stdin?.end(`${JSON.stringify({ crashAt, requestId, organizationId })}\n`);
        return exited;
      },
    };
  }

  /** The devnet's own record of what the wallet sent: every transaction from its address, in nonce order. */
  async function sentOnDevnet(address: string) {
    return t.testDb.database.db
      .select()
      .from(devnetTransactions)
      .where(
        and(
          eq(devnetTransactions.blockchain, 'STORY_TESTNET'),
          eq(devnetTransactions.fromAddress, canonicalAddress('STORY_TESTNET', address)),
        ),
      )
      .orderBy(asc(devnetTransactions.sequence));
  }

  /** What the devnet says the address holds: received − sent − fees (failed transactions move no value). */
  async function devnetHolding(address: string) {
    const rows = await t.testDb.database.db
      .select()
      .from(devnetTransactions)
      .where(eq(devnetTransactions.blockchain, 'STORY_TESTNET'));
    const at = canonicalAddress('STORY_TESTNET', address);
    let held = 0n;
    for (const r of rows) {
      if (r.toAddress === at && !r.willFail && r.tokenId === 'STORY_TESTNET.IP') held += BigInt(r.amount);
      if (r.fromAddress === at) held -= BigInt(r.fee) + (r.willFail ? 0n : BigInt(r.amount));
    }
    return held;
  }

  /**
   * Everything one request left, checked against the devnet: one CONFIRMED chain transaction, which is in the
   * devnet's ledger once (a staking call from the wallet with the value given), and the fee the wallet was charged.
   */
  async function oneCall(requestId: string, address: string, value: bigint) {
    const db = t.testDb.database.db;
    const rows = await db.select().from(chainTransactions).where(eq(chainTransactions.requestId, requestId));
    expect(rows.map((r) => [r.purpose, r.status])).toEqual([[STAKING_PURPOSE, 'CONFIRMED']]);
    const row = rows[0]!;
    const onLedger = (await sentOnDevnet(address)).filter((d) => d.hash === row.hash);
    expect(onLedger).toHaveLength(1);
    expect(onLedger[0]).toMatchObject({
      toAddress: canonicalAddress('STORY_TESTNET', STORY_STAKING.contractAddress),
      amount: value.toString(),
      willFail: false,
      sequence: row.sequence,
    });
    expect(onLedger[0]!.blockHeight).not.toBeNull();
    const fee = BigInt(onLedger[0]!.fee);
    expect(BigInt(row.feePaid ?? row.fee)).toBe(fee);
    return { row, fee };
  }

  async function positionsOf(requestId: string) {
    return t.testDb.database.db.select().from(stakingPositions).where(eq(stakingPositions.requestId, requestId));
  }

  async function stakeActivities(requestId: string) {
    return t.testDb.database.db
      .select()
      .from(assetActivities)
      .where(and(eq(assetActivities.requestId, requestId), eq(assetActivities.activityType, 'STAKE')));
  }

  it(`${POINTS.length} stakes, the engine killed at every point in turn, then unstakes: one call each, settled once`, async () => {
    const db = t.testDb.database.db;
    const s = await fundedScene('Crash Stake Points');
    const address = s.wallet.address;
    let fees = 0n;
    let staked = 0n;
    const stakes: { id: string; amount: bigint; positionId: string }[] = [];
    // The fresh engine, made of what startEngine runs (the staking handler, the sweep and the settlement after it)
    // in this process: it starts only once the child is dead.
    const handlers = engineHandlers({ db, config: t.config, log: t.app.log, now: t.clock.now });
    const execution = requestExecution(db, t.clock.now);
    const settlement = stakingExecution(db, t.config);
    const sweeper = chainSweeper({
      db,
      config: t.config,
      log: t.app.log,
      now: t.clock.now,
      afterTick: () => settlement.settleFinished(execution, t.clock.now, delegationIdReader(t.config)),
    });
    // The next child loads while the current round runs.
    let doomed = doomedChild();

    /** One request through a doomed child and a fresh engine; `left` checks what the dead one left. */
    async function crashAndFinish(round: number, id: string, crashAt: Point) {
      const label = `round ${round} (${crashAt})`;
      const child = doomed;
      doomed = doomedChild();
      const died = await child.run(id, s.orgId, crashAt);
      expect(died.signal, `${label} ${died.stderr}`).toBe('SIGKILL');
      const left = await db.select().from(chainTransactions).where(eq(chainTransactions.requestId, id));
      expect(
        left.map((r) => r.status),
        label,
      ).toEqual(ROW_AFTER_CRASH[crashAt] ? [ROW_AFTER_CRASH[crashAt]] : []);
      // Nothing settled by the dead one: the settlement is all or nothing.
      expect(await statusOf(id), label).toBe('EXECUTING');

      // The queued job comes to the fresh engine (as the queue hands it on): it must find the row, not build another.
      await handlers.get('staking')!({ requestId: id, organizationId: s.orgId });
      const rows = await db.select().from(chainTransactions).where(eq(chainTransactions.requestId, id));
      expect(rows, label).toHaveLength(1);
      if (left[0]) expect(rows[0]!.id, label).toBe(left[0].id);
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline && !['COMPLETE', 'FAILED'].includes((await statusOf(id))!)) {
        await sweeper.tick();
        await sleep(20);
      }
      expect(await statusOf(id), label).toBe('COMPLETE');
      return label;
    }

    for (let round = 0; round < POINTS.length; round++) {
      const crashAt = POINTS[round % POINTS.length]!;
      const amount = STAKE + BigInt(round) * 10n ** 9n; // distinct, whole gwei
      const { id } = await approvedStake(s, amount);
      const label = await crashAndFinish(round, id, crashAt);

      const { fee } = await oneCall(id, address, amount);
      fees += fee;
      staked += amount;
      const positions = await positionsOf(id);
      expect(positions, label).toHaveLength(1);
      expect(positions[0]!.amount, label).toBe(amount.toString());
      expect(await stakeActivities(id), label).toHaveLength(1);
      expect(await sentOnDevnet(address), label).toHaveLength(round + 1);
      expect(await nativeBalance(s.wallet.id), label).toEqual({ total: FUNDED - fees, staked, locked: 0n });
      expect(FUNDED - fees - staked, label).toBe(await devnetHolding(address));
      stakes.push({ id, amount, positionId: positions[0]!.id });
    }

    // Unstakes of the positions just made, the same points in turn: one call paying the contract's fee, one
    // unbonding, the position reduced once; the principal stays staked (it is the wallet's until claimed).
    for (let i = 0; i < POINTS.length; i++) {
      const round = POINTS.length + i;
      const crashAt = POINTS[i]!;
      const stake = stakes[i]!;
      // The whole position: a remainder under the minimum stake is refused.
      const { id } = await approvedUnstake(s, stake.positionId, stake.amount);
      const label = await crashAndFinish(round, id, crashAt);

      const { fee } = await oneCall(id, address, STORY_STAKING.unstakeFee);
      fees += fee + STORY_STAKING.unstakeFee;
      const unbondings = await db.select().from(stakingUnbondings).where(eq(stakingUnbondings.requestId, id));
      expect(
        unbondings.map((u) => [u.positionId, u.amount]),
        label,
      ).toEqual([[stake.positionId, stake.amount.toString()]]);
      const [position] = await db.select().from(stakingPositions).where(eq(stakingPositions.id, stake.positionId));
      expect(position!.amount, label).toBe('0');
      expect(await sentOnDevnet(address), label).toHaveLength(round + 1);
      expect(await nativeBalance(s.wallet.id), label).toEqual({ total: FUNDED - fees, staked, locked: 0n });
      // On the devnet the unstaked principal is still with the contract: the wallet paid the fee and gas only.
      expect(FUNDED - fees - staked, label).toBe(await devnetHolding(address));
    }
  }, 600_000);

  it(`${RANDOM_ROUNDS} engines SIGKILLed at random moments while stakes come: one call per stake, settled once`, async () => {
    const db = t.testDb.database.db;
    const s = await fundedScene('Crash Stake Random');
    const next = random(SEED);
    const made: { id: string; amount: bigint }[] = [];
    // Engines load two rounds ahead, while earlier ones run: a round costs an engine's start, not a whole boot.
    const standby = [engines.engine(t.testDb.database, engineEnv()), engines.engine(t.testDb.database, engineEnv())];
    for (let round = 0; round < RANDOM_ROUNDS; round++) {
      const engine = standby.shift()!;
      await engine.start();
      if (round < RANDOM_ROUNDS - 1) standby.push(engines.engine(t.testDb.database, engineEnv()));
      // A new stake while it runs (what it and the earlier ones are doing when it dies is up to the moment).
      made.push(await approvedStake(s, STAKE + BigInt(round) * 10n ** 9n));
      await sleep(Math.floor(next() * 1500));
      await engine.kill();
    }

    // A last engine, left alone: it takes up the rows and (after their heartbeat lapses) the jobs the dead left.
    const survivor = standby.shift()!;
    await survivor.start();
    const ids = made.map((m) => m.id);
    const ended = await untilEnded(ids, 90_000);
    await survivor.kill();

    expect(ended.filter((r) => r.status !== 'COMPLETE')).toEqual([]);
    let fees = 0n;
    for (const m of made) {
      const { fee } = await oneCall(m.id, s.wallet.address, m.amount);
      fees += fee;
      const positions = await positionsOf(m.id);
      expect(
        positions.map((p) => p.amount),
        `stake ${m.id}`,
      ).toEqual([m.amount.toString()]);
      expect(await stakeActivities(m.id), `stake ${m.id}`).toHaveLength(1);
    }
    // The wallet's nonce counts one transaction per stake; the booked row moved each amount and fee once.
    expect(await sentOnDevnet(s.wallet.address)).toHaveLength(RANDOM_ROUNDS);
    const staked = made.reduce((sum, m) => sum + m.amount, 0n);
    expect(await nativeBalance(s.wallet.id)).toEqual({ total: FUNDED - fees, staked, locked: 0n });
    expect(FUNDED - fees - staked).toBe(await devnetHolding(s.wallet.address));
    const rows = await db.select().from(chainTransactions).where(inArray(chainTransactions.requestId, ids));
    expect(rows).toHaveLength(RANDOM_ROUNDS);
  }, 600_000);
});
