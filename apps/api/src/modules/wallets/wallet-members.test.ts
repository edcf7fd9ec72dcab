import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { TestBrowser } from '../../test/browser.js';
import { TestBrowser as Browser } from '../../test/browser.js';
import { createMember, createOrganization, grant, signIn, type TestMember } from '../../test/fixtures.js';

/** Wallet members and wallet approval lines: managers act, members read, others never see the wallet. */
let t: TestApp;
let owner: TestMember;
let manager: TestMember;
let member: TestMember;
let stranger: TestMember;
let outsider: TestMember;
let walletId: string;
const b = new Map<string, TestBrowser>();

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_FACTOR: '20' });
  const db = t.testDb.database.db;
  const orgId = (await createOrganization(db, 'Members Org')).id;
  owner = await createMember(db, t.config, { organizationId: orgId });
  manager = await createMember(db, t.config, { organizationId: orgId });
  member = await createMember(db, t.config, { organizationId: orgId });
  stranger = await createMember(db, t.config, { organizationId: orgId });
  outsider = await createMember(db, t.config);
  await grant(db, owner.id, ['OWNER']);
  await grant(db, manager.id, ['WALLETS_CREATION']);
  await grant(db, outsider.id, ['OWNER']);
  for (const m of [owner, manager, member, stranger, outsider]) b.set(m.id, await signIn(t, m));
  const base = `/api/v1/organizations/wallet-creation/evm/${orgId}/wallet-creation-request`;
  const id = (await b.get(manager.id)!.post(`${base}/create`, { blockchain: 'ETHEREUM', name: 'Shared' })).json().id;
  await b.get(owner.id)!.post(`${base}/${id}/approve`, { otpCode: await b.get(owner.id)!.otp() });
  for (let i = 0; i < 60 && !walletId; i++) {
    const r = (await b.get(manager.id)!.post(`/api/v1/organizations/requests/${id}`, {})).json();
    if (r.status === 'COMPLETE') walletId = r.walletId;
    else await new Promise((resolve) => setTimeout(resolve, 250));
  }
});
afterAll(async () => {
  await t?.close();
});

const W = () => `/api/v1/organizations/wallets/${walletId}`;

describe('wallet members and lines', () => {
  it('the creator manages the wallet: adds a member, changes a role, keeps at least one manager', async () => {
    const m = b.get(manager.id)!;
    const added = await m.post(`${W()}/members/add`, { memberId: member.id, role: 'MEMBER' });
    expect(added.json()).toMatchObject({ memberId: member.id, role: 'MEMBER' });
    expect((await m.post(`${W()}/members/add`, { memberId: member.id, role: 'MEMBER' })).json().code).toBe('4024');
    expect((await m.post(`${W()}/members/add`, { memberId: outsider.id, role: 'MEMBER' })).json().code).toBe('4103');
    const list = (await m.post(`${W()}/members`, {})).json();
    expect(list.total).toBe(2);
    const own = list.items.find((x: { memberId: string }) => x.memberId === manager.id);
    expect(
      (await m.post(`${W()}/members/update-permissions`, { walletMemberId: own.id, role: 'MEMBER' })).json().code,
    ).toBe('4101');
    expect((await m.request('DELETE', `${W()}/members/remove`, { walletMemberId: own.id })).json().code).toBe('4101');
    const got = await m.post(`${W()}/members/${added.json().id}`, {});
    expect(got.json().email).toBe(member.email);
  });

  it('a wallet member reads but cannot manage (403); a stranger and an outsider never see it (404); a guest 401', async () => {
    const line = {
      creation: [{ kind: 'MEMBER', memberId: member.id }],
      steps: [{ requiredApprovals: 1, approvers: [{ kind: 'MEMBER', memberId: manager.id }] }],
    };
    const reader = b.get(member.id)!;
    expect((await reader.request('GET', W())).statusCode).toBe(200);
    expect((await reader.post(`${W()}/members`, {})).statusCode).toBe(200);
    expect(
      (await reader.request('GET', `/api/v1/organizations/requests/${walletId}/approval-line-templates`)).json()
        .canEdit,
    ).toBe(false);
    expect((await reader.post(`${W()}/members/add`, { memberId: stranger.id, role: 'MEMBER' })).statusCode).toBe(403);
    expect(
      (await reader.post(`/api/v1/organizations/requests/${walletId}/approval-line-templates`, line)).statusCode,
    ).toBe(403);

    for (const who of [stranger, outsider]) {
      const x = b.get(who.id)!;
      const expected = 404;
      expect((await x.request('GET', W())).statusCode).toBe(expected);
      expect((await x.post(`${W()}/members`, {})).statusCode).toBe(expected);
      expect((await x.post(`${W()}/members/add`, { memberId: stranger.id, role: 'MEMBER' })).statusCode).toBe(expected);
      expect(
        (await x.request('GET', `/api/v1/organizations/requests/${walletId}/approval-line-templates`)).statusCode,
      ).toBe(expected);
    }
    expect((await new Browser(t.app).request('GET', W())).statusCode).toBe(401);

    const set = await b
      .get(manager.id)!
      .post(`/api/v1/organizations/requests/${walletId}/approval-line-templates`, line);
    expect(set.json()).toMatchObject({
      scope: 'WALLET',
      canEdit: true,
      steps: [{ requiredApprovals: 1, eligibleCount: 1 }],
    });
    const tooMany = await b
      .get(manager.id)!
      .request('PATCH', `/api/v1/organizations/requests/${walletId}/approval-line-templates/update`, {
        ...line,
        steps: [{ requiredApprovals: 2, approvers: [{ kind: 'MEMBER', memberId: manager.id }] }],
      });
    expect(tooMany.json().code).toBe('4106');
    const ten = await b
      .get(manager.id)!
      .request('PATCH', `/api/v1/organizations/requests/${walletId}/approval-line-templates/update`, {
        ...line,
        steps: [{ requiredApprovals: 10, approvers: [{ kind: 'MEMBER', memberId: manager.id }] }],
      });
    expect(ten.statusCode).toBe(400);
  });

  it('the organization wallet-creation line is edited only with MANAGEMENT_PERMISSION_SETTINGS', async () => {
    const body = { steps: [{ requiredApprovals: 1, approvers: [{ kind: 'MEMBER', memberId: owner.id }] }] };
    const url = '/api/v1/organizations/requests/wallet-creation/approval-line-templates/update';
    expect((await b.get(manager.id)!.request('PATCH', url, body)).statusCode).toBe(403);
    expect((await b.get(owner.id)!.request('PATCH', url, body)).statusCode).toBe(200);
    const foreign = { steps: [{ requiredApprovals: 1, approvers: [{ kind: 'MEMBER', memberId: outsider.id }] }] };
    expect((await b.get(owner.id)!.request('PATCH', url, foreign)).json().code).toBe('4103');
  });
});
