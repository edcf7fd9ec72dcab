import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, notifications } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { TestBrowser } from '../../test/browser.js';
import { createMember, createOrganization, grant, signIn, type TestMember } from '../../test/fixtures.js';

// Notifications (issue 19): who is told what, in the app and by mail, as they chose; a mail never holds the action.
let t: TestApp;
let orgId: string;
let ownerMember: TestMember;
let creatorMember: TestMember;
let owner: TestBrowser;
let creator: TestBrowser;
let outsider: TestBrowser;
const LIST = '/api/v1/notifications';
const PREFS = '/api/v1/notifications/preferences';
const db = () => t.testDb.database.db;
const creation = () => `/api/v1/organizations/wallet-creation/btc/${orgId}/wallet-creation-request`;

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}
const listOf = async (browser: TestBrowser, body: Record<string, unknown> = {}) => {
  const res = await browser.post(LIST, { page: 1, size: 50, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    items: { id: string; kind: string; subjectId: string; data: Record<string, unknown> }[];
    unread: number;
  };
};

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_FACTOR: '20', NOTIFICATION_SWEEP_MS: '200', DEVNET_BLOCK_MS: '0' });
  orgId = (await createOrganization(db(), 'Told')).id;
  ownerMember = await createMember(db(), t.config, { organizationId: orgId });
  await grant(db(), ownerMember.id, ['OWNER']);
  owner = await signIn(t, ownerMember);
  creatorMember = await createMember(db(), t.config, { organizationId: orgId });
  await grant(db(), creatorMember.id, ['WALLETS_CREATION']);
  creator = await signIn(t, creatorMember);
  outsider = await signIn(t, await createMember(db(), t.config));
});
afterAll(async () => {
  await t?.close();
});

describe('notifications', () => {
  it("asks the line's approvers, tells the creator the decision and the outcome, in the app and by mail", async () => {
    await db().update(accounts).set({ language: 'EN' }).where(eq(accounts.id, creatorMember.id));
    const made = await creator.post(`${creation()}/create`, { blockchain: 'BITCOIN_TESTNET', name: 'Told wallet' });
    expect(made.statusCode, made.body).toBe(200);
    const requestId = made.json().id as string;

    // The owner (the default line's approver) is asked; the creator is not told about their own request.
    const asked = await listOf(owner);
    expect(asked.items[0]).toMatchObject({
      kind: 'APPROVAL_NEEDED',
      subjectId: requestId,
      data: { type: 'WALLET_CREATION' },
    });
    expect(asked.unread).toBeGreaterThan(0);
    expect((await listOf(creator)).items.filter((n) => n.subjectId === requestId)).toEqual([]);

    const approved = await owner.post(`${creation()}/${requestId}/approve`, { otpCode: await owner.otp() });
    expect(approved.statusCode, approved.body).toBe(200);
    const told = await eventually(
      () => listOf(creator),
      (l) => l.items.some((n) => n.kind === 'REQUEST_COMPLETED' && n.subjectId === requestId),
    );
    expect(told.items.filter((n) => n.subjectId === requestId).map((n) => n.kind)).toEqual([
      'REQUEST_COMPLETED',
      'REQUEST_DECIDED',
    ]);

    // Mails: the owner's ask (in Korean, the default), the creator's decision (English); no mail for a completion.
    const mails = await eventually(
      async () => t.mailbox.list(),
      (list) => list.some((m) => m.to.includes(creatorMember.email)),
    );
    const toCreator = mails.filter((m) => m.to.includes(creatorMember.email));
    expect(toCreator.map((m) => m.subject)).toEqual(['Your wallet creation request was approved']);
    const toOwner = mails.find((m) => m.to.includes(ownerMember.email) && m.subject.includes('승인'));
    expect(toOwner?.subject).toBe('지갑 생성 요청이 승인을 기다립니다');
    expect(toOwner?.text).toContain(`/dashboard/approvals?request=${requestId}`);
  });

  it('follows each member’s choices: none in the app, mail only, or nothing', async () => {
    const set = await creator.request('PATCH', PREFS, {
      items: [{ kind: 'REQUEST_DECIDED', inApp: false, email: true }],
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().items).toContainEqual({ kind: 'REQUEST_DECIDED', inApp: false, email: true });
    expect(set.json().items).toContainEqual({ kind: 'DEPOSIT_RECEIVED', inApp: true, email: false });
    const made = await creator.post(`${creation()}/create`, { blockchain: 'BITCOIN_TESTNET', name: 'Quiet wallet' });
    const requestId = made.json().id as string;
    const rejected = await owner.post(`${creation()}/${requestId}/reject`, { otpCode: await owner.otp(), memo: 'No' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await listOf(creator)).items.filter((n) => n.subjectId === requestId)).toEqual([]);
    const rows = await db().select().from(notifications).where(eq(notifications.subjectId, requestId));
    const mine = rows.filter((r) => r.accountId === creatorMember.id);
    expect(mine.map((r) => [r.kind, r.inApp])).toEqual([['REQUEST_DECIDED', false]]);
    await eventually(
      () => db().select().from(notifications).where(eq(notifications.id, mine[0]!.id)),
      ([r]) => r?.emailStatus === 'SENT',
    );
  });

  it('marks read one, then all; the count follows; nobody marks or reads another account’s', async () => {
    const before = await listOf(owner);
    const first = before.items[0]!;
    // Another account cannot touch it.
    expect((await outsider.post('/api/v1/notifications/read', { ids: [first.id] })).statusCode).toBe(200);
    expect((await listOf(owner)).unread).toBe(before.unread);
    expect((await listOf(outsider)).items.some((n) => n.id === first.id)).toBe(false);

    expect((await owner.post('/api/v1/notifications/read', { ids: [first.id] })).statusCode).toBe(200);
    expect((await owner.request('GET', '/api/v1/notifications/unread-count')).json().unread).toBe(before.unread - 1);
    expect((await listOf(owner, { filters: { unreadOnly: true } })).items.some((n) => n.id === first.id)).toBe(false);
    expect((await owner.post('/api/v1/notifications/read', { all: true })).statusCode).toBe(200);
    expect((await listOf(owner)).unread).toBe(0);
  });

  it('is for signed-in accounts, and refuses bad input with 4000', async () => {
    expect((await new TestBrowser(t.app).post(LIST, {})).statusCode).toBe(401);
    for (const [method, path, body] of [
      ['POST', '/api/v1/notifications/read', { ids: [] }],
      ['POST', '/api/v1/notifications/read', { ids: ['not-a-uuid'] }],
      ['POST', '/api/v1/notifications/read', { all: false }],
      ['PATCH', PREFS, { items: [{ kind: 'EVERYTHING', inApp: true, email: true }] }],
      ['POST', LIST, { filters: { unreadOnly: 'yes' } }],
    ] as const) {
      const res = await owner.request(method, path, body);
      expect(res.statusCode, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json().code).toBe('4000');
      expect(res.body).not.toContain('EVERYTHING');
    }
  });
});
