import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { TestBrowser } from '../../test/browser.js';
import { createMember, otpNow, type TestMember } from '../../test/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function signedIn(opts: { password?: string } = {}) {
  const member = await createMember(t.testDb.database.db, t.config, opts);
  const browser = new TestBrowser(t.app);
  t.clock.advance(30_000);
  expect((await browser.login(member.email, member.password, otpNow(member, t.clock))).json().result).toBe('SUCCESS');
  return { member, browser, base: `/api/v1/organization/members/${member.id}` };
}

describe('account settings', () => {
  it('changes language and names with the section 5 name rule', async () => {
    const { browser, base } = await signedIn();
    const lang = await browser.request('PATCH', `${base}/language`, { language: 'EN' });
    expect(lang.json()).toMatchObject({ language: 'EN' });
    const bad = await browser.request('PATCH', `${base}/language`, { language: 'FR' });
    expect(bad.statusCode).toBe(400);

    const names = await browser.request('PATCH', `${base}/name`, {
      userName: '김 민지',
      firstName: 'Minji',
      lastName: 'Kim',
    });
    expect(names.json()).toMatchObject({ userName: '김 민지', firstName: 'Minji', lastName: 'Kim' });
    const digits = await browser.request(
      'PATCH',
      `${base}/name`,
      { userName: 'R2D2', firstName: 'Minji', lastName: 'Kim' },
      { headers: { 'accept-language': 'en' } },
    );
    expect(digits.statusCode).toBe(400);
    expect(digits.json().data.issues[0]).toMatchObject({ path: 'body.userName', key: 'validation.personName.invalid' });
  });

  it("never changes another member's settings (403), signed out (401)", async () => {
    const { browser } = await signedIn();
    const other = await createMember(t.testDb.database.db, t.config);
    const res = await browser.request('PATCH', `/api/v1/organization/members/${other.id}/language`, { language: 'EN' });
    expect(res.statusCode).toBe(403);
    const guest = await new TestBrowser(t.app).request('PATCH', `/api/v1/organization/members/${other.id}/language`, {
      language: 'EN',
    });
    expect(guest.statusCode).toBe(401);
  });

  it('changes the password with the current one and a code; the old one stops working', async () => {
    const { member, browser, base } = await signedIn();
    const change = async (m: TestMember, current: string, next: string) => {
      t.clock.advance(30_000);
      return browser.request('PATCH', `${base}/passphrase`, {
        currentPassphrase: await browser.encrypt(current),
        newPassphrase: await browser.encrypt(next),
        otpCode: await browser.encrypt(otpNow(m, t.clock)),
      });
    };
    expect((await change(member, 'Not-my-pass-1!', 'Another-pass-2!')).json().code).toBe('4005');
    expect((await change(member, member.password, member.password)).json().code).toBe('16');
    expect((await change(member, member.password, member.email)).json().code).toBe('15');
    expect((await change(member, member.password, 'Another-pass-2!')).json()).toEqual({ ok: true });
    expect((await browser.request('GET', '/api/v1/organization/members/me')).statusCode).toBe(200);

    const fresh = new TestBrowser(t.app);
    expect((await fresh.login(member.email, member.password)).json().code).toBe('4005');
    expect((await fresh.login(member.email, 'Another-pass-2!')).json().result).toBe('NEED_OTP');
  });
});
