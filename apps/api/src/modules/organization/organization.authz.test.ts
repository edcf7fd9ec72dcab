import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { TestBrowser } from '../../test/browser.js';
import { TestBrowser as Browser } from '../../test/browser.js';
import { createMember, createOrganization, grant, otpNow, signIn, type TestMember } from '../../test/fixtures.js';

/**
 * The authorization matrix of every organization call: anonymous (401), a member of another organization
 * (never sees or touches this one), a member lacking the permission (403), and the owner and a holder of
 * the permission (success).
 */
let t: TestApp;
let owner: TestMember;
let plain: TestMember;
let outsider: TestMember;
let target: TestMember;
let invited: TestMember;
const browsers = new Map<string, TestBrowser>();

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_FACTOR: '20' });
  const db = t.testDb.database.db;
  const org = await createOrganization(db, 'Acme Custody');
  owner = await createMember(db, t.config, { organizationId: org.id });
  await grant(db, owner.id, ['OWNER']);
  plain = await createMember(db, t.config, { organizationId: org.id });
  target = await createMember(db, t.config, { organizationId: org.id });
  invited = await createMember(db, t.config, { organizationId: org.id });
  outsider = await createMember(db, t.config);
  await grant(db, outsider.id, ['OWNER']);
  for (const m of [owner, plain, outsider]) browsers.set(m.id, await signIn(t, m));
});
afterAll(async () => {
  await t?.close();
});

type Case = {
  name: string;
  permission: string | null;
  /** Calls that name no object act in the caller's own organization, so an outsider's succeeds there. */
  createsOwn?: boolean;
  send: (b: TestBrowser, member: TestMember) => Promise<{ statusCode: number; json(): { code?: string } }>;
};

const code = async (b: TestBrowser, m: TestMember) => {
  t.clock.advance(30_000);
  return b.encrypt(otpNow(m, t.clock));
};

const CASES: Case[] = [
  { name: 'organization me', permission: null, send: (b) => b.request('GET', '/api/v1/organizations/me') },
  { name: 'member list', permission: null, send: (b) => b.post('/api/v1/organization/members', {}) },
  {
    name: 'member by email',
    permission: 'ORG_MEMBER_INVITATION',
    send: (b) => b.request('GET', `/api/v1/organization/members/email/${encodeURIComponent(target.email)}`),
  },
  {
    name: 'member permissions',
    permission: 'MANAGEMENT_PERMISSION_SETTINGS',
    send: (b) =>
      b.request('PATCH', `/api/v1/organization/members/${target.id}/permissions`, { permissions: ['WALLETS_VIEW'] }),
  },
  {
    name: 'group create',
    permission: 'GROUP_CREATION',
    createsOwn: true,
    send: (b) => b.post('/api/v1/organization/groups/create', { name: `G ${Math.random()}` }),
  },
  { name: 'group list', permission: null, send: (b) => b.post('/api/v1/organization/groups', {}) },
  {
    name: 'invite',
    permission: 'ORG_MEMBER_INVITATION',
    createsOwn: true,
    send: (b) =>
      b.post('/api/v1/organization/invitations/invite-organization-member', {
        emails: [`new-${Math.random().toString(36).slice(2)}@example.com`],
      }),
  },
  {
    name: 'member delete',
    permission: 'ORG_MEMBER_DELETION',
    send: async (b, m) =>
      b.request('DELETE', `/api/v1/organization/members/${invited.id}`, { otpCode: await code(b, m) }),
  },
];

describe('organization authorization matrix', () => {
  for (const c of CASES) {
    it(`${c.name}: anonymous 401, outsider and unpermitted refused, permitted allowed`, async () => {
      expect((await c.send(new Browser(t.app), owner)).statusCode).toBe(401);

      const outsiderRes = await c.send(browsers.get(outsider.id)!, outsider);
      if (c.permission === null || c.createsOwn) {
        // Allowed, but only ever about the outsider's own organization.
        expect(outsiderRes.statusCode).toBe(200);
        expect(JSON.stringify(outsiderRes.json())).not.toContain(target.email);
      } else {
        expect([403, 404]).toContain(outsiderRes.statusCode);
      }

      if (c.permission) {
        const denied = await c.send(browsers.get(plain.id)!, plain);
        expect(denied.statusCode).toBe(403);
        expect(denied.json().code).toBe('403');
      }
      const allowed = await c.send(browsers.get(owner.id)!, owner);
      expect(allowed.statusCode, JSON.stringify(allowed.json())).toBe(200);
    });
  }

  it('a holder of the permission (through a group) is allowed, and loses it with the group', async () => {
    const db = t.testDb.database.db;
    const holder = await createMember(db, t.config, { organizationId: await orgId() });
    const ownerBrowser = browsers.get(owner.id)!;
    const group = await ownerBrowser.post('/api/v1/organization/groups/create', {
      name: 'Inviters',
      memberIds: [holder.id],
    });
    expect(group.statusCode).toBe(200);
    const gid = group.json().id as string;
    await ownerBrowser.request('PATCH', `/api/v1/organization/groups/${gid}/permissions`, {
      permissions: ['ORG_MEMBER_INVITATION'],
    });
    const b = await signIn(t, holder);
    const ok = await b.request('GET', `/api/v1/organization/members/email/${encodeURIComponent(target.email)}`);
    expect(ok.statusCode).toBe(200);
    expect((await b.request('GET', '/api/v1/organizations/me')).json().myPermissions).toEqual([
      'ORG_MEMBER_INVITATION',
    ]);

    const del = await ownerBrowser.request('DELETE', `/api/v1/organization/groups/${gid}`, {
      otpCode: await code(ownerBrowser, owner),
    });
    expect(del.json()).toEqual({ ok: true });
    const gone = await b.request('GET', `/api/v1/organization/members/email/${encodeURIComponent(target.email)}`);
    expect(gone.statusCode).toBe(403);
  });

  it("another organization's objects are never found by id", async () => {
    const b = browsers.get(outsider.id)!;
    const perm = await b.request('PATCH', `/api/v1/organization/members/${target.id}/permissions`, { permissions: [] });
    expect(perm.statusCode).toBe(404);
    const ownerGroups = await browsers.get(owner.id)!.post('/api/v1/organization/groups/create', { name: 'Private' });
    const gid = ownerGroups.json().id as string;
    expect((await b.request('PATCH', `/api/v1/organization/groups/${gid}`, { name: 'Mine' })).statusCode).toBe(404);
    expect(
      (await b.request('PATCH', `/api/v1/organization/groups/${gid}/permissions`, { permissions: [] })).statusCode,
    ).toBe(404);
  });
});

async function orgId() {
  return (await browsers.get(owner.id)!.request('GET', '/api/v1/organizations/me')).json().id as string;
}
