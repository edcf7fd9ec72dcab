import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { type Database, openDatabase } from '../db/client.js';
import { loadRsaKeyring } from '../security/rsa.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { sharedLimiter } from './rate-limiter.js';

// Rate limits live in PostgreSQL (`rate_limits`): what one API process spent, another cannot spend again.
let t: TestApp;
/** A second server process's app and its own database connection (on PGlite: the same handle; one process). */
let other: { app: FastifyInstance; database: Database | undefined };

const INFO = '/api/v1/system/info';
const get = (app: FastifyInstance, ip = '10.1.0.1') =>
  app.inject({ method: 'GET', url: INFO, remoteAddress: ip }).then((r) => r.statusCode);

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '5', ENGINE: 'off' });
  const driver = t.testDb.database.driver;
  const database = driver.kind === 'postgres' ? await openDatabase({ url: driver.url }) : undefined;
  const app = await buildApp({
    config: t.config,
    database: database ?? t.testDb.database,
    logger: false,
    webDist: false,
    clock: t.clock.now,
    keyring: loadRsaKeyring(t.config, { persist: false }),
  });
  other = { app, database };
});
afterAll(async () => {
  await other?.app.close();
  await other?.database?.close();
  await t?.close();
});

describe('shared rate limits', () => {
  it('counts a sign-in budget once for every process, and says when to try again', async () => {
    const db = t.testDb.database.db;
    const here = sharedLimiter(db, 'test-budget', 3, 60_000);
    const elsewhere = sharedLimiter(other.database?.db ?? db, 'test-budget', 3, 60_000);
    expect((await here.hit('kim@example.com|10.0.0.1')).allowed).toBe(true);
    expect((await elsewhere.hit('kim@example.com|10.0.0.1')).allowed).toBe(true);
    expect((await here.hit('kim@example.com|10.0.0.1')).allowed).toBe(true);
    const refused = await elsewhere.hit('kim@example.com|10.0.0.1');
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(50);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Another key, and another budget on the same key, are counted apart.
    expect((await elsewhere.hit('lee@example.com|10.0.0.1')).allowed).toBe(true);
    expect((await sharedLimiter(db, 'other-budget', 3, 60_000).hit('kim@example.com|10.0.0.1')).allowed).toBe(true);
    // Keys are stored hashed: no email or address in the table.
    const found = await db.execute(sql`select key from rate_limits where key like ${'%example.com%'}`);
    expect((found as unknown as { rows: unknown[] }).rows).toEqual([]);
    const stored = await db.execute(sql`select count(*)::int as n from rate_limits where key like 'test-budget:%'`);
    expect((stored as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(2);
  });

  it('holds the per-address ceiling reached through one process on the other', async () => {
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push(await get(t.app));
    expect(codes).toEqual([200, 200, 200, 200, 200]);
    expect(await get(t.app)).toBe(429);
    await t.app.requestCounts.flush();
    // The other process's first request from that address reads the shared count before it is answered.
    expect(await get(other.app)).toBe(429);
    // Another address still has its budget there.
    expect(await get(other.app, '10.1.0.2')).toBe(200);
  });

  it("brings each process's requests to the others through their flushes", async () => {
    const ip = '10.1.0.3';
    for (let i = 0; i < 3; i++) expect(await get(t.app, ip)).toBe(200);
    for (let i = 0; i < 2; i++) expect(await get(other.app, ip)).toBe(200);
    // One process's flush adds its hits, the other's next flush reads them (each flushes every second on its own;
    // the test flushes by hand, so a slow machine delaying the timers cannot fail it).
    await t.app.requestCounts.flush();
    await other.app.requestCounts.flush();
    await t.app.requestCounts.flush();
    expect(await get(t.app, ip)).toBe(429);
    expect(await get(other.app, ip)).toBe(429);
  });
});
