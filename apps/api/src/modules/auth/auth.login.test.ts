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

  it('an office behind one address: twenty people sign in (password, then code) without meeting a limit', async () => {
    const office = await createTestApp();
    try {
      const db = office.testDb.database.db;
      const people = [];
      for (let i = 0; i < 20; i++) people.push(await createMember(db, office.config, { verifiedIps: ['203.0.113.9'] }));
      for (const person of people) {
        const browser = new TestBrowser(office.app, '203.0.113.9');
        expect((await browser.login(person.email, person.password)).json().result).toBe('NEED_OTP');
        const done = await browser.login(person.email, person.password, otpNow(person, office.clock));
        expect(done.json().result, done.body).toBe('SUCCESS');
      }
    } finally {
      await office.close();
    }
  });

  it('limits one account from one address, answering 429 with the seconds to wait', async () => {
    const limited = await createTestApp();
    try {
      const browser = new TestBrowser(limited.app, '10.9.8.7');
      const answers = [];
      for (let i = 0; i < 11; i++) answers.push(await browser.login('guess@example.com', 'Whatever-1!'));
      expect(answers.slice(0, 10).every((r) => r.json().code === '4002')).toBe(true);
      const refused = answers[10]!;
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('429');
      const wait = refused.json().data.retryAfterSeconds as number;
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(300);
      expect(refused.headers['retry-after']).toBe(String(wait));
      // Another person at the same address is not held back by it.
      expect((await browser.login('someone-else@example.com', 'Whatever-1!')).json().code).toBe('4002');
    } finally {
      await limited.close();
    }
  });

  it('keeps a high ceiling per address: the 301st attempt in five minutes is refused', async () => {
    const limited = await createTestApp();
    try {
      const browser = new TestBrowser(limited.app, '10.9.8.6');
      for (let i = 0; i < 300; i++) {
        const code = (await browser.login(`x${i}@example.com`, 'Whatever-1!')).json().code;
        if (code !== '4002') throw new Error(`attempt ${i + 1} answered ${code}`);
      }
      const refused = await browser.login('x300@example.com', 'Whatever-1!');
      expect(refused.json()).toMatchObject({ code: '429', data: { retryAfterSeconds: expect.any(Number) } });
    } finally {
      await limited.close();
    }
  }, 60_000);
});
