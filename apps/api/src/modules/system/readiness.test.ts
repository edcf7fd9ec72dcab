import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { READINESS_TIMEOUT_MS } from './system.routes.js';

/**
 * /readyz is what a load balancer asks before sending traffic: it must say 503 when the database does not answer,
 * whether the connection is refused at once or hangs. The app's own database stays up (the engine and the test's
 * cleanup need it); only the probe's ping is pointed at a database that is down.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DEVNET_BLOCK_MS: '0', CHAIN_SWEEP_MS: '0', TRAVEL_RULE_SWEEP_MS: '0' });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t?.close();
});

const readyz = () => t.app.inject({ method: 'GET', url: '/readyz' });

describe('/readyz', () => {
  it('answers 200 while the database does', async () => {
    const res = await readyz();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: t.testDb.database.kind });
  });

  it('answers 503 when the database server refuses connections', async () => {
    // A real PostgreSQL pool aimed at a port nobody listens on (the range reserved for this suite's servers).
    const down = await openDatabase({ url: 'postgres://nobody@127.0.0.1:3379/none' });
    try {
      vi.spyOn(t.testDb.database, 'ping').mockImplementation(() => down.ping());
      const res = await readyz();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: '503' });
    } finally {
      vi.restoreAllMocks();
      await down.close();
    }
    expect((await readyz()).statusCode).toBe(200);
  });

  it('answers 503 within its deadline when the database never answers', async () => {
    vi.spyOn(t.testDb.database, 'ping').mockImplementation(() => new Promise<void>(() => {}));
    const started = Date.now();
    const res = await readyz();
    vi.restoreAllMocks();
    expect(res.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(READINESS_TIMEOUT_MS + 3000);
  });

  it('answers 503 once the embedded database is closed', async () => {
    if (t.testDb.database.kind !== 'pglite') return;
    // A second embedded database of its own, closed: the same driver the app runs on, really down.
    const closed = await openDatabase({ memory: true });
    await closed.close();
    vi.spyOn(t.testDb.database, 'ping').mockImplementation(() => closed.ping());
    const res = await readyz();
    vi.restoreAllMocks();
    expect(res.statusCode).toBe(503);
  });
});
