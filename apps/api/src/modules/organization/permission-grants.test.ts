import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { TestBrowser } from '../../test/browser.js';
import { createMember, createOrganization, grant, otpNow, signIn, type TestMember } from '../../test/fixtures.js';

/**
 * Privilege escalation through every path that changes effective permissions: a member holding the call's own
 * permission but not MANAGEMENT_PERMISSION_SETTINGS is refused (403, naming the power) whenever the call would
 * grant or take away a permission; a holder of MANAGEMENT_PERMISSION_SETTINGS is allowed.
 */
let t: TestApp;
let orgId: string;
let owner: TestBrowser;
const db = () => t.testDb.database.db;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_FACTOR: '50' });
  orgId = (await createOrganization(db(), 'Escalation Test')).id;
  const o = await createMember(db(), t.config, { organizationId: orgId });
  await grant(db(), o.id, ['OWNER']);
  owner = await signIn(t, o);
});
afterAll(async () => {
  await t?.close();
});

async function actor(permissions: string[]) {
  const m = await createMember(db(), t.config, { organizationId: orgId });
  await grant(db(), m.id, permissions);
  return { member: m, browser: await signIn(t, m) };
}

async function group(permissions: string[], memberIds: string[] = []) {
  const res = await owner.post('/api/v1/organization/groups/create', { name: `G ${Math.random()}`, memberIds });
  const id = res.json().id as string;
  if (permissions.length > 0)
    expect(
      (await owner.request('PATCH', `/api/v1/organization/groups/${id}/permissions`, { permissions })).statusCode,
    ).toBe(200);
  return id;
}

async function code(b: TestBrowser, m: TestMember) {
  t.clock.advance(30_000);
  return b.encrypt(otpNow(m, t.clock));
}

const email = () => `invitee-${Math.random().toString(36).slice(2)}@example.com`;
const MPS = 'MANAGEMENT_PERMISSION_SETTINGS';

type Path = {
  name: string;
  /** The call's own permission: enough when no permission changes hands. */
  own: string;
  send: (b: TestBrowser, self: TestMember) => Promise<{ statusCode: number; json(): Record<string, unknown> }>;
};

const PATHS: Path[] = [
  {
    name: 'adding oneself to a group that carries permissions',
    own: 'GROUP_UPDATE',
    send: async (b, self) =>
      b.request('PATCH', `/api/v1/organization/groups/${await group([MPS])}`, { memberIds: [self.id] }),
  },
  {
    name: 'removing a member from a group that carries permissions',
    own: 'GROUP_UPDATE',
    send: async (b) => {
      const admin = await createMember(db(), t.config, { organizationId: orgId });
      return b.request('PATCH', `/api/v1/organization/groups/${await group([MPS], [admin.id])}`, { memberIds: [] });
    },
  },
  {
    name: 'deleting a group that gives its members permissions',
    own: 'GROUP_DELETION',
    send: async (b, self) => {
      const admin = await createMember(db(), t.config, { organizationId: orgId });
      const id = await group(['WALLETS_VIEW'], [admin.id]);
      return b.request('DELETE', `/api/v1/organization/groups/${id}`, { otpCode: await code(b, self) });
    },
  },
  {
    name: 'inviting straight into a group that carries permissions',
    own: 'ORG_MEMBER_INVITATION',
    send: async (b) =>
      b.post('/api/v1/organization/invitations/invite-organization-member', {
        emails: [email()],
        groupIds: [await group([MPS])],
      }),
  },
  {
    name: 'inviting with permissions',
    own: 'ORG_MEMBER_INVITATION',
    send: async (b) =>
      b.post('/api/v1/organization/invitations/invite-organization-member', {
        emails: [email()],
        permissions: ['WALLETS_VIEW'],
      }),
  },
  {
    name: 'removing a member who holds permissions',
    own: 'ORG_MEMBER_DELETION',
    send: async (b, self) => {
      const admin = await createMember(db(), t.config, { organizationId: orgId });
      await grant(db(), admin.id, [MPS]);
      return b.request('DELETE', `/api/v1/organization/members/${admin.id}`, { otpCode: await code(b, self) });
    },
  },
];

describe('nobody grants what they could not set themselves', () => {
  for (const path of PATHS) {
    it(`${path.name}: refused with ${path.own} alone, allowed with ${MPS}`, async () => {
      const weak = await actor([path.own]);
      const refused = await path.send(weak.browser, weak.member);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: '403', data: { reason: 'grant', permission: MPS } });

      const strong = await actor([path.own, MPS]);
      const allowed = await path.send(strong.browser, strong.member);
      expect(allowed.statusCode, JSON.stringify(allowed.json())).toBe(200);
    });
  }

  it('the refused self-escalation leaves no trace: the group and the effective permissions are unchanged', async () => {
    const weak = await actor(['GROUP_UPDATE']);
    const id = await group([MPS]);
    await weak.browser.request('PATCH', `/api/v1/organization/groups/${id}`, { memberIds: [weak.member.id] });
    const me = await weak.browser.request('GET', '/api/v1/organizations/me');
    expect(me.json().myPermissions).toEqual(['GROUP_UPDATE']);
    const list = await owner.post('/api/v1/organization/groups', {});
    const g = (list.json().items as { id: string; members: unknown[] }[]).find((x) => x.id === id);
    expect(g?.members).toEqual([]);
  });

  it('GROUP_UPDATE still renames and fills groups that carry no permissions', async () => {
    const weak = await actor(['GROUP_UPDATE']);
    const id = await group([]);
    const res = await weak.browser.request('PATCH', `/api/v1/organization/groups/${id}`, {
      name: `Renamed ${Math.random()}`,
      memberIds: [weak.member.id],
    });
    expect(res.statusCode).toBe(200);
  });

  it('ORG_MEMBER_INVITATION still invites into a group that carries no permissions', async () => {
    const weak = await actor(['ORG_MEMBER_INVITATION']);
    const res = await weak.browser.post('/api/v1/organization/invitations/invite-organization-member', {
      emails: [email()],
      groupIds: [await group([])],
    });
    expect(res.statusCode).toBe(200);
  });

  it('a permission holder changes a member or a group only within the rule, and never OWNER', async () => {
    const strong = await actor([MPS]);
    const target = await createMember(db(), t.config, { organizationId: orgId });
    const set = await strong.browser.request('PATCH', `/api/v1/organization/members/${target.id}/permissions`, {
      permissions: ['WALLETS_VIEW'],
    });
    expect(set.statusCode).toBe(200);
    const owned = await strong.browser.request('PATCH', `/api/v1/organization/members/${target.id}/permissions`, {
      permissions: ['OWNER'],
    });
    expect(owned.statusCode).toBe(400);
  });
});
