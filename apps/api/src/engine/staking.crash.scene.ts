// The scene of staking.crash.test.ts: a funded STORY_TESTNET wallet with a requester and an approver (the
// organization of test/approval-scene.ts, its wallet made with no engine running), approved stakes and unstakes on
// it, and the child engine (staking.crash-child.ts) that dies at a named point. Engine files never import a module's
// test scene (modules/staking/staking-scene.ts), hence this one beside the test.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { fromBaseUnits } from '@vaultline/contracts';
import { eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { requests } from '../db/schema/index.js';
import { LEDGER_VALIDATORS } from '../modules/staking/ledger-validators.service.js';
import type { TestApp } from '../test/app.js';
import { type ApprovalScene, approvalScene } from '../test/approval-scene.js';
import type { TestBrowser } from '../test/browser.js';
import { TEST_MASTER_KEY } from '../test/custody.js';
import { sleep } from './chains/anvil.js';
import { walletCreatedHere } from './crash-support.js';
import { nativeBalance } from './staking.crash.ledger.js';
import { CRASH_POINTS } from './transactions/executor.js';

const CHILD = fileURLToPath(new URL('./staking.crash-child.ts', import.meta.url));
const STORY = '/api/v1/organizations/staking/story';
export const IP = (n: bigint) => n * 10n ** 18n;
/** An earning validator accepting unlocked tokens. */
const HANBIT: string = LEDGER_VALIDATORS[0].validatorId;
export const STAKE = IP(1024n);
export const FUNDED = IP(25_000n);

/** Where the child engine dies: the executor's points, and around them the handler's start and the settlement. */
export const POINTS = ['after-begin', ...CRASH_POINTS, 'inside-settlement'] as const;
export type Point = (typeof POINTS)[number];
/** The request's chain transaction right after the child died at each point (null: none built yet). */
export const ROW_AFTER_CRASH: Record<Point, string | null> = {
  'after-begin': null,
  'before-signed-write': 'BUILT',
  'after-signed': 'SIGNED',
  'before-broadcast-write': 'SIGNED',
  'after-broadcast': 'BROADCAST',
  'before-confirmed-write': 'BROADCAST',
  'inside-settlement': 'CONFIRMED',
};

export { seededRandom as random } from './crash-support.js';

/** The settings of an engine in another process (a doomed child, or a real engine of the random rounds). */
export const engineEnv = () => ({
  CHAIN_SWEEP_MS: '50',
  DEVNET_BLOCK_MS: '0',
  DEVNET_CONFIRMATIONS: '1',
  STAKING_BONDING_SECONDS: '0',
  TRAVEL_RULE_SWEEP_MS: '0',
  // A killed worker's job is handed to the next engine after its heartbeat lapses; look for that every second.
  ENGINE_SUPERVISE_SECONDS: '1',
});

/**
 * An organization whose STORY_TESTNET wallet has a requester at its creation step and an approver on its line
 * (as staking-scene.ts makes it), funded by the devnet's faucet through `operator`, the deposit credited.
 */
export async function fundedScene(t: TestApp, operator: TestBrowser, name: string): Promise<ApprovalScene> {
  const s = await approvalScene(t, name, {
    blockchain: 'STORY_TESTNET',
    walletName: `${name} Story`,
    makeWallet: (owner, orgId, blockchain, walletName) => walletCreatedHere(t, owner, orgId, blockchain, walletName),
  });
  const funded = await operator.post('/api/v1/operations/devnet/deposits', {
    blockchain: 'STORY_TESTNET',
    toAddress: s.wallet.address,
    amount: fromBaseUnits(FUNDED, 18),
  });
  expect(funded.statusCode, funded.body).toBe(200);
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline && (await nativeBalance(t, s.wallet.id)).total !== FUNDED) await sleep(50);
  expect(await nativeBalance(t, s.wallet.id)).toEqual({ total: FUNDED, staked: 0n, locked: 0n });
  return s;
}

export async function statusOf(t: TestApp, id: string) {
  const [row] = await t.testDb.database.db
    .select({ status: requests.status })
    .from(requests)
    .where(eq(requests.id, id));
  return row?.status;
}

export async function untilEnded(t: TestApp, ids: string[], ms: number) {
  const db = t.testDb.database.db;
  const statuses = async () =>
    db.select({ id: requests.id, status: requests.status }).from(requests).where(inArray(requests.id, ids));
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && (await statuses()).some((r) => !['COMPLETE', 'FAILED'].includes(r.status)))
    await sleep(100);
  return statuses();
}

/** The request the requester made (stake or unstake), approved by the approver: its id; the job is queued. */
async function approved(t: TestApp, s: ApprovalScene, made: Awaited<ReturnType<TestBrowser['post']>>) {
  expect(made.statusCode, made.body).toBe(200);
  const id = made.json().id as string;
  const approval = await s.approver.post(`${STORY}/stake-request/approve`, {
    requestId: id,
    otpCode: await s.approver.otp(),
  });
  expect(approval.statusCode, approval.body).toBe(200);
  expect(await statusOf(t, id)).toBe('APPROVED');
  return id;
}

/** An approved stake of `amount` on HANBIT: requester creates, approver approves; the job is queued. */
export async function approvedStake(t: TestApp, s: ApprovalScene, amount: bigint) {
  const made = await s.requester.post(`${STORY}/stake-request`, {
    walletId: s.wallet.id,
    validatorId: HANBIT,
    period: 'FLEXIBLE',
    tokenType: 'UNLOCKED',
    amount: fromBaseUnits(amount, 18),
  });
  return { id: await approved(t, s, made), amount };
}

/** An approved unstake of `amount` of the position. */
export async function approvedUnstake(t: TestApp, s: ApprovalScene, positionId: string, amount: bigint) {
  const made = await s.requester.post(`${STORY}/unstake-request`, {
    walletId: s.wallet.id,
    positionId,
    amount: fromBaseUnits(amount, 18),
  });
  return { id: await approved(t, s, made), amount, positionId };
}

/**
 * A child engine loaded now (staking.crash-child.ts), kept in `children` for the test's end to kill; `run` hands it
 * one request to execute until it dies at `crashAt`, and resolves with the signal it died of and its stderr.
 */
export function doomedChild(t: TestApp, children: ChildProcess[]) {
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
