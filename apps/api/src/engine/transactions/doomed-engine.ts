// Test support for the crash tests: throwaway engine processes (executor.crash-child.ts) that build or find one
// transfer and advance it until they SIGKILL themselves at a crash point, against the database and node given (or,
// sol-nonce-keeper.crash-child.ts, make cold Solana wallets' nonce accounts);
// or the whole custody engine (engine/main.ts, preloaded by engine.crash-child.ts), for a test to SIGKILL from
// outside whenever it likes.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Database } from '../../db/client.js';
import type { CrashPoint } from './executor.js';
import type { NonceKeeperCrashPoint } from './sol-nonce-accounts.js';
import type { OutgoingTransfer } from './transfer-planner.js';

const CHILD = fileURLToPath(new URL('./executor.crash-child.ts', import.meta.url));
const NONCE_KEEPER_CHILD = fileURLToPath(new URL('./sol-nonce-keeper.crash-child.ts', import.meta.url));
const STANDBY = fileURLToPath(new URL('./engine.crash-child.ts', import.meta.url));
/** The line engine/main.ts logs once its workers and sweeps run: before it, a kill only tests the start-up. */
const RUNNING = 'custody engine running';

export function doomedEngines(masterKey: string) {
  const children: ChildProcess[] = [];

  /** `child` run on `database` with `env`; resolves with the signal it died of and what it wrote on stderr. */
  function doomed(child: string, database: Database, env: Record<string, string>) {
    const driver = database.driver;
    if (driver.kind !== 'postgres') throw new Error('postgres only');
    const spawned = spawn(process.execPath, ['--import', 'tsx', child], {
      env: { ...process.env, ...env, DATABASE_URL: driver.url, MASTER_KEY: masterKey },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.push(spawned);
    let stderr = '';
    spawned.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    return new Promise<{ signal: NodeJS.Signals | null; stderr: string }>((resolve) =>
      spawned.once('exit', (_code, signal) => resolve({ signal, stderr })),
    );
  }

  return {
    /** One engine killed at `crashAt`; `nodeEnv` names its node (ANVIL_URL or REGTEST_URL). */
    run(database: Database, nodeEnv: Record<string, string>, intent: OutgoingTransfer, crashAt: CrashPoint) {
      return doomed(CHILD, database, {
        ...nodeEnv,
        CRASH_AT: crashAt,
        CRASH_INTENT: JSON.stringify({ ...intent, amount: intent.amount.toString() }),
      });
    },
    /** One sweep of the durable-nonce keeper on the Solana node at `solRpcUrl`, killed at `crashAt`. */
    nonceKeeper(database: Database, solRpcUrl: string, crashAt: CrashPoint | NonceKeeperCrashPoint) {
      return doomed(NONCE_KEEPER_CHILD, database, { SOL_RPC_URL: solRpcUrl, CRASH_AT: crashAt });
    },
    /**
     * The real engine on `database` with the extra environment `env` (its nodes, sweep cadence), loaded now and
     * started by `start`, which resolves once it works its queues (rejects if it exits before); `kill` SIGKILLs it
     * and resolves when it is gone.
     */
    engine(database: Database, env: Record<string, string>) {
      const driver = database.driver;
      if (driver.kind !== 'postgres') throw new Error('postgres only');
      const child = spawn(process.execPath, ['--import', 'tsx', STANDBY], {
        env: { ...process.env, DATABASE_URL: driver.url, MASTER_KEY: masterKey, LOG_LEVEL: 'info', ...env },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      children.push(child);
      let output = '';
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      const running = new Promise<void>((resolve, reject) => {
        const seen = (chunk: Buffer) => {
          // Only the start is looked for: later output is dropped, a long run must not grow it.
          if (output.length < 100_000) output += chunk.toString();
          if (output.includes(RUNNING)) resolve();
        };
        child.stdout?.on('data', seen);
        child.stderr?.on('data', seen);
        void exited.then(() => reject(new Error(`engine exited before running: ${output.slice(-2000)}`)));
      });
      running.catch(() => undefined); // a caller that kills it before it runs does not wait for this
      return {
        start() {
          child.stdin?.end('go\n');
          return running;
        },
        async kill() {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
          await exited;
        },
      };
    },
    /** Ends any engine still running (a failed assertion leaves one behind). */
    killAll() {
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
