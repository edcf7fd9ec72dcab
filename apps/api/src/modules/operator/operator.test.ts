import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { TestBrowser } from '../../test/browser.js';
import { createMember, grant, signIn, type TestMember } from '../../test/fixtures.js';

const OPS = '/api/v1/operations/organizations';
let t: TestApp;
let a: TestBrowser;
let b: TestBrowser;
let viewer: TestBrowser;
let member: TestBrowser;
let opA: TestMember;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_FACTOR: '20' });
  const db = t.testDb.database.db;
  opA = await createMember(db, t.config, { kind: 'OPERATOR', operatorRole: 'OPERATOR' });
  const opB = await createMember(db, t.config, { kind: 'OPERATOR', operatorRole: 'MANAGER' });
  const opV = await createMember(db, t.config, { kind: 'OPERATOR', operatorRole: 'VIEWER' });
  const owner = await createMember(db, t.config);
  await grant(db, owner.id, ['OWNER']);
  a = await signIn(t, opA);
  b = await signIn(t, opB);
  viewer = await signIn(t, opV);
  member = await signIn(t, owner);
});
afterAll(async () => {
  await t?.close();
});

const details = {
  name: 'Hanbit Securities',
  businessRegistrationNumber: '123-45-67890',
  representativeName: 'Park Jisu',
  custodyFeeBps: 25,
};

async function createApprovedOrganization(name = details.name) {
  const created = await a.post(`${OPS}/organization-creation-workflow/create`, { ...details, name });
  expect(created.statusCode).toBe(200);
  const approved = await b.post(`${OPS}/organization-creation-workflow/${created.json().id}/approve`, {
    memo: 'KYC documents checked',
    otpCode: await b.otp(),
  });
  expect(approved.json()).toMatchObject({ status: 'APPROVED', memo: 'KYC documents checked' });
  return approved.json().organizationId as string;
}

describe('operator console', () => {
  it('creates an organization only after a second operator approves (maker-checker)', async () => {
    const created = await a.post(`${OPS}/organization-creation-workflow/create`, details);
    expect(created.json()).toMatchObject({
      type: 'ORGANIZATION_CREATION',
      status: 'IN_PROGRESS',
      canDecide: false,
      canCancel: true,
    });
    const id = created.json().id as string;
    expect(
      (await a.post(`${OPS}/organization-creation-workflow/${id}/approve`, { otpCode: await a.otp() })).json().code,
    ).toBe('4105');
    expect(
      (await viewer.post(`${OPS}/organization-creation-workflow/${id}/approve`, { otpCode: await viewer.otp() }))
        .statusCode,
    ).toBe(403);
    const list = await b.post('/api/v1/operations/workflows', { filters: { status: ['IN_PROGRESS'] } });
    expect(list.json().items.find((w: { id: string }) => w.id === id)).toMatchObject({
      canDecide: true,
      canCancel: false,
    });

    // A stolen session alone decides nothing: no code is invalid input, a wrong one 4004, and it stays open.
    const uncoded = await b.post(`${OPS}/organization-creation-workflow/${id}/approve`, {});
    expect(uncoded.json()).toMatchObject({ code: '4000', data: { issues: [{ path: 'body.otpCode' }] } });
    const wrong = await b.post(`${OPS}/organization-creation-workflow/${id}/reject`, {
      otpCode: await b.encrypt('999999'),
    });
    expect(wrong.json().code).toBe('4004');

    const approved = await b.post(`${OPS}/organization-creation-workflow/${id}/approve`, { otpCode: await b.otp() });
    expect(approved.json()).toMatchObject({
      status: 'APPROVED',
      decidedBy: { role: 'MANAGER' },
      decidedAt: expect.any(String),
    });
    expect(
      (await b.post(`${OPS}/organization-creation-workflow/${id}/reject`, { otpCode: await b.otp() })).json().code,
    ).toBe('4104');

    const orgs = await a.post(OPS, { filters: { search: 'Hanbit' } });
    expect(orgs.json().items[0]).toMatchObject({
      name: 'Hanbit Securities',
      custodyFeeBps: 25,
      amlStatus: 'NOT_CHECKED',
      ownerStatus: 'NONE',
    });
    const aml = await a.post(`${OPS}/aml-status/list`, { filters: { organizationId: orgs.json().items[0].id } });
    expect(aml.json().items[0]).toMatchObject({ status: 'NOT_CHECKED' });
  });

  it('rejects and cancels leave nothing behind; only the creator cancels', async () => {
    const rejected = await a.post(`${OPS}/organization-creation-workflow/create`, { ...details, name: 'Rejected Co' });
    expect(
      (
        await b.post(`${OPS}/organization-creation-workflow/${rejected.json().id}/reject`, {
          memo: 'incomplete',
          otpCode: await b.otp(),
        })
      ).json().status,
    ).toBe('REJECTED');
    const canceled = await a.post(`${OPS}/organization-creation-workflow/create`, { ...details, name: 'Canceled Co' });
    expect((await b.post(`${OPS}/organization-creation-workflow/${canceled.json().id}/cancel`, {})).statusCode).toBe(
      403,
    );
    expect((await a.post(`${OPS}/organization-creation-workflow/${canceled.json().id}/cancel`, {})).json().status).toBe(
      'CANCELED',
    );
    const found = await a.post(OPS, { filters: { search: 'Co' } });
    expect(found.json().items.map((o: { name: string }) => o.name)).not.toEqual(
      expect.arrayContaining(['Rejected Co']),
    );
    expect(found.json().items.map((o: { name: string }) => o.name)).not.toEqual(
      expect.arrayContaining(['Canceled Co']),
    );
  });

  it('invites the owner by email once approved; the owner signs up through the link', async () => {
    const organizationId = await createApprovedOrganization('Owner Test Bank');
    const email = 'owner.ceo-1@ownertest.example';
    const wf = await a.post(`${OPS}/owner-invitation-workflow/create`, { organizationId, email });
    expect(wf.json().payload.email).toMatch(/^o\*+@ownertest\.example$/); // an OPERATOR sees emails masked
    const duplicate = await a.post(`${OPS}/owner-invitation-workflow/create`, {
      organizationId,
      email: 'other-9@x.example',
    });
    expect(duplicate.json().code).toBe('4012');
    // A MANAGER (no email-viewer role) deciding it sees in full the address they approve; once decided, masked.
    const deciding = await b.post('/api/v1/operations/workflows', { filters: { status: ['IN_PROGRESS'] } });
    expect(deciding.json().items.find((w: { id: string }) => w.id === wf.json().id).payload.email).toBe(email);
    await b.post(`${OPS}/owner-invitation-workflow/${wf.json().id}/approve`, { otpCode: await b.otp() });
    const decided = await b.post('/api/v1/operations/workflows', { filters: { status: ['APPROVED'] } });
    expect(decided.json().items.find((w: { id: string }) => w.id === wf.json().id).payload.email).toMatch(/^o\*+@/);
    const third = await a.post(`${OPS}/owner-invitation-workflow/create`, {
      organizationId,
      email: 'other-9@x.example',
    });
    expect(third.json().code).toBe('4024');
    const mail = await t.mailbox.waitFor((m) => m.to.includes(email));
    expect(mail.subject).toContain('Owner Test Bank');
    const url = new URL(mail.text.match(/https?:\/\/\S+mode=signup\S+/)![0]);
    const invitationId = url.searchParams.get('invitationId')!;
    const token = url.searchParams.get('token')!;

    t.mailbox.clear();
    const resent = await a.post(`${OPS}/owner-invitation/${organizationId}/resend`, {});
    expect(resent.json().ok).toBe(true);
    const second = await t.mailbox.waitFor((m) => m.to.includes(email));
    const url2 = new URL(second.text.match(/https?:\/\/\S+mode=signup\S+/)![0]);
    const guest = new TestBrowser(t.app, '192.0.2.80');
    expect((await guest.post(`${OPS}/owner-invitation/${invitationId}/get`, { token })).json().code).toBe('4018');
    const info = await guest.post(`${OPS}/owner-invitation/${url2.searchParams.get('invitationId')}/get`, {
      token: url2.searchParams.get('token'),
    });
    expect(info.json()).toMatchObject({ kind: 'OWNER', organizationName: 'Owner Test Bank', email });

    const accepted = await guest.post(`${OPS}/owner-invitation/${url2.searchParams.get('invitationId')}/accept`, {
      token: url2.searchParams.get('token'),
      passphrase: await guest.encrypt('Owner-pass-2026!'),
      userName: 'Choi Yuna',
      firstName: 'Yuna',
      lastName: 'Choi',
    });
    expect(accepted.json()).toEqual({ ok: true, email });
    expect((await guest.login(email, 'Owner-pass-2026!')).json()).toMatchObject({
      result: 'NEED_OTP',
      otpRegistered: false,
    });
    const org = await b.post(`${OPS}/${organizationId}`, {});
    expect(org.json()).toMatchObject({ ownerStatus: 'ACTIVE', memberCount: 1 });
    expect(org.json().workflows.map((w: { type: string }) => w.type)).toContain('OWNER_INVITATION');
  });

  it('updates details, custody fee and AML status through approved workflows', async () => {
    const organizationId = await createApprovedOrganization('Update Me Inc');
    const approve = async (created: { json(): { id: string } }) =>
      (
        await b.post(`${OPS}/organization-update-workflow/${created.json().id}/approve`, { otpCode: await b.otp() })
      ).json();
    await approve(
      await a.post(`${OPS}/organization-update-detail-workflow/create`, { organizationId, name: 'Updated Inc' }),
    );
    await approve(
      await a.post(`${OPS}/organization-update-custody-fee-workflow/create`, { organizationId, custodyFeeBps: 40 }),
    );
    const aml = await approve(
      await a.post(`${OPS}/organization-update-aml-status-workflow/create`, {
        organizationId,
        amlStatus: 'UNDER_REVIEW',
        reason: 'Adverse media hit',
      }),
    );
    expect(aml.status).toBe('APPROVED');
    const org = (await a.post(`${OPS}/${organizationId}`, {})).json();
    expect(org).toMatchObject({
      name: 'Updated Inc',
      custodyFeeBps: 40,
      amlStatus: 'UNDER_REVIEW',
      amlCheckedAt: expect.any(String),
    });
    const history = await a.post(`${OPS}/aml-status/list`, { filters: { organizationId } });
    expect(history.json().items.map((r: { status: string }) => r.status)).toEqual(['UNDER_REVIEW', 'NOT_CHECKED']);

    const bad = await a.post(`${OPS}/organization-update-custody-fee-workflow/create`, {
      organizationId,
      custodyFeeBps: 5000,
    });
    expect(bad.statusCode).toBe(400);
    const badNumber = await a.post(`${OPS}/organization-creation-workflow/create`, {
      ...details,
      businessRegistrationNumber: '12',
    });
    expect(badNumber.json().data.issues[0].key).toBe('validation.businessNumber.invalid');
  });

  it('is closed to anonymous callers (401), organization members (403) and viewers for changes (403)', async () => {
    const calls: [string, unknown][] = [
      [OPS, {}],
      [`${OPS}/aml-status/list`, {}],
      ['/api/v1/operations/workflows', {}],
      [`${OPS}/organization-creation-workflow/create`, details],
    ];
    for (const [url, body] of calls) {
      expect((await new TestBrowser(t.app).post(url, body)).statusCode, url).toBe(401);
      expect((await member.post(url, body)).statusCode, url).toBe(403);
    }
    expect((await viewer.post(OPS, {})).statusCode).toBe(200);
    expect((await viewer.post(`${OPS}/organization-creation-workflow/create`, details)).statusCode).toBe(403);
    // Operators never use organization-member calls.
    expect((await a.post('/api/v1/organization/members', {})).statusCode).toBe(403);
  });
});
