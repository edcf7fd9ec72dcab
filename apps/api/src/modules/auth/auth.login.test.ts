import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { TestBrowser } from '../../test/browser.js';
import { createMember, otpNow } from '../../test/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const LOGIN = '/api/v1/organization/members/login';

describe('sign-in', () => {
  it('publishes an RSA public key for RSA-OAEP', async () => {
    const res = await new TestBrowser(t.app).request('GET', '/api/v1/auth/public-key');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ algorithm: 'RSA-OAEP-256', keyId: expect.any(String) });
    expect(res.json().publicKey).toContain('BEGIN PUBLIC KEY');
  });

  it('answers 4002 for an unknown email', async () => {
    const res = await new TestBrowser(t.app).login('nobody@example.com', 'Whatever-1!');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('4002');
  });

  it('refuses a password sent in clear', async () => {
    const member = await createMember(t.testDb.database.db, t.config);
    const res = await new TestBrowser(t.app).post(LOGIN, { email: member.email, passphrase: member.password });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: '4000' });
  });

  it('asks for the code, refuses a wrong one (4004), signs in, then refuses the same code again (4034)', async () => {
    const member = await createMember(t.testDb.database.db, t.config);
    const browser = new TestBrowser(t.app);
    const first = await browser.login(member.email, member.password);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ result: 'NEED_OTP', otpRegistered: true, memberId: member.id });
    expect(browser.cookies.has('vl_session')).toBe(false);

    const wrongCode = otpNow(member, t.clock) === '000000' ? '111111' : '000000';
    const wrong = await browser.login(member.email, member.password, wrongCode);
    expect(wrong.json().code).toBe('4004');

    const code = otpNow(member, t.clock);
    const ok = await browser.login(member.email, member.password, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ result: 'SUCCESS', kind: 'MEMBER' });
    const cookie = ok.cookies.find((c) => c.name === 'vl_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie.secure).toBeFalsy();
    expect(ok.body).not.toContain(member.password);

    const replay = await new TestBrowser(t.app).login(member.email, member.password, code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('4034');
    expect(replay.json().data).toBeGreaterThanOrEqual(1);
    expect(replay.json().data).toBeLessThanOrEqual(60);
    expect(replay.json().message).toContain(String(replay.json().data));
  });

  it('counts wrong passwords down and blocks at the fifth (4030) until a reset', async () => {
    const member = await createMember(t.testDb.database.db, t.config);
    const browser = new TestBrowser(t.app);
    for (const remaining of [4, 3, 2, 1]) {
      const res = await browser.login(member.email, 'Wrong-password-1!');
      expect(res.json()).toMatchObject({
        code: '4005',
        data: { result: 'INVALID_PASSPHRASE', remainingAttempts: remaining },
      });
    }
    expect((await browser.login(member.email, 'Wrong-password-1!')).json().code).toBe('4030');
    const blocked = await browser.login(member.email, member.password);
    expect(blocked.statusCode).toBe(423);
    expect(blocked.json().code).toBe('4030');
  });

  it('starts authenticator registration on the first sign-in and signs in with its first code', async () => {
    const member = await createMember(t.testDb.database.db, t.config, { otp: false });
    const browser = new TestBrowser(t.app);
    const first = (await browser.login(member.email, member.password)).json();
    expect(first).toMatchObject({ result: 'NEED_OTP', otpRegistered: false, ticket: expect.any(String) });

    const base = `/api/v1/organization/members/${member.id}/otp/registration`;
    expect((await browser.post(base, { ticket: 'forged' })).json().code).toBe('18');
    const started = await browser.post(base, { ticket: first.ticket });
    expect(started.statusCode).toBe(200);
    const { secret, otpauthUri } = started.json();
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/Vaultline:/);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    const code = otpNow({ ...member, otpSecret: secret }, t.clock);
    const confirmed = await browser.post(`${base}/confirm`, {
      ticket: first.ticket,
      otpCode: await browser.encrypt(code),
    });
    expect(confirmed.json()).toMatchObject({ result: 'SUCCESS' });
    expect((await browser.request('GET', '/api/v1/organization/members/me')).statusCode).toBe(200);
    // The ticket is spent.
    expect((await browser.post(base, { ticket: first.ticket })).json().code).toBe('18');
  });

  it('answers 17 with a ticket when the password expired, and the 3-step change signs in again', async () => {
    const old = new Date(Date.now() - 91 * 86_400_000);
    const member = await createMember(t.testDb.database.db, t.config, { passwordChangedAt: old });
    const browser = new TestBrowser(t.app);
    const res = await browser.login(member.email, member.password);
    expect(res.json()).toMatchObject({ code: '17', data: { memberId: member.id, ticket: expect.any(String) } });
    const { ticket } = res.json().data;

    const base = `/api/v1/organization/members/${member.id}/passphrase`;
    const verified = await browser.post(`${base}/verify`, { token: ticket });
    expect(verified.json()).toMatchObject({ purpose: 'EXPIRED', otpRequired: true, email: member.email });

    const attempt = async (password: string) =>
      browser.post(`${base}/reset`, {
        token: ticket,
        newPassphrase: await browser.encrypt(password),
        otpCode: await browser.encrypt(otpNow(member, t.clock)),
      });
    t.clock.advance(30_000);
    expect((await attempt(member.password)).json().code).toBe('16');
    t.clock.advance(30_000);
    expect((await attempt(member.email)).json().code).toBe('15');
    t.clock.advance(30_000);
    const weak = (await attempt('short')).json();
    expect(weak).toMatchObject({
      code: '14',
      data: { missing: expect.arrayContaining(['length', 'digit', 'special']) },
    });
    t.clock.advance(30_000);
    expect((await attempt('Brand-new-pass-2!')).json()).toEqual({ ok: true });

    t.clock.advance(30_000);
    const after = await browser.login(member.email, 'Brand-new-pass-2!', otpNow(member, t.clock));
    expect(after.json().result).toBe('SUCCESS');
  });

  it('limits sign-in attempts per address (429)', async () => {
    const limited = await createTestApp();
    try {
      const browser = new TestBrowser(limited.app, '10.9.8.7');
      const codes: string[] = [];
      for (let i = 0; i < 16; i++) codes.push((await browser.login(`x${i}@example.com`, 'Whatever-1!')).json().code);
      expect(codes.slice(0, 15).every((c) => c === '4002')).toBe(true);
      expect(codes[15]).toBe('429');
    } finally {
      await limited.close();
    }
  });
});
