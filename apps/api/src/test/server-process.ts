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

/**
 * Starts src/server.ts with `env` on a free port and resolves once it answers /readyz (60 s at most). A port is
 * free when chosen, not when the server binds it: another process (a server started beside it, another test file's
 * node) may take it in between, so a start refused for that is tried again on another port.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(env, await portNotGiven());
    } catch (err) {
      if (!(err instanceof PortTaken) || attempt === 5) throw err;
    }
  }
}

class PortTaken extends Error {}

/** Servers started together (Promise.all) each ask for a free port: none is given to two of them. */
const given = new Set<number>();
async function portNotGiven(): Promise<number> {
  for (;;) {
    const port = await freePort();
    if (given.has(port)) continue;
    given.add(port);
    return port;
  }
}

async function startOnce(env: Record<string, string>, port: number): Promise<ServerProcess> {
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
    // Our server's own answer, not any process's that holds the port (a chain node answers HTTP too).
    const ready = await fetch(`${base}/readyz`).then(
      async (r) => r.ok && ((await r.json().catch(() => null)) as { status?: string } | null)?.status === 'ready',
      () => false,
    );
    if (ready) break;
    if (gone() || Date.now() > until) {
      if (!gone()) child.kill('SIGKILL');
      // src/server.ts's words for EADDRINUSE.
      if (stderr.includes('is already in use')) throw new PortTaken(`port ${port} taken: ${stderr}`);
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
