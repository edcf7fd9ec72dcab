import type { AuditEntry } from '@vaultline/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { TestBrowser } from '../../test/browser.js';
import { createMember, createOrganization, grant, signIn, type TestMember } from '../../test/fixtures.js';
import { verifyAuditLog } from './audit-verify.js';

// The audit log through the API: what changes is recorded in the change's own transaction, with who, where and
// the fields before and after; owners read their organization's log, operators every one; nothing edits it.
let t: TestApp;
let owner: TestBrowser;
let ownerB: TestBrowser;
let plain: TestBrowser;
let operator: TestBrowser;
let ownerMember: TestMember;
let orgA: string;
let orgB: string;
const LIST = '/api/v1/organization/audit-log';
const OPERATOR_LIST = '/api/v1/operations/audit-log';
const db = () => t.testDb.database.db;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_FACTOR: '20' });
  orgA = (await createOrganization(db(), 'Audited A')).id;
  orgB = (await createOrganization(db(), 'Audited B')).id;
  ownerMember = await createMember(db(), t.config, { organizationId: orgA });
  await grant(db(), ownerMember.id, ['OWNER']);
  owner = await signIn(t, ownerMember);
  const b = await createMember(db(), t.config, { organizationId: orgB });
  await grant(db(), b.id, ['OWNER']);
  ownerB = await signIn(t, b);
  const p = await createMember(db(), t.config, { organizationId: orgA });
  await grant(db(), p.id, ['MANAGEMENT_PERMISSION_SETTINGS', 'GROUP_CREATION']);
  plain = await signIn(t, p);
  operator = await signIn(t, await createMember(db(), t.config, { kind: 'OPERATOR' }));
});
afterAll(async () => {
  await t?.close();
});

const entries = async (browser: TestBrowser, body: Record<string, unknown> = {}, path = LIST) => {
  const res = await browser.post(path, { page: 1, size: 50, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: AuditEntry[]; total: number; nextCursor: string | null };
};

describe('audit log', () => {
  it("records a group's life with the fields before and after, who, from where, newest first", async () => {
    const made = await owner.post('/api/v1/organization/groups/create', { name: 'Treasury', memberIds: [] });
    expect(made.statusCode, made.body).toBe(200);
    const groupId = made.json().id as string;
    expect(
      (await owner.request('PATCH', `/api/v1/organization/groups/${groupId}`, { name: 'Treasury Ops' })).statusCode,
    ).toBe(200);
    const permissions = await owner.request('PATCH', `/api/v1/organization/groups/${groupId}/permissions`, {
      permissions: ['WALLETS_VIEW'],
    });
    expect(permissions.statusCode).toBe(200);
    const removed = await owner.request('DELETE', `/api/v1/organization/groups/${groupId}`, {
      otpCode: await owner.otp(),
    });
    expect(removed.statusCode, removed.body).toBe(200);

    const log = await entries(owner, { filters: { actions: ['GROUP_CREATED', 'GROUP_UPDATED', 'GROUP_DELETED'] } });
    expect(log.items.map((e) => [e.action, e.before, e.after])).toEqual([
      ['GROUP_DELETED', { name: 'Treasury Ops', memberIds: [], permissions: ['WALLETS_VIEW'] }, null],
      ['GROUP_UPDATED', { permissions: [] }, { permissions: ['WALLETS_VIEW'] }],
      ['GROUP_UPDATED', { name: 'Treasury' }, { name: 'Treasury Ops' }],
      ['GROUP_CREATED', null, { name: 'Treasury', memberIds: [] }],
    ]);
    const [latest] = log.items;
    expect(latest).toMatchObject({
      organizationId: orgA,
      objectType: 'group',
      objectId: groupId,
      actor: { id: ownerMember.id, kind: 'MEMBER', label: ownerMember.email },
      ip: '127.0.0.1',
    });
    expect(latest!.hash).toMatch(/^[0-9a-f]{64}$/);
    // Newest first, numbered in the organization's chain.
    const seqs = log.items.map((e) => e.seq as number);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
  });

  it('records sign-ins and failed ones, a permission change, a token added and removed', async () => {
    const m = await createMember(db(), t.config, { organizationId: orgA });
    await signIn(t, m);
    const wrong = await owner.login(m.email, 'Wrong-horse-9!');
    expect(wrong.json().code).toBe('4005');
    const changed = await owner.request('PATCH', `/api/v1/organization/members/${m.id}/permissions`, {
      permissions: ['WALLETS_VIEW'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const added = await owner.post('/api/v1/organizations/tokens/add', { tokenId: 'ETHEREUM.USDT' });
    expect(added.statusCode, added.body).toBe(200);
    const gone = await owner.request('DELETE', '/api/v1/organizations/tokens/remove', {
      organizationTokenId: added.json().id,
    });
    expect(gone.statusCode, gone.body).toBe(200);

    const mine = await entries(owner, { filters: { actorId: m.id } });
    expect(mine.items.map((e) => [e.action, e.after])).toEqual([
      ['SIGN_IN_FAILED', { reason: 'WRONG_PASSWORD', remainingAttempts: 4, locked: false }],
      ['SIGN_IN', null],
    ]);
    const byOwner = await entries(owner, {
      filters: { actorId: ownerMember.id, actions: ['MEMBER_PERMISSIONS_CHANGED', 'TOKEN_ADDED', 'TOKEN_REMOVED'] },
    });
    expect(byOwner.items.map((e) => [e.action, e.before, e.after])).toEqual([
      ['TOKEN_REMOVED', { tokenId: 'ETHEREUM.USDT' }, null],
      ['TOKEN_ADDED', null, { tokenId: 'ETHEREUM.USDT' }],
      ['MEMBER_PERMISSIONS_CHANGED', { permissions: [] }, { permissions: ['WALLETS_VIEW'] }],
    ]);
  });

  it('writes nothing for a change that did not happen (its transaction rolled back)', async () => {
    const before = (await entries(owner)).total;
    await owner.post('/api/v1/organization/groups/create', { name: 'Twice', memberIds: [] });
    const again = await owner.post('/api/v1/organization/groups/create', { name: 'twice', memberIds: [] });
    expect(again.json().code).toBe('4100');
    expect((await entries(owner)).total).toBe(before + 1);
  });

  it('pages by cursor and filters by time', async () => {
    const first = await entries(owner, { size: 2 });
    expect(first.items).toHaveLength(2);
    const next = await entries(owner, { size: 2, after: first.nextCursor });
    expect(next.items[0]!.seq).toBe(first.items[1]!.seq - 1);
    const future = await entries(owner, { filters: { from: new Date(Date.now() + 3_600_000).toISOString() } });
    expect(future.total).toBe(0);
  });

  it('is for owners of the organization: 401, 403, another organization, bad input', async () => {
    const { TestBrowser } = await import('../../test/browser.js');
    expect((await new TestBrowser(t.app).post(LIST, {})).statusCode).toBe(401);
    const refused = await plain.post(LIST, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().data).toEqual({ permission: 'OWNER' });
    // B's owner sees B's log only; A's entries and A's cursor are not there for them.
    const seen = await entries(ownerB);
    expect(seen.items.every((e) => e.organizationId === orgB || e.organizationId === null)).toBe(true);
    expect(seen.items.some((e) => e.organizationId === orgA)).toBe(false);
    const aCursor = (await entries(owner, { size: 1 })).nextCursor;
    const crossed = await ownerB.post(LIST, { page: 1, size: 5, after: aCursor });
    expect(crossed.json().code).toBe('4000');
    expect(crossed.body).not.toContain(aCursor!);
    for (const body of [
      { filters: { actions: ['NOT_AN_ACTION'] } },
      { filters: { from: 'yesterday' } },
      { size: 1000 },
    ]) {
      const bad = await owner.post(LIST, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().code).toBe('4000');
    }
    // Members use the operators' call no more than operators use the owners'.
    expect((await owner.post(OPERATOR_LIST, {})).statusCode).toBe(403);
    expect((await operator.post(LIST, {})).statusCode).toBe(403);
  });

  it("shows operators every organization's log, or one, or their own", async () => {
    const all = await entries(operator, { size: 100 }, OPERATOR_LIST);
    const orgs = new Set(all.items.map((e) => e.organizationId));
    expect(orgs.has(orgA) && orgs.has(orgB)).toBe(true);
    const onlyB = await entries(operator, { filters: { organizationId: orgB } }, OPERATOR_LIST);
    expect(onlyB.items.every((e) => e.organizationId === orgB)).toBe(true);
    const provider = await entries(operator, { filters: { organizationId: 'PROVIDER' } }, OPERATOR_LIST);
    expect(provider.items.some((e) => e.actor.kind === 'OPERATOR' && e.action === 'SIGN_IN')).toBe(true);
  });

  it('exports CSV and records the export', async () => {
    const res = await owner.post('/api/v1/organization/audit-log/export', { filters: { actions: ['GROUP_CREATED'] } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Time (Asia/Seoul),Sequence,Organization,Actor,Actor kind,Action,Object type,Object,Before,After,IP,User agent,Hash',
    );
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((l) => l.includes(',GROUP_CREATED,'))).toBe(true);
    expect((await entries(owner, { size: 1 })).items[0]!.action).toBe('AUDIT_LOG_EXPORTED');
  });

  it('keeps every entry in one gapless chain under parallel changes', async () => {
    const made = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        owner.post('/api/v1/organization/groups/create', { name: `Par ${i}`, memberIds: [] }),
      ),
    );
    expect(made.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    const result = await verifyAuditLog(db());
    expect(result.broken).toBeNull();
    const rows = await db().execute(
      sql`select count(*)::int as n, max(seq)::int as top from audit_log where chain = ${orgA}`,
    );
    const { n, top } = (rows as unknown as { rows: { n: number; top: number }[] }).rows[0]!;
    expect(top).toBe(n);
  });

  it('refuses any change or removal of an entry, and a hand-edited one breaks the chain', async () => {
    for (const statement of [
      sql`update audit_log set actor_label = 'someone else'`,
      sql`delete from audit_log`,
      sql`truncate audit_log`,
    ]) {
      const refused = await db()
        .execute(statement)
        .then(
          () => null,
          (err: Error) => err,
        );
      // drizzle wraps the database's error; its cause is PostgreSQL's own message.
      expect(String((refused as (Error & { cause?: Error }) | null)?.cause?.message)).toMatch(/append-only/);
    }
    expect((await verifyAuditLog(db())).broken).toBeNull();
    // Whoever can switch the guard off (the table's owner) can edit a row: the chain still tells.
    const [target] = (await entries(owner, { filters: { actions: ['GROUP_CREATED'] } })).items.slice(-1);
    await db().execute(sql`alter table audit_log disable trigger audit_log_no_update`);
    await db().execute(sql`update audit_log set after = '{"name":"Forged"}'::jsonb where id = ${target!.id}`);
    await db().execute(sql`alter table audit_log enable trigger audit_log_no_update`);
    const broken = await verifyAuditLog(db());
    expect(broken.broken).toMatchObject({ kind: 'hash', id: target!.id, chain: orgA });
  });
});
