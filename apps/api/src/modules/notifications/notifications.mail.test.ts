import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { TestBrowser } from '../../test/browser.js';
import { createMember, createOrganization, grant, signIn } from '../../test/fixtures.js';

// Notification mails go through the engine's queue: an SMTP server that refuses, or is not there at all, never holds
// up or fails the action that caused the mail; the queue tries again with backoff until the server takes it.
let t: TestApp;
let smtp: SMTPServer;
let port: number;
/** The next deliveries the server refuses (451, a temporary failure). */
let refuse = 0;
const accepted: string[] = [];
let orgId: string;

/** A plain SMTP server (no TLS, no auth) on port `listen` (0: any), refusing the next `refuse` deliveries with 451. */
function smtpServer(listen: number) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        if (refuse > 0) {
          refuse--;
          return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        }
        accepted.push(...session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  return new Promise<SMTPServer>((resolve) => server.listen(listen, '127.0.0.1', () => resolve(server)));
}
let owner: TestBrowser;
let creator: TestBrowser;
const db = () => t.testDb.database.db;

beforeAll(async () => {
  smtp = await smtpServer(0);
  port = (smtp.server.address() as { port: number }).port;
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    AUTH_RATE_LIMIT_FACTOR: '20',
    NOTIFICATION_SWEEP_MS: '100',
    DEVNET_BLOCK_MS: '0',
  });
  orgId = (await createOrganization(db(), 'Flaky mail')).id;
  const o = await createMember(db(), t.config, { organizationId: orgId });
  await grant(db(), o.id, ['OWNER']);
  owner = await signIn(t, o);
  const c = await createMember(db(), t.config, { organizationId: orgId });
  await grant(db(), c.id, ['WALLETS_CREATION']);
  creator = await signIn(t, c);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function mailOf(requestId: string) {
  const [row] = await db().select().from(notifications).where(eq(notifications.subjectId, requestId));
  return row!;
}
async function until(check: () => Promise<boolean>, ms: number) {
  const end = Date.now() + ms;
  while (!(await check()) && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
}

describe('notification mail', () => {
  it('answers the action at once while the SMTP server refuses, and delivers on a later try', async () => {
    refuse = 2;
    const started = Date.now();
    const made = await creator.post(
      `/api/v1/organizations/wallet-creation/btc/${orgId}/wallet-creation-request/create`,
      {
        blockchain: 'BITCOIN_TESTNET',
        name: 'Mail later',
      },
    );
    expect(made.statusCode, made.body).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000);
    const requestId = made.json().id as string;
    // The owner's ask: refused twice (2 s, then 4 s of backoff), taken the third time, once.
    await until(async () => (await mailOf(requestId)).emailStatus === 'SENT', 30_000);
    const row = await mailOf(requestId);
    expect(row).toMatchObject({ kind: 'APPROVAL_NEEDED', emailStatus: 'SENT', emailAttempts: 3 });
    expect(refuse).toBe(0);
    expect(accepted).toHaveLength(1);
  }, 60_000);

  it('answers the action at once while no SMTP server answers at all; the mail waits in the queue', async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    const made = await creator.post(
      `/api/v1/organizations/wallet-creation/btc/${orgId}/wallet-creation-request/create`,
      {
        blockchain: 'BITCOIN_TESTNET',
        name: 'No server',
      },
    );
    expect(made.statusCode, made.body).toBe(200);
    const requestId = made.json().id as string;
    // The in-app notification is there at once; the mail was tried and is queued for another try.
    const list = await owner.post('/api/v1/notifications', { page: 1, size: 5 });
    expect(list.json().items[0]).toMatchObject({ kind: 'APPROVAL_NEEDED', subjectId: requestId });
    await until(async () => (await mailOf(requestId)).emailAttempts >= 1, 15_000);
    expect(await mailOf(requestId)).toMatchObject({ emailStatus: 'QUEUED' });
    // The server back on the same port: the next try delivers it.
    smtp = await smtpServer(port);
    await until(async () => (await mailOf(requestId)).emailStatus === 'SENT', 30_000);
    expect((await mailOf(requestId)).emailStatus).toBe('SENT');
  }, 60_000);
});
