import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests, wallets } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { createMember, createOrganization, grant, signIn } from '../test/fixtures.js';

const ENGINE = fileURLToPath(new URL('./main.ts', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Engines as separate processes need a server database: this runs on PostgreSQL only. */
describe.skipIf(process.env.TEST_DB_KIND !== 'postgres')('custody engine crash', () => {
  let t: TestApp;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    t = await createTestApp({ ENGINE: 'off' });
  });
  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL');
    await t?.close();
  });

  function startEngine(env: Record<string, string>) {
    const driver = t.testDb.database.driver;
    if (driver.kind !== 'postgres') throw new Error('postgres only');
    const child = spawn(process.execPath, ['--import', 'tsx', ENGINE], {
      env: { ...process.env, DATABASE_URL: driver.url, LOG_LEVEL: 'silent', ENGINE_SUPERVISE_SECONDS: '1', ...env },
      stdio: 'ignore',
    });
    children.push(child);
    return child;
  }

  async function statusOf(id: string) {
    const [row] = await t.testDb.database.db
      .select({ status: requests.status })
      .from(requests)
      .where(eq(requests.id, id));
    return row?.status;
  }

  it('an engine killed mid-job leaves no wallet; after a restart the wallet exists exactly once', async () => {
    const db = t.testDb.database.db;
    const orgId = (await createOrganization(db, 'Crash Org')).id;
    const owner = await createMember(db, t.config, { organizationId: orgId });
    await grant(db, owner.id, ['OWNER']);
    const browser = await signIn(t, owner);
    const base = `/api/v1/organizations/wallet-creation/evm/${orgId}/wallet-creation-request`;
    const id = (await browser.post(`${base}/create`, { blockchain: 'ETHEREUM', name: 'Survivor' })).json().id as string;
    expect((await browser.post(`${base}/${id}/approve`, { otpCode: await browser.otp() })).json().decisionStatus).toBe(
      'APPROVED',
    );

    const doomed = startEngine({ ENGINE_FAULT_DELAY_MS: '20000' });
    for (let i = 0; i < 120 && (await statusOf(id)) !== 'EXECUTING'; i++) await sleep(250);
    expect(await statusOf(id)).toBe('EXECUTING');
    await sleep(1000); // inside the wallet transaction now
    doomed.kill('SIGKILL');
    await new Promise((resolve) => doomed.once('exit', resolve));
    const [none] = await db.select({ n: count() }).from(wallets).where(eq(wallets.creationRequestId, id));
    expect(none?.n).toBe(0);

    startEngine({});
    for (let i = 0; i < 240 && (await statusOf(id)) !== 'COMPLETE'; i++) await sleep(250);
    expect(await statusOf(id)).toBe('COMPLETE');
    const [one] = await db.select({ n: count() }).from(wallets).where(eq(wallets.creationRequestId, id));
    expect(one?.n).toBe(1);
  }, 120_000);
});
