// Test support: the API server (src/server.ts) as a process of its own, for the tests that need another process on
// the same database (multi-process.test.ts) or one to SIGKILL mid-call (cold-signature.crash.test.ts).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, sleep } from '../engine/chains/anvil.js';

const SERVER = fileURLToPath(new URL('../server.ts', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<port> */
  base: string;
  /** SIGKILL, as an OOM kill or a pulled plug would; resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM, then SIGKILL if it is still there half a second later. */
  stop(): Promise<void>;
}

/** Starts src/server.ts with `env` on a free port and resolves once it answers /readyz (60 s at most). */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'vl-server-')),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    if (stderr.length < 20_000) stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  for (;;) {
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (gone() || Date.now() > until) {
      if (!gone()) child.kill('SIGKILL');
      throw new Error(`server did not start: ${stderr}`);
    }
    await sleep(200);
  }
  const kill = async () => {
    if (!gone()) child.kill('SIGKILL');
    await exited;
  };
  return {
    child,
    base,
    kill,
    async stop() {
      if (!gone()) child.kill('SIGTERM');
      await Promise.race([exited, sleep(500)]);
      await kill();
    },
  };
}
