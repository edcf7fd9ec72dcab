import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The production build: `npm run build -w @vaultline/api` compiles the server to JavaScript that plain `node` runs
 * (no tsx), migrations and all. Built into a folder of its own in apps/api (node finds node_modules from there), started
 * on the embedded database in a temporary folder, asked for its probes, then stopped. The database under test is
 * not involved, so it runs in the PGlite project only.
 */
const API = join(dirname(fileURLToPath(import.meta.url)), '..');
// Beside dist/, not in it: a `npm run build` meanwhile empties dist/.
const OUT = join(API, `.build-test-${process.pid}`);
const DATA = mkdtempSync(join(tmpdir(), 'vaultline-build-test-'));
let server: ChildProcess | undefined;
let output = '';

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(OUT, { recursive: true, force: true });
  rmSync(DATA, { recursive: true, force: true });
});

/** A free port in 3370-3379, the range this suite may listen on. */
async function freePort(): Promise<number> {
  for (let port = 3370; port <= 3379; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer()
        .once('error', () => resolve(false))
        .listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port in 3370-3379');
}

async function waitFor(url: string, deadline: number): Promise<Response> {
  for (;;) {
    try {
      return await fetch(url, { signal: AbortSignal.timeout(2000) });
    } catch (err) {
      if (Date.now() > deadline || server?.exitCode !== null) throw new Error(`${url}: ${String(err)}\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

describe.skipIf(process.env.TEST_DB_KIND === 'postgres')('the built server', () => {
  it('builds, starts with node on the embedded database, and answers /healthz and /readyz', async () => {
    const build = spawnSync(process.execPath, ['scripts/build.mjs', OUT], { cwd: API, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    for (const file of [
      'server.js',
      'engine.js',
      'migrate.js',
      'operator-create.js',
      'audit-verify.js',
      'config-check.js',
    ])
      expect(existsSync(join(OUT, file)), file).toBe(true);

    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      APP_ENV: 'local',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: DATA,
      SEED_DEMO: 'false',
      DEVNET_BLOCK_MS: '0',
      LOG_LEVEL: 'warn',
    };
    // The embedded database, whatever the suite runs on.
    delete env.DATABASE_URL;
    delete env.VAULTLINE_WEB_DIST;
    // Plain node: no tsx loader inherited from the test runner.
    delete env.NODE_OPTIONS;
    server = spawn(process.execPath, [join(OUT, 'server.js')], { cwd: tmpdir(), env, stdio: 'pipe' });
    server.stdout?.on('data', (d) => (output += d));
    server.stderr?.on('data', (d) => (output += d));

    const base = `http://127.0.0.1:${port}`;
    const health = await waitFor(`${base}/healthz`, Date.now() + 45_000);
    expect(health.status, output).toBe(200);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status, output).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', database: 'pglite' });
    // Migrated from the source tree's folder: the scrape's chain_transactions query finds its table.
    const metrics = await (await fetch(`${base}/metrics`)).text();
    expect(metrics, output).toMatch(/^vaultline_database_up 1$/m);
  }, 60_000);
});
