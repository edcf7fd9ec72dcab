import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { TestBrowser } from '../../test/browser.js';
import { createMember, otpNow } from '../../test/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  // Several recoveries per account here; the limit itself has its own app below.
  t = await createTestApp({ AUTH_RATE_LIMIT_FACTOR: '5' });
});
afterAll(async () => {
  await t?.close();
});

const RECOVER = '/api/v1/organization/members/passphrase/recover';

async function resetLink(email: string) {
  const mail = await t.mailbox.waitFor((m) => m.to.includes(email) && m.text.includes('mode=reset'));
  const url = new URL(mail.text.match(/https?:\/\/\S+mode=reset\S+/)![0]);
  return { memberId: url.searchParams.get('memberId')!, token: url.searchParams.get('token')! };
}

describe('forgotten password', () => {
  it('emails a reset link; the new password unlocks a blocked account and the link works once (18)', async () => {
    const member = await createMember(t.testDb.database.db, t.config);
    const browser = new TestBrowser(t.app);
    for (let i = 0; i < 5; i++) await browser.login(member.email, 'Wrong-password-1!');
    expect((await browser.login(member.email, member.password)).json().code).toBe('4030');

    expect((await browser.post(RECOVER, { email: member.email })).json()).toEqual({ ok: true });
    const { memberId, token } = await resetLink(member.email);
    const base = `/api/v1/organization/members/${memberId}/passphrase`;
    expect((await browser.post(`${base}/verify`, { token })).json()).toMatchObject({
      purpose: 'RESET',
      otpRequired: true,
    });

    const withoutCode = await browser.post(`${base}/reset`, {
      token,
      newPassphrase: await browser.encrypt('Fresh-pass-77!'),
    });
    expect(withoutCode.json().code).toBe('4004');
    t.clock.advance(30_000);
    const reset = await browser.post(`${base}/reset`, {
      token,
      newPassphrase: await browser.encrypt('Fresh-pass-77!'),
      otpCode: await browser.encrypt(otpNow(member, t.clock)),
    });
    expect(reset.json()).toEqual({ ok: true });
    await t.mailbox.waitFor((m) => m.to.includes(member.email) && !m.text.includes('mode='));

    expect((await browser.post(`${base}/verify`, { token })).json().code).toBe('18');
    t.clock.advance(30_000);
    const login = await browser.login(member.email, 'Fresh-pass-77!', otpNow(member, t.clock));
    expect(login.json().result).toBe('SUCCESS');
  });

  it('refuses a password used among the last five (4035) and an expired link (18)', async () => {
    const member = await createMember(t.testDb.database.db, t.config, { password: 'First-pass-11!' });
    const browser = new TestBrowser(t.app);
    const change = async (password: string) => {
      await browser.post(RECOVER, { email: member.email });
      const { memberId, token } = await resetLink(member.email);
      t.mailbox.clear();
      t.clock.advance(30_000);
      return browser.post(`/api/v1/organization/members/${memberId}/passphrase/reset`, {
        token,
        newPassphrase: await browser.encrypt(password),
        otpCode: await browser.encrypt(otpNow(member, t.clock)),
      });
    };
    expect((await change('Second-pass-22!')).json()).toEqual({ ok: true });
    expect((await change('Third-pass-33!')).json()).toEqual({ ok: true });
    const reused = await change('First-pass-11!');
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('4035');

    await browser.post(RECOVER, { email: member.email });
    const { memberId, token } = await resetLink(member.email);
    t.clock.advance(24 * 3_600_000 + 1000);
    expect(
      (await browser.post(`/api/v1/organization/members/${memberId}/passphrase/verify`, { token })).json().code,
    ).toBe('18');
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    t.mailbox.clear();
    const res = await new TestBrowser(t.app).post(RECOVER, { email: 'ghost@example.com' });
    expect(res.json()).toEqual({ ok: true });
    expect(t.mailbox.list({ to: 'ghost@example.com' })).toHaveLength(0);
  });

  it('limits recovery mails to three an hour per account (429)', async () => {
    const strict = await createTestApp();
    try {
      const member = await createMember(strict.testDb.database.db, strict.config);
      const browser = new TestBrowser(strict.app, '10.1.1.1');
      const codes: unknown[] = [];
      for (let i = 0; i < 4; i++) codes.push((await browser.post(RECOVER, { email: member.email })).json().code);
      expect(codes).toEqual([undefined, undefined, undefined, '429']);
      expect(strict.mailbox.list({ to: member.email })).toHaveLength(3);
    } finally {
      await strict.close();
    }
  });
});
