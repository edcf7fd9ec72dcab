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
// only (engines in other processes need a server database). The scene, the child engine and the ledger reads live in
// staking.crash.scene.ts and staking.crash.ledger.ts.
import type { ChildProcess } from 'node:child_process';
import { STORY_STAKING } from '@vaultline/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainTransactions, stakingPositions, stakingUnbondings } from '../db/schema/index.js';
import { requestExecution } from '../modules/approvals/request-execution.service.js';
import { ensureLedgerValidators, ledgerNetworks } from '../modules/staking/ledger-validators.service.js';
import { stakingExecution } from '../modules/staking/staking-execution.service.js';
import { createTestApp, type TestApp } from '../test/app.js';
import type { TestBrowser } from '../test/browser.js';
import { TEST_MASTER_KEY } from '../test/custody.js';
import { devnetEngine } from '../test/devnet.js';
import { createMember, signIn } from '../test/fixtures.js';
import { sleep } from './chains/anvil.js';
import { engineHandlers } from './engine.js';
import {
  devnetHolding,
  nativeBalance,
  oneCall,
  positionsOf,
  sentOnDevnet,
  stakeActivities,
} from './staking.crash.ledger.js';
import {
  approvedStake,
  approvedUnstake,
  doomedChild,
  engineEnv,
  FUNDED,
  fundedScene,
  POINTS,
  type Point,
  ROW_AFTER_CRASH,
  random,
  STAKE,
  statusOf,
  untilEnded,
} from './staking.crash.scene.js';
import { delegationIdReader } from './staking.js';
import { doomedEngines } from './transactions/doomed-engine.js';
import { chainSweeper } from './transactions/sweeper.js';

/**
 * Rounds of random kills. The named points are each hit once per action (stake, unstake): the withdrawal crash test
 * already proves the executor's points over many rounds, this one what staking adds around them.
 */
const RANDOM_ROUNDS = 10;
/** Fixed, so a failing run can be replayed with the same kill moments. */
const SEED = 0x5eed;

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

  it(`${POINTS.length} stakes, the engine killed at every point in turn, then unstakes: one call each, settled once`, async () => {
    const db = t.testDb.database.db;
    const s = await fundedScene(t, operator, 'Crash Stake Points');
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
    let doomed = doomedChild(t, children);

    /** One request through a doomed child and a fresh engine; `left` checks what the dead one left. */
    async function crashAndFinish(round: number, id: string, crashAt: Point) {
      const label = `round ${round} (${crashAt})`;
      const child = doomed;
      doomed = doomedChild(t, children);
      const died = await child.run(id, s.orgId, crashAt);
      expect(died.signal, `${label} ${died.stderr}`).toBe('SIGKILL');
      const left = await db.select().from(chainTransactions).where(eq(chainTransactions.requestId, id));
      expect(
        left.map((r) => r.status),
        label,
      ).toEqual(ROW_AFTER_CRASH[crashAt] ? [ROW_AFTER_CRASH[crashAt]] : []);
      // Nothing settled by the dead one: the settlement is all or nothing.
      expect(await statusOf(t, id), label).toBe('EXECUTING');

      // The queued job comes to the fresh engine (as the queue hands it on): it must find the row, not build another.
      await handlers.get('staking')!({ requestId: id, organizationId: s.orgId });
      const rows = await db.select().from(chainTransactions).where(eq(chainTransactions.requestId, id));
      expect(rows, label).toHaveLength(1);
      if (left[0]) expect(rows[0]!.id, label).toBe(left[0].id);
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline && !['COMPLETE', 'FAILED'].includes((await statusOf(t, id))!)) {
        await sweeper.tick();
        await sleep(20);
      }
      expect(await statusOf(t, id), label).toBe('COMPLETE');
      return label;
    }

    for (let round = 0; round < POINTS.length; round++) {
      const crashAt = POINTS[round % POINTS.length]!;
      const amount = STAKE + BigInt(round) * 10n ** 9n; // distinct, whole gwei
      const { id } = await approvedStake(t, s, amount);
      const label = await crashAndFinish(round, id, crashAt);

      const { fee } = await oneCall(t, id, address, amount);
      fees += fee;
      staked += amount;
      const positions = await positionsOf(t, id);
      expect(positions, label).toHaveLength(1);
      expect(positions[0]!.amount, label).toBe(amount.toString());
      expect(await stakeActivities(t, id), label).toHaveLength(1);
      expect(await sentOnDevnet(t, address), label).toHaveLength(round + 1);
      expect(await nativeBalance(t, s.wallet.id), label).toEqual({ total: FUNDED - fees, staked, locked: 0n });
      expect(FUNDED - fees - staked, label).toBe(await devnetHolding(t, address));
      stakes.push({ id, amount, positionId: positions[0]!.id });
    }

    // Unstakes of the positions just made, the same points in turn: one call paying the contract's fee, one
    // unbonding, the position reduced once; the principal stays staked (it is the wallet's until claimed).
    for (let i = 0; i < POINTS.length; i++) {
      const round = POINTS.length + i;
      const crashAt = POINTS[i]!;
      const stake = stakes[i]!;
      // The whole position: a remainder under the minimum stake is refused.
      const { id } = await approvedUnstake(t, s, stake.positionId, stake.amount);
      const label = await crashAndFinish(round, id, crashAt);

      const { fee } = await oneCall(t, id, address, STORY_STAKING.unstakeFee);
      fees += fee + STORY_STAKING.unstakeFee;
      const unbondings = await db.select().from(stakingUnbondings).where(eq(stakingUnbondings.requestId, id));
      expect(
        unbondings.map((u) => [u.positionId, u.amount]),
        label,
      ).toEqual([[stake.positionId, stake.amount.toString()]]);
      const [position] = await db.select().from(stakingPositions).where(eq(stakingPositions.id, stake.positionId));
      expect(position!.amount, label).toBe('0');
      expect(await sentOnDevnet(t, address), label).toHaveLength(round + 1);
      expect(await nativeBalance(t, s.wallet.id), label).toEqual({ total: FUNDED - fees, staked, locked: 0n });
      // On the devnet the unstaked principal is still with the contract: the wallet paid the fee and gas only.
      expect(FUNDED - fees - staked, label).toBe(await devnetHolding(t, address));
    }
  }, 600_000);

  it(`${RANDOM_ROUNDS} engines SIGKILLed at random moments while stakes come: one call per stake, settled once`, async () => {
    const db = t.testDb.database.db;
    const s = await fundedScene(t, operator, 'Crash Stake Random');
    const next = random(SEED);
    const made: { id: string; amount: bigint }[] = [];
    // Engines load two rounds ahead, while earlier ones run: a round costs an engine's start, not a whole boot.
    const standby = [engines.engine(t.testDb.database, engineEnv()), engines.engine(t.testDb.database, engineEnv())];
    for (let round = 0; round < RANDOM_ROUNDS; round++) {
      const engine = standby.shift()!;
      await engine.start();
      if (round < RANDOM_ROUNDS - 1) standby.push(engines.engine(t.testDb.database, engineEnv()));
      // A new stake while it runs (what it and the earlier ones are doing when it dies is up to the moment).
      made.push(await approvedStake(t, s, STAKE + BigInt(round) * 10n ** 9n));
      await sleep(Math.floor(next() * 1500));
      await engine.kill();
    }

    // A last engine, left alone: it takes up the rows and (after their heartbeat lapses) the jobs the dead left.
    const survivor = standby.shift()!;
    await survivor.start();
    const ids = made.map((m) => m.id);
    const ended = await untilEnded(t, ids, 90_000);
    await survivor.kill();

    expect(ended.filter((r) => r.status !== 'COMPLETE')).toEqual([]);
    let fees = 0n;
    for (const m of made) {
      const { fee } = await oneCall(t, m.id, s.wallet.address, m.amount);
      fees += fee;
      const positions = await positionsOf(t, m.id);
      expect(
        positions.map((p) => p.amount),
        `stake ${m.id}`,
      ).toEqual([m.amount.toString()]);
      expect(await stakeActivities(t, m.id), `stake ${m.id}`).toHaveLength(1);
    }
    // The wallet's nonce counts one transaction per stake; the booked row moved each amount and fee once.
    expect(await sentOnDevnet(t, s.wallet.address)).toHaveLength(RANDOM_ROUNDS);
    const staked = made.reduce((sum, m) => sum + m.amount, 0n);
    expect(await nativeBalance(t, s.wallet.id)).toEqual({ total: FUNDED - fees, staked, locked: 0n });
    expect(FUNDED - fees - staked).toBe(await devnetHolding(t, s.wallet.address));
    const rows = await db.select().from(chainTransactions).where(inArray(chainTransactions.requestId, ids));
    expect(rows).toHaveLength(RANDOM_ROUNDS);
  }, 600_000);
});
