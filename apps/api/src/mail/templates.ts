export type MailLang = 'EN' | 'KO';

/** Every template and what it needs. Values are plain text: the renderer escapes them for HTML. */
export interface MailTemplateVars {
  'ip-verification': { name: string; ip: string; link: string; expiresHours?: number };
  'password-reset': { name: string; link: string; expiresHours?: number };
  /** `time` is already formatted for the member. */
  'password-changed': { name: string; time: string };
  'member-invitation': { organizationName: string; inviterName: string; link: string; expiresHours: number };
  'owner-invitation': { organizationName: string; link: string; expiresHours: number };
  /** A notification (mail/notification-wording.ts words it): its subject, what happened, where to see it. */
  notice: { name: string; subject: string; paragraphs: string[]; action: { label: string; link: string } };
}

export type MailTemplate = keyof MailTemplateVars;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** The hours a verification or reset link stays valid when the caller does not say. */
export const DEFAULT_LINK_HOURS = 24;

/** One message's wording, before it becomes text and HTML. */
interface MailContent {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; link: string };
  notes: string[];
}

type Builders = { [T in MailTemplate]: Record<MailLang, (vars: MailTemplateVars[T]) => MailContent> };

const BUILDERS: Builders = {
  notice: {
    EN: (v) => ({
      subject: v.subject,
      greeting: `Hello ${v.name},`,
      paragraphs: v.paragraphs,
      action: v.action,
      notes: ['You can choose which notices reach you by email in your account settings.'],
    }),
    KO: (v) => ({
      subject: v.subject,
      greeting: `${v.name}님, 안녕하세요.`,
      paragraphs: v.paragraphs,
      action: v.action,
      notes: ['어떤 알림을 메일로 받을지는 계정 설정에서 고를 수 있습니다.'],
    }),
  },
  'ip-verification': {
    EN: (v) => ({
      subject: 'Verify sign-in from a new IP address',
      greeting: `Hello ${v.name},`,
      paragraphs: [
        `A sign-in to your Vaultline account was attempted from a new IP address: ${v.ip}.`,
        `If this was you, verify this IP address with the button below. The link is valid for ${hours(v.expiresHours, 'EN')} and must be opened from the same network you signed in from.`,
      ],
      action: { label: 'Verify IP address', link: v.link },
      notes: ["If this wasn't you, do not open the link, and change your password right away."],
    }),
    KO: (v) => ({
      subject: '새 IP 주소에서의 로그인 확인',
      greeting: `${v.name}님, 안녕하세요.`,
      paragraphs: [
        `새 IP 주소(${v.ip})에서 Vaultline 계정에 로그인 시도가 있었습니다.`,
        `본인이 시도한 경우 아래 버튼을 눌러 이 IP 주소를 인증해 주세요. 링크는 ${hours(v.expiresHours, 'KO')} 동안 유효하며, 로그인을 시도한 것과 같은 네트워크에서 열어야 합니다.`,
      ],
      action: { label: 'IP 주소 인증하기', link: v.link },
      notes: ['본인이 시도하지 않았다면 링크를 열지 마시고 즉시 비밀번호를 변경해 주세요.'],
    }),
  },
  'password-reset': {
    EN: (v) => ({
      subject: 'Reset your Vaultline password',
      greeting: `Hello ${v.name},`,
      paragraphs: [
        'We received a request to reset the password of your Vaultline account.',
        `To choose a new password, use the button below. The link is valid for ${hours(v.expiresHours, 'EN')}.`,
      ],
      action: { label: 'Reset password', link: v.link },
      notes: ["If you didn't ask for this, you can ignore this email: your password stays unchanged."],
    }),
    KO: (v) => ({
      subject: 'Vaultline 비밀번호 재설정 안내',
      greeting: `${v.name}님, 안녕하세요.`,
      paragraphs: [
        'Vaultline 계정의 비밀번호 재설정 요청이 접수되었습니다.',
        `아래 버튼을 눌러 새 비밀번호를 설정해 주세요. 링크는 ${hours(v.expiresHours, 'KO')} 동안 유효합니다.`,
      ],
      action: { label: '비밀번호 재설정하기', link: v.link },
      notes: ['요청하지 않으셨다면 이 메일을 무시하셔도 됩니다. 비밀번호는 변경되지 않습니다.'],
    }),
  },
  'password-changed': {
    EN: (v) => ({
      subject: 'Your Vaultline password was changed',
      greeting: `Hello ${v.name},`,
      paragraphs: [
        `The password of your Vaultline account was changed on ${v.time}.`,
        'If you made this change, there is nothing more to do.',
      ],
      notes: ["If this wasn't you, reset your password right away and tell your organization's administrator."],
    }),
    KO: (v) => ({
      subject: 'Vaultline 비밀번호가 변경되었습니다',
      greeting: `${v.name}님, 안녕하세요.`,
      paragraphs: [
        `${v.time}에 Vaultline 계정의 비밀번호가 변경되었습니다.`,
        '본인이 변경하신 경우 별도로 조치하실 필요가 없습니다.',
      ],
      notes: ['본인이 변경하지 않았다면 즉시 비밀번호를 재설정하고 조직 관리자에게 알려 주세요.'],
    }),
  },
  'member-invitation': {
    EN: (v) => ({
      subject: `${v.inviterName} invited you to ${v.organizationName} on Vaultline`,
      greeting: 'Hello,',
      paragraphs: [
        `${v.inviterName} invited you to join ${v.organizationName} on Vaultline, a custody dashboard for digital assets.`,
        `Accept the invitation with the button below. The link is valid for ${hours(v.expiresHours, 'EN')}.`,
      ],
      action: { label: 'Accept invitation', link: v.link },
      notes: ["If you weren't expecting this invitation, you can ignore this email."],
    }),
    KO: (v) => ({
      subject: `${v.inviterName}님이 Vaultline의 ${v.organizationName}에 초대했습니다`,
      greeting: '안녕하세요.',
      paragraphs: [
        `${v.inviterName}님이 디지털 자산 수탁 대시보드 Vaultline의 ${v.organizationName} 조직에 회원님을 초대했습니다.`,
        `아래 버튼을 눌러 초대를 수락해 주세요. 링크는 ${hours(v.expiresHours, 'KO')} 동안 유효합니다.`,
      ],
      action: { label: '초대 수락하기', link: v.link },
      notes: ['초대를 예상하지 못하셨다면 이 메일을 무시하셔도 됩니다.'],
    }),
  },
  'owner-invitation': {
    EN: (v) => ({
      subject: `You're invited to set up ${v.organizationName} on Vaultline`,
      greeting: 'Hello,',
      paragraphs: [
        `You have been invited to become the owner of ${v.organizationName} on Vaultline, a custody dashboard for digital assets.`,
        `Accept the invitation to create your account and set up the organization. The link is valid for ${hours(v.expiresHours, 'EN')}.`,
      ],
      action: { label: 'Accept invitation', link: v.link },
      notes: ["If you weren't expecting this invitation, you can ignore this email."],
    }),
    KO: (v) => ({
      subject: `Vaultline ${v.organizationName} 소유자 초대`,
      greeting: '안녕하세요.',
      paragraphs: [
        `디지털 자산 수탁 대시보드 Vaultline에서 ${v.organizationName} 조직의 소유자로 초대되었습니다.`,
        `아래 버튼을 눌러 초대를 수락하고 계정을 만든 뒤 조직을 설정해 주세요. 링크는 ${hours(v.expiresHours, 'KO')} 동안 유효합니다.`,
      ],
      action: { label: '초대 수락하기', link: v.link },
      notes: ['초대를 예상하지 못하셨다면 이 메일을 무시하셔도 됩니다.'],
    }),
  },
};

const FOOTER: Record<MailLang, { fallback: string; automated: string }> = {
  EN: {
    fallback: "If the button doesn't work, copy this link into your browser:",
    automated: 'This is an automated message from Vaultline. Please do not reply.',
  },
  KO: {
    fallback: '버튼이 작동하지 않으면 아래 링크를 복사해 브라우저에 붙여 넣어 주세요.',
    automated: '이 메일은 Vaultline에서 자동으로 발송된 발신 전용 메일입니다.',
  },
};

/** A message in the member's language: subject, plain text and HTML saying the same thing. */
export function renderMail<T extends MailTemplate>(
  template: T,
  lang: MailLang,
  vars: MailTemplateVars[T],
): RenderedMail {
  const build = BUILDERS[template][lang] as (vars: MailTemplateVars[T]) => MailContent;
  const content = build(vars);
  if (content.action) assertWebLink(content.action.link);
  const subject = content.subject.replace(/[\r\n]+/g, ' ').trim();
  return { subject, text: renderText(content, lang), html: renderHtml({ ...content, subject }, lang) };
}

/** Text safe inside HTML elements and double- or single-quoted attributes. */
export function escapeHtml(value: unknown): string {
  return String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function hours(value: number | undefined, lang: MailLang): string {
  const n = value ?? DEFAULT_LINK_HOURS;
  if (lang === 'KO') return `${n}시간`;
  return n === 1 ? '1 hour' : `${n} hours`;
}

/** Only http(s) links go into a button: a `javascript:` link must never reach a mailbox. */
function assertWebLink(link: string): void {
  let protocol: string;
  try {
    protocol = new URL(link).protocol;
  } catch {
    throw new Error('Mail links must be absolute http(s) URLs');
  }
  if (protocol !== 'https:' && protocol !== 'http:') throw new Error('Mail links must be absolute http(s) URLs');
}

function renderText(c: MailContent, lang: MailLang): string {
  const blocks = ['Vaultline', c.greeting, ...c.paragraphs];
  if (c.action) blocks.push(`${c.action.label}: ${c.action.link}`);
  blocks.push(...c.notes, `--\n${FOOTER[lang].automated}`);
  return `${blocks.join('\n\n')}\n`;
}

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'Apple SD Gothic Neo', 'Malgun Gothic', Arial, sans-serif";
const P = 'margin:0 0 16px;font-size:15px;line-height:1.6;color:#1f2933';

function renderHtml(c: MailContent, lang: MailLang): string {
  const paragraphs = [c.greeting, ...c.paragraphs].map((p) => `<p style="${P}">${escapeHtml(p)}</p>`);
  const action = c.action
    ? [
        `<p style="margin:24px 0">`,
        `<a href="${escapeHtml(c.action.link)}" style="display:inline-block;padding:12px 24px;background:#1d4ed8;color:#ffffff;font-size:15px;font-weight:600;text-decoration:none;border-radius:6px">${escapeHtml(c.action.label)}</a>`,
        '</p>',
      ]
    : [];
  const notes = c.notes.map((n) => `<p style="${P}">${escapeHtml(n)}</p>`);
  const fallback = c.action
    ? [
        `<p style="margin:0 0 8px;font-size:13px;line-height:1.5;color:#52606d">${escapeHtml(FOOTER[lang].fallback)}</p>`,
        `<p style="margin:0 0 16px;font-size:13px;line-height:1.5;word-break:break-all"><a href="${escapeHtml(c.action.link)}" style="color:#1d4ed8">${escapeHtml(c.action.link)}</a></p>`,
      ]
    : [];
  return [
    '<!doctype html>',
    `<html lang="${lang === 'KO' ? 'ko' : 'en'}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(c.subject)}</title></head>`,
    `<body style="margin:0;padding:24px 12px;background:#f3f4f6;font-family:${FONT}">`,
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e4e7eb;border-radius:8px;padding:32px">',
    '<div style="margin:0 0 24px;font-size:20px;font-weight:700;letter-spacing:0.02em;color:#102a43">Vaultline</div>',
    ...paragraphs,
    ...action,
    ...notes,
    ...fallback,
    '<hr style="margin:24px 0 16px;border:0;border-top:1px solid #e4e7eb">',
    `<p style="margin:0;font-size:12px;line-height:1.5;color:#7b8794">${escapeHtml(FOOTER[lang].automated)}</p>`,
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');
}
