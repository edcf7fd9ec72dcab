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

/** The link of the newest mail to `to` whose text names `mode`, read from the real SMTP delivery. */
async function mailedLink(to: string, mode: string): Promise<URL> {
  const mail = await t.mailbox.waitFor((m) => m.to.includes(to) && m.text.includes(`mode=${mode}`));
  const href = mail.text.match(/https?:\/\/\S+mode=\S+/)![0];
  return new URL(href);
}

describe('IP verification by email', () => {
  it('asks a new IP to verify by email (4008) and trusts it after the link is opened from it', async () => {
    const member = await createMember(t.testDb.database.db, t.config, { verifiedIps: ['127.0.0.1'] });
    const browser = new TestBrowser(t.app, '203.0.113.7');
    const first = await browser.login(member.email, member.password);
    expect(first.json()).toMatchObject({ result: 'NEED_IP_VERIFICATION', code: '4008', memberId: member.id });

    const link = await mailedLink(member.email, 'verify-ip');
    expect(link.origin).toBe(t.config.appBaseUrl);
    const memberId = link.searchParams.get('memberId')!;
    const loginIpId = link.searchParams.get('loginIpId')!;
    const code = link.searchParams.get('code')!;
    const url = `/api/v1/organization/members/${memberId}/login-ips/${loginIpId}/verify`;

    const elsewhere = await new TestBrowser(t.app, '198.51.100.1').post(url, { code });
    expect(elsewhere.json()).toMatchObject({ code: '4011' });
    const wrong = await browser.post(url, { code: 'not-the-code' });
    expect(wrong.json().code).toBe('4009');
    const ok = await browser.post(url, { code });
    expect(ok.json()).toEqual({ ok: true, ip: '203.0.113.7' });
    const again = await browser.post(url, { code });
    expect(again.json().code).toBe('4010');

    const next = await browser.login(member.email, member.password);
    expect(next.json()).toMatchObject({ result: 'NEED_OTP' });
    t.clock.advance(30_000);
    expect((await browser.login(member.email, member.password, otpNow(member, t.clock))).json().result).toBe('SUCCESS');
  });

  it('writes the mail in the member language and expires the link after 24 hours (4009)', async () => {
    const member = await createMember(t.testDb.database.db, t.config, { verifiedIps: [] });
    const browser = new TestBrowser(t.app, '192.0.2.44');
    await browser.login(member.email, member.password);
    const mail = await t.mailbox.waitFor((m) => m.to.includes(member.email));
    expect(mail.subject).toMatch(/[가-힣]/);
    expect(mail.text).toContain('192.0.2.44');

    const link = await mailedLink(member.email, 'verify-ip');
    t.clock.advance(24 * 3_600_000 + 1000);
    const res = await browser.post(
      `/api/v1/organization/members/${link.searchParams.get('memberId')}/login-ips/${link.searchParams.get('loginIpId')}/verify`,
      { code: link.searchParams.get('code') },
    );
    expect(res.json().code).toBe('4009');
  });
});
