import { EVENTS_PATH } from '@vaultline/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { type Database, openDatabase } from '../../db/client.js';
import { loadRsaKeyring } from '../../security/rsa.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { TestBrowser } from '../../test/browser.js';
import { Stream } from '../../test/event-stream-client.js';
import { createMember, createOrganization, grant, signIn } from '../../test/fixtures.js';

// Live notices are read when the database announces a change (migration 0029, LISTEN/NOTIFY), not on a timer:
// nothing is read while nothing changes, and a change written through another server process reaches a stream
// open on this one.
let t: TestApp;
let base: string;
let owner: TestBrowser;
let orgId: string;
/** PostgreSQL only: a second server process's app on the same database (its own pool and listener). */
let other: { app: FastifyInstance; database: Database } | undefined;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const creation = () => `/api/v1/organizations/wallet-creation/btc/${orgId}/wallet-creation-request/create`;

/** The owner's stream, open (200). */
async function openStream(browser: TestBrowser) {
  const stream = await Stream.open(base, EVENTS_PATH, browser);
  expect(stream.status).toBe(200);
  return stream;
}

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_FACTOR: '20', DEVNET_BLOCK_MS: '0', ENGINE: 'off' });
  const db = t.testDb.database.db;
  const org = await createOrganization(db);
  orgId = org.id;
  const m = await createMember(db, t.config, { organizationId: org.id });
  await grant(db, m.id, ['OWNER']);
  owner = await signIn(t, m);
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  const driver = t.testDb.database.driver;
  if (driver.kind === 'postgres') {
    const database = await openDatabase({ url: driver.url });
    const app = await buildApp({
      config: t.config,
      database,
      logger: false,
      webDist: false,
      clock: t.clock.now,
      keyring: loadRsaKeyring(t.config, { persist: false }),
    });
    other = { app, database };
  }
});
afterAll(async () => {
  await other?.app.close();
  await other?.database.close();
  await t?.close();
});

describe('live notices on announcements', () => {
  it('reads nothing while nothing changes, and sends a change as soon as it is written', async () => {
    const stream = await openStream(owner);
    expect(await stream.waitFor(/retry: 5000/, 5000)).toBe(true);
    const before = t.app.notices.reads();
    await sleep(2500); // two and a half polling periods
    expect(t.app.notices.reads()).toBe(before);

    const created = await owner.post(creation(), { blockchain: 'BITCOIN_TESTNET', name: 'Announced' });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as string;
    expect(await stream.waitFor(new RegExp(`event: request\ndata: .*${id}`), 1000)).toBe(true);
    expect(t.app.notices.reads()).toBeGreaterThan(before);
    stream.close();
  });

  it('sends a change written through another server process within a second (PostgreSQL)', async () => {
    if (!other) return;
    const stream = await openStream(owner);
    expect(await stream.waitFor(/retry: 5000/, 5000)).toBe(true);
    // The same browser, its calls now answered by the other process (one session in one database).
    const elsewhere = new TestBrowser(other.app, owner.ip);
    for (const [name, value] of owner.cookies) elsewhere.cookies.set(name, value);
    const created = await elsewhere.post(creation(), { blockchain: 'BITCOIN_TESTNET', name: 'From elsewhere' });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as string;
    expect(await stream.waitFor(new RegExp(`event: request\ndata: .*${id}`), 1000)).toBe(true);
    stream.close();
  });
});
