// Test support for the crash tests: throwaway engine processes (executor.crash-child.ts) that build or find one
// transfer and advance it until they SIGKILL themselves at a crash point, against the database and node given.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Database } from '../../db/client.js';
import type { CrashPoint } from './executor.js';
import type { OutgoingTransfer } from './transfer-planner.js';

const CHILD = fileURLToPath(new URL('./executor.crash-child.ts', import.meta.url));

export function doomedEngines(masterKey: string) {
  const children: ChildProcess[] = [];
  return {
    /** One engine killed at `crashAt`; `nodeEnv` names its node (ANVIL_URL or REGTEST_URL). */
    run(database: Database, nodeEnv: Record<string, string>, intent: OutgoingTransfer, crashAt: CrashPoint) {
      const driver = database.driver;
      if (driver.kind !== 'postgres') throw new Error('postgres only');
      const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
        env: {
          ...process.env,
          ...nodeEnv,
          DATABASE_URL: driver.url,
          MASTER_KEY: masterKey,
          CRASH_AT: crashAt,
          CRASH_INTENT: JSON.stringify({ ...intent, amount: intent.amount.toString() }),
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      children.push(child);
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      return new Promise<{ signal: NodeJS.Signals | null; stderr: string }>((resolve) =>
        child.once('exit', (_code, signal) => resolve({ signal, stderr })),
      );
    },
    /** Ends any engine still running (a failed assertion leaves one behind). */
    killAll() {
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
