import { describe, expect, it } from 'vitest';
import { escapeHtml, type MailLang, type MailTemplate, type MailTemplateVars, renderMail } from './templates.js';

const LINK = 'https://vaultline.example.test/verify?token=abc&x=1';

const SAMPLES: { [T in MailTemplate]: MailTemplateVars[T] } = {
  'ip-verification': { name: 'Alice Kim', ip: '203.0.113.7', link: LINK, expiresHours: 24 },
  'password-reset': { name: 'Alice Kim', link: LINK, expiresHours: 24 },
  'password-changed': { name: 'Alice Kim', time: '2025-01-02 03:04 KST' },
  'member-invitation': { organizationName: 'Acme Treasury', inviterName: 'Bob Lee', link: LINK, expiresHours: 72 },
  'owner-invitation': { organizationName: 'Acme Treasury', link: LINK, expiresHours: 48 },
  notice: {
    name: 'Alice Kim',
    subject: 'A withdrawal request waits for your approval',
    paragraphs: ['A withdrawal request in your organization waits for your decision.'],
    action: { label: 'Open the request', link: LINK },
  },
};

const render = <T extends MailTemplate>(template: T, lang: MailLang, vars: MailTemplateVars[T]) =>
  renderMail(template, lang, vars);

describe('renderMail', () => {
  for (const template of Object.keys(SAMPLES) as MailTemplate[]) {
    for (const lang of ['EN', 'KO'] as const) {
      it(`renders ${template} in ${lang}`, () => {
        const mail = render(template, lang, SAMPLES[template]);
        expect(mail.subject.length).toBeGreaterThan(5);
        expect(mail.subject).not.toMatch(/[\r\n]/);
        expect(mail.html).toMatch(/^<!doctype html>/);
        expect(mail.html).toContain(`lang="${lang.toLowerCase()}"`);
        expect(mail.html).toContain('Vaultline');
        expect(mail.text).toContain('Vaultline');
        expect(/[가-힣]/.test(mail.subject + mail.text)).toBe(lang === 'KO');
        if (template !== 'password-changed') {
          const escaped = escapeHtml(LINK);
          expect(mail.html).toContain(`href="${escaped}"`);
          // The button and the raw link printed as text.
          expect(mail.html.split(`>${escaped}</a>`)).toHaveLength(2);
          expect(mail.text).toContain(LINK);
        }
      });
    }
  }

  it('words the IP verification as the issue asks, in both languages', () => {
    const en = renderMail('ip-verification', 'EN', SAMPLES['ip-verification']);
    expect(en.text).toContain('new IP address: 203.0.113.7');
    expect(en.text).toContain('valid for 24 hours');
    expect(en.text).toContain('same network');
    expect(en.text).toContain('change your password');
    const ko = renderMail('ip-verification', 'KO', SAMPLES['ip-verification']);
    expect(ko.text).toContain('새 IP 주소(203.0.113.7)에서 Vaultline 계정에 로그인 시도가 있었습니다.');
    expect(ko.text).toContain('24시간');
    expect(ko.text).toContain('같은 네트워크');
    expect(ko.text).toContain('비밀번호를 변경해 주세요');
    expect(ko.html).toContain('Alice Kim님, 안녕하세요.');
  });

  it('defaults verification and reset links to 24 hours, and uses the given hours for invitations', () => {
    const { expiresHours: _, ...vars } = SAMPLES['password-reset'];
    expect(renderMail('password-reset', 'EN', vars).text).toContain('24 hours');
    expect(renderMail('member-invitation', 'KO', SAMPLES['member-invitation']).text).toContain('72시간');
    expect(renderMail('owner-invitation', 'EN', SAMPLES['owner-invitation']).text).toContain('48 hours');
  });

  it('escapes every variable in the HTML', () => {
    const evil = '<script>alert("x")</script>';
    for (const lang of ['EN', 'KO'] as const) {
      const mails = [
        renderMail('ip-verification', lang, { name: evil, ip: evil, link: `${LINK}&q="><script>` }),
        renderMail('password-changed', lang, { name: evil, time: evil }),
        renderMail('member-invitation', lang, {
          organizationName: evil,
          inviterName: `O'Neil & ${evil}`,
          link: LINK,
          expiresHours: 1,
        }),
      ];
      for (const mail of mails) {
        expect(mail.html).not.toContain('<script');
        expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
      }
      expect(mails[2]!.html).toContain('O&#39;Neil &amp; ');
      // The text version is plain text: the name stays as written.
      expect(mails[1]!.text).toContain(evil);
    }
  });

  it('keeps line breaks out of the subject and refuses non-web links', () => {
    const mail = renderMail('member-invitation', 'EN', {
      organizationName: 'Acme\r\nBcc: x@example.test',
      inviterName: 'Bob',
      link: LINK,
      expiresHours: 1,
    });
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(() => renderMail('password-reset', 'EN', { name: 'A', link: 'javascript:alert(1)' })).toThrow(/http/);
    expect(() => renderMail('password-reset', 'EN', { name: 'A', link: '/relative' })).toThrow(/http/);
  });
});

describe('escapeHtml', () => {
  it('escapes the five HTML-special characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
    expect(escapeHtml(24)).toBe('24');
  });
});
