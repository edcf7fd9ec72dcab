import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { TestBrowser } from '../../test/browser.js';
import { createMember, createOrganization, grant, otpNow, signIn, type TestMember } from '../../test/fixtures.js';

let t: TestApp;
let owner: TestMember;
let ownerBrowser: TestBrowser;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_FACTOR: '20' });
  const org = await createOrganization(t.testDb.database.db, 'Invite Co');
  owner = await createMember(t.testDb.database.db, t.config, { organizationId: org.id });
  await grant(t.testDb.database.db, owner.id, ['OWNER']);
  ownerBrowser = await signIn(t, owner);
});
afterAll(async () => {
  await t?.close();
});

const INV = '/api/v1/organization/invitations';

async function linkFor(email: string) {
  const mail = await t.mailbox.waitFor((m) => m.to.includes(email) && m.text.includes('mode=signup'));
  const url = new URL(mail.text.match(/https?:\/\/\S+mode=signup\S+/)![0]);
  return { invitationId: url.searchParams.get('invitationId')!, token: url.searchParams.get('token')!, mail };
}

describe('invitations', () => {
  it('invites several people, who sign up with a password and then register an authenticator', async () => {
    const emails = ['ann.lee-1@example.com', 'bo.kim-2@example.com'];
    const res = await ownerBrowser.post(`${INV}/invite-organization-member`, { emails });
    expect(res.statusCode).toBe(200);
    expect(res.json().invited.map((m: { status: string }) => m.status)).toEqual(['INVITED', 'INVITED']);
    expect(res.json().invited[0].displayStatus).toBe('invited');

    const { invitationId, token, mail } = await linkFor(emails[0]!);
    expect(mail.subject).toMatch(/Invite Co/);
    const guest = new TestBrowser(t.app, '198.51.100.20');
    const info = await guest.post(`${INV}/verify-organization-member-invitation`, { invitationId, token });
    expect(info.json()).toMatchObject({ email: emails[0], organizationName: 'Invite Co', kind: 'MEMBER' });

    const weak = await guest.post(`${INV}/accept-organization-member-invitation`, {
      invitationId,
      token,
      passphrase: await guest.encrypt('short'),
      userName: 'Ann Lee',
      firstName: 'Ann',
      lastName: 'Lee',
    });
    expect(weak.json().code).toBe('14');
    const accepted = await guest.post(`${INV}/accept-organization-member-invitation`, {
      invitationId,
      token,
      passphrase: await guest.encrypt('Ann-secure-pass-1!'),
      userName: 'Ann Lee',
      firstName: 'Ann',
      lastName: 'Lee',
    });
    expect(accepted.json()).toEqual({ ok: true, email: emails[0] });
    const again = await guest.post(`${INV}/verify-organization-member-invitation`, { invitationId, token });
    expect(again.json().code).toBe('4031');

    // The address that opened the mailed link is trusted: sign-in goes straight to authenticator registration.
    const login = await guest.login(emails[0]!, 'Ann-secure-pass-1!');
    expect(login.json()).toMatchObject({ result: 'NEED_OTP', otpRegistered: false });

    const list = await ownerBrowser.post('/api/v1/organization/members', { filters: { search: 'ann.lee' } });
    expect(list.json().items[0]).toMatchObject({ email: emails[0], displayStatus: 'joined', userName: 'Ann Lee' });
  });

  it('refuses duplicates (4024) and an email of another organization (4027)', async () => {
    const dup = await ownerBrowser.post(`${INV}/invite-organization-member`, {
      emails: ['x1@example.com', 'X1@example.com'],
    });
    expect(dup.json()).toMatchObject({ code: '4024', data: { email: 'x1@example.com' } });
    const existing = await ownerBrowser.post(`${INV}/invite-organization-member`, { emails: [owner.email] });
    expect(existing.json().code).toBe('4024');
    const elsewhere = await createMember(t.testDb.database.db, t.config);
    const other = await ownerBrowser.post(`${INV}/invite-organization-member`, { emails: [elsewhere.email] });
    expect(other.json()).toMatchObject({ code: '4027' });
    const bad = await ownerBrowser.post(`${INV}/invite-organization-member`, { emails: ['not-an-email'] });
    expect(bad.statusCode).toBe(400);
  });

  it('expires after 24 hours (4016), re-invites with a new link, cancels (4018), and refuses a forged token (4017)', async () => {
    const email = 'late.comer-3@example.com';
    const invite = await ownerBrowser.post(`${INV}/invite-organization-member`, { emails: [email] });
    const memberId = invite.json().invited[0].id as string;
    const first = await linkFor(email);
    const guest = new TestBrowser(t.app);
    expect(
      (
        await guest.post(`${INV}/verify-organization-member-invitation`, {
          invitationId: first.invitationId,
          token: 'forged',
        })
      ).json().code,
    ).toBe('4017');
    t.clock.advance(24 * 3_600_000 + 1000);
    const expired = await guest.post(`${INV}/verify-organization-member-invitation`, {
      invitationId: first.invitationId,
      token: first.token,
    });
    expect(expired.json().code).toBe('4016');
    ownerBrowser = await signIn(t, owner); // a day passed: the owner's session ended with it
    const listed = await ownerBrowser.post('/api/v1/organization/members', { filters: { search: 'late.comer' } });
    expect(listed.json().items[0].invitation.expired).toBe(true);

    t.mailbox.clear();
    const re = await ownerBrowser.post(`${INV}/re-invite-organization-member`, { memberId });
    expect(re.json().invitation.expired).toBe(false);
    const second = await linkFor(email);
    expect(second.invitationId).not.toBe(first.invitationId);
    const old = await guest.post(`${INV}/verify-organization-member-invitation`, {
      invitationId: first.invitationId,
      token: first.token,
    });
    expect(old.json().code).toBe('4018');
    const fresh = await guest.post(`${INV}/verify-organization-member-invitation`, {
      invitationId: second.invitationId,
      token: second.token,
    });
    expect(fresh.statusCode).toBe(200);

    expect((await ownerBrowser.post(`${INV}/cancel-organization-member-invitation`, { memberId })).json()).toEqual({
      ok: true,
    });
    const canceled = await guest.post(`${INV}/verify-organization-member-invitation`, {
      invitationId: second.invitationId,
      token: second.token,
    });
    expect(canceled.json().code).toBe('4018');
    // Once canceled, the address may be invited again.
    expect((await ownerBrowser.post(`${INV}/invite-organization-member`, { emails: [email] })).statusCode).toBe(200);
  });

  it('removes a member with a fresh code; the removed member is signed out; owner and self are protected', async () => {
    const db = t.testDb.database.db;
    ownerBrowser = await signIn(t, owner);
    const orgId = (await ownerBrowser.request('GET', '/api/v1/organizations/me')).json().id as string;
    const member = await createMember(db, t.config, { organizationId: orgId });
    const memberBrowser = await signIn(t, member);
    const del = async (id: string) => {
      t.clock.advance(30_000);
      return ownerBrowser.request('DELETE', `/api/v1/organization/members/${id}`, {
        otpCode: await ownerBrowser.encrypt(otpNow(owner, t.clock)),
      });
    };
    expect((await del(owner.id)).json().code).toBe('4102');
    expect((await del(member.id)).json()).toEqual({ ok: true });
    expect((await memberBrowser.request('GET', '/api/v1/organization/members/me')).statusCode).toBe(401);
    const wrongCode = await ownerBrowser.request('DELETE', `/api/v1/organization/members/${member.id}`, {
      otpCode: await ownerBrowser.encrypt('000000'),
    });
    expect(wrongCode.statusCode).toBe(404);
  });
});
