// A cold Solana wallet's durable-nonce account is paid for exactly once, wherever the engine dies while making it.
// A throwaway engine (sol-nonce-keeper.crash-child.ts, on the same PostgreSQL and the same LiteSVM node behind the
// RPC fixture) sweeps the keeper and SIGKILLs itself at one point in turn: the account recorded, the creation row
// built, then each step of the executor (signed, sent, confirmed). A fresh engine's sweeps then finish the work. Each
// round: one creation row, CONFIRMED, with the dead engine's bytes when it had signed; the account on the node with
// the cold key as its authority and exactly the rent-exempt balance; the payer poorer by exactly one rent and one
// fee. PostgreSQL only (two processes on one database).
import { address, lamports } from '@solana/kit';
import { SOL_LAMPORTS_PER_SIGNATURE, SOL_NONCE_ACCOUNT_RENT_EXEMPT_LAMPORTS } from '@vaultline/chains';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '../db/client.js';
import { chainTransactions, wallets } from '../db/schema/index.js';
import type { LiteSvmRpcServer } from '../engine/chains/fixtures/litesvm-rpc-server.js';
import type { SolLiteSvmChain } from '../engine/chains/sol-litesvm.js';
import { doomedEngines } from '../engine/transactions/doomed-engine.js';
import { CRASH_POINTS, type CrashPoint } from '../engine/transactions/executor.js';
import { NONCE_KEEPER_CRASH_POINTS, type NonceKeeperCrashPoint } from '../engine/transactions/sol-nonce-accounts.js';
import { SOL_NONCE_ACCOUNT_PURPOSE } from '../engine/transactions/sol-planner.js';
import { gasFeeCustody, lockedSeed } from '../modules/gas-fee-wallets/gas-fee-custody.service.js';
import type { TestApp } from './app.js';
import type { ApprovalScene } from './approval-scene.js';
import { importColdWallet, testSweeper } from './cold-signing-scene.js';
import { type LiteSvmColdScene, liteSvmColdScene } from './litesvm-cold-scene.js';
import { db, until } from './withdrawal-lifecycle-scene.js';

const SOL = 1_000_000_000n;
const POINTS: readonly (NonceKeeperCrashPoint | CrashPoint)[] = [...NONCE_KEEPER_CRASH_POINTS, ...CRASH_POINTS];
/** Every point twice: a second pass finds the first one's accounts made and must pay for none of them again. */
const ROUNDS = POINTS.length * 2;

/** What the account's creation row says right after the engine died at each point (none before it is built). */
const STATUS_AFTER_CRASH: Record<NonceKeeperCrashPoint | CrashPoint, string | undefined> = {
  'after-assigned': undefined,
  'after-created': 'BUILT',
  'before-signed-write': 'BUILT',
  'after-signed': 'SIGNED',
  'before-broadcast-write': 'SIGNED',
  'after-broadcast': 'BROADCAST',
  'before-confirmed-write': 'BROADCAST',
};

/** The air-gapped seed of round `i`'s cold wallet. */
const seedOf = (i: number) => new Uint8Array(64).map((_, j) => (j * 71 + i * 13 + 5) % 256);

describe.skipIf(process.env.TEST_DB_KIND !== 'postgres')('cold Solana nonce account crash', () => {
  let chain: SolLiteSvmChain;
  let server: LiteSvmRpcServer;
  let t: TestApp;
  let s: ApprovalScene;
  let operators: LiteSvmColdScene['operators'];
  let scene: LiteSvmColdScene | undefined;
  let payer: string;
  let doomed: ReturnType<typeof doomedEngines>;

  beforeAll(async () => {
    scene = await liteSvmColdScene('Nonce Crash');
    ({ chain, server, t, s, operators } = scene);
    // The organization's gas-fee wallet, made here so that it can be funded before any engine needs it.
    payer = await transaction(db(t), async (tx) => {
      const made = await gasFeeCustody(tx, s.orgId, { config: t.config, now: t.clock.now }).ensure(
        'SOLANA_DEVNET',
        async () => (await lockedSeed(tx, s.orgId, t.config.masterKey)).seed,
      );
      return made.address;
    });
    chain.svm.airdrop(address(payer), lamports(10n * SOL));
    doomed = doomedEngines(t.config.masterKey);
  }, 120_000);
  afterAll(async () => {
    doomed?.killAll();
    await scene?.close();
  });

  const creations = (account: string) =>
    db(t)
      .select()
      .from(chainTransactions)
      .where(and(eq(chainTransactions.toAddress, account), eq(chainTransactions.purpose, SOL_NONCE_ACCOUNT_PURPOSE)));

  it(`${ROUNDS} rounds, killed at every point in turn: one account, its rent paid once`, async () => {
    const resumer = testSweeper(t);
    for (let round = 0; round < ROUNDS; round++) {
      const crashAt = POINTS[round % POINTS.length]!;
      const label = `round ${round} (${crashAt})`;
      const cold = await importColdWallet(t, operators, s.orgId, seedOf(round), 'SOLANA_DEVNET', `Crash ${round}`);
      const before = chain.balance(payer);

      const died = await doomed.nonceKeeper(t.testDb.database, server.url, crashAt);
      expect(died.signal, `${label} ${died.stderr}`).toBe('SIGKILL');
      const [{ account }] = (await db(t)
        .select({ account: wallets.solNonceAccount })
        .from(wallets)
        .where(eq(wallets.id, cold.id))) as [{ account: string | null }];
      expect(account, label).not.toBeNull();
      const left = await creations(account!);
      expect(
        left.map((row) => row.status),
        label,
      ).toEqual(STATUS_AFTER_CRASH[crashAt] ? [STATUS_AFTER_CRASH[crashAt]] : []);

      // A fresh engine sweeps as the product's does: it takes the dead one's row up, or makes the missing one.
      const rows = await until(async () => {
        await resumer.tick();
        const now = await creations(account!);
        return now.length > 0 && now.every((row) => row.status === 'CONFIRMED') && now;
      }, `${label}: the nonce account to be made`);
      for (let i = 0; i < 3; i++) await resumer.tick();

      expect(await creations(account!), label).toEqual([expect.objectContaining({ id: rows[0]!.id })]);
      if (left[0]) expect(rows[0]!.id, label).toBe(left[0].id);
      if (left[0]?.hash) expect(rows[0]!.hash, label).toBe(left[0].hash);
      expect(chain.nonceOf(account!), label).toMatchObject({ authority: cold.address });
      expect(chain.balance(account!), label).toBe(SOL_NONCE_ACCOUNT_RENT_EXEMPT_LAMPORTS);
      expect(before - chain.balance(payer), label).toBe(
        SOL_NONCE_ACCOUNT_RENT_EXEMPT_LAMPORTS + SOL_LAMPORTS_PER_SIGNATURE,
      );
    }
  }, 300_000);
});
