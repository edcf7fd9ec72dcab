// A withdrawal pays out exactly once, wherever the engine dies: approved withdrawals made through the API (so the
// hold in wallet_balances.locked is real) are executed by the real engine process (engine/main.ts) on anvil, which
// the test SIGKILLs at a pseudo-random moment after it started, round after round; a last engine then finishes
// everything. Each recipient must hold its amount exactly once, the sender's nonce count one transaction per
// withdrawal, every request be COMPLETE with nothing held, and the booked balance equal the node's. PostgreSQL only.
import { randomBytes } from 'node:crypto';
import { fromBaseUnits } from '@vaultline/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetActivities, chainTransactions, requests, walletBalances } from '../db/schema/index.js';
import { INDIVIDUAL } from '../test/address-book-fixtures.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { setBalance } from '../test/asset-fixtures.js';
import type { TestBrowser } from '../test/browser.js';
import { TEST_MASTER_KEY } from '../test/custody.js';
import { createMember, createOrganization, grant, signIn } from '../test/fixtures.js';
import type { CreatedWallet } from '../test/wallet-fixtures.js';
import { type AnvilNode, sleep, startAnvil } from './chains/anvil.js';
import { seededRandom, walletCreatedHere } from './crash-support.js';
import { doomedEngines } from './transactions/doomed-engine.js';

const ROUNDS = 20;
const ETH = 10n ** 18n;
const FUNDED = 100n * ETH;
/** Fixed, so a failing run can be replayed with the same kill moments (the log names it). */
const SEED = 0x5eed;

describe.skipIf(process.env.TEST_DB_KIND !== 'postgres')('withdrawal execution crash', () => {
  let t: TestApp;
  let node: AnvilNode;
  let owner: TestBrowser;
  let wallet: CreatedWallet;
  let orgId: string;
  let miner: ReturnType<typeof setInterval> | undefined;
  const engines = doomedEngines(TEST_MASTER_KEY);

  beforeAll(async () => {
    node = await startAnvil();
    // No engine in this process: the children are the only ones executing (one at a time, so the kills decide).
    t = await createTestApp({ ENGINE: 'off', AUTH_RATE_LIMIT_FACTOR: '50', DEVNET_BLOCK_MS: '0', CHAIN_SWEEP_MS: '0' });
    const db = t.testDb.database.db;
    orgId = (await createOrganization(db, 'Crash Withdrawals')).id;
    const member = await createMember(db, t.config, { organizationId: orgId });
    await grant(db, member.id, ['OWNER']);
    owner = await signIn(t, member);
    wallet = await walletCreatedHere(t, owner, orgId, 'ETHEREUM', 'Crash Sender');
    await node.rpc.call('anvil_setBalance', [wallet.address, `0x${FUNDED.toString(16)}`]);
    await setBalance(db, orgId, wallet, 'ETHEREUM.ETH', { total: FUNDED.toString() });
    // ETHEREUM waits for 12 confirmations: anvil mines a block on every transaction only, so blocks come from here.
    miner = setInterval(() => {
      node.rpc.call('anvil_mine', ['0x1']).catch(() => undefined);
    }, 40);
  });
  afterAll(async () => {
    clearInterval(miner);
    engines.killAll();
    await t?.close();
    await node?.stop();
  });

  /** An approved withdrawal (the owner skips the line) of `amount` wei to a fresh address-book entry. */
  async function approvedWithdrawal(round: number, amount: bigint) {
    const address = `0x${randomBytes(20).toString('hex')}`;
    const entry = await owner.post('/api/v1/address-books', {
      name: `Crash destination ${round}`,
      tokenId: 'ETHEREUM.ETH',
      address,
      walletType: 'PERSONAL',
      receiverType: 'INDIVIDUAL',
      receiver: INDIVIDUAL,
    });
    expect(entry.json().state, entry.body).toBe('REGISTERED');
    const made = await owner.post('/api/v1/organizations/withdrawals/evm/withdrawal-request/create', {
      walletId: wallet.id,
      tokenId: 'ETHEREUM.ETH',
      addressBookId: entry.json().id,
      amount: fromBaseUnits(amount, 18),
    });
    expect(made.json(), made.body).toMatchObject({ decisionStatus: 'APPROVED' });
    return { id: made.json().id as string, address, amount };
  }

  const engineEnv = () => ({
    CHAIN_RPC_ETHEREUM: node.url,
    CHAIN_SWEEP_MS: '50',
    DEVNET_BLOCK_MS: '0',
    TRAVEL_RULE_SWEEP_MS: '0',
    // A killed worker's job is handed to the next engine after its heartbeat lapses; look for that every second.
    ENGINE_SUPERVISE_SECONDS: '1',
  });

  it(`${ROUNDS} engines SIGKILLed mid-execution: one transfer per withdrawal, settled once`, async () => {
    const db = t.testDb.database.db;
    const next = seededRandom(SEED);
    const made: { id: string; address: string; amount: bigint }[] = [];
    // Engines load two rounds ahead, while earlier ones run: a round costs an engine's start, not a whole boot.
    const standby = [engines.engine(t.testDb.database, engineEnv()), engines.engine(t.testDb.database, engineEnv())];
    for (let round = 0; round < ROUNDS; round++) {
      const engine = standby.shift()!;
      await engine.start();
      if (round < ROUNDS - 1) standby.push(engines.engine(t.testDb.database, engineEnv()));
      // A new withdrawal while it runs (what it and the earlier ones are doing when it dies is up to the moment).
      made.push(await approvedWithdrawal(round, 10n ** 15n * BigInt(round + 1)));
      await sleep(Math.floor(next() * 1500));
      await engine.kill();
    }

    // A last engine, left alone: it takes up the rows and (after their heartbeat lapses) the jobs the dead left.
    const survivor = standby.shift()!;
    await survivor.start();
    const ids = made.map((w) => w.id);
    const statuses = async () =>
      db.select({ id: requests.id, status: requests.status }).from(requests).where(inArray(requests.id, ids));
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && (await statuses()).some((r) => r.status !== 'COMPLETE' && r.status !== 'FAILED'))
      await sleep(250);
    await survivor.kill();

    expect((await statuses()).filter((r) => r.status !== 'COMPLETE')).toEqual([]);
    // On the node: each recipient holds its amount once, and the sender sent exactly one transaction each.
    for (const w of made) expect(await node.rpc.balance(w.address), `withdrawal ${w.id}`).toBe(w.amount);
    expect(await node.rpc.pendingNonce(wallet.address)).toBe(ROUNDS);
    // In the database: one CONFIRMED transfer per request (no expired attempt on EVM), nothing held any more, and
    // the booked total equals what the node says the sender has: amounts and fees taken exactly once.
    const rows = await db.select().from(chainTransactions).where(inArray(chainTransactions.requestId, ids));
    expect(rows.map((r) => r.status)).toEqual(Array(ROUNDS).fill('CONFIRMED'));
    expect(new Set(rows.map((r) => r.requestId)).size).toBe(ROUNDS);
    const [balance] = await db
      .select()
      .from(walletBalances)
      .where(and(eq(walletBalances.walletId, wallet.id), eq(walletBalances.tokenId, 'ETHEREUM.ETH')));
    expect(BigInt(balance!.locked)).toBe(0n);
    expect(BigInt(balance!.total)).toBe(await node.rpc.balance(wallet.address));
    const activities = await db
      .select({ requestId: assetActivities.requestId })
      .from(assetActivities)
      .where(and(inArray(assetActivities.requestId, ids), eq(assetActivities.activityType, 'WITHDRAWAL')));
    expect(activities).toHaveLength(ROUNDS);
  }, 300_000);
});
