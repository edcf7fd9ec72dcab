import type { FastifyInstance, FastifyReply } from 'fastify';
import { requestLanguage, sendError } from '../plugins/error-handler.js';
import type { CaughtMail, MailCatcher } from './catcher.js';
import { escapeHtml } from './templates.js';

export interface DevMailboxOptions {
  catcher: MailCatcher;
}

const TITLE = 'Development mailbox · 개발용 메일함';

/**
 * What the embedded catcher received, for development on one machine. Register only in local and development and
 * only when the catcher runs: the pages are unauthenticated and left out of the OpenAPI document.
 */
export async function devMailboxRoutes(app: FastifyInstance, opts: DevMailboxOptions) {
  const { catcher } = opts;
  const route = { config: { access: 'public' as const }, schema: { hide: true } };

  app.get('/dev/mailbox', route, async (_request, reply) => {
    const mails = catcher.list();
    const rows = mails.map(
      (mail) =>
        `<tr><td>${escapeHtml(mail.to.join(', '))}</td>` +
        `<td><a href="/dev/mailbox/${encodeURIComponent(mail.id)}">${escapeHtml(mail.subject || '(no subject)')}</a></td>` +
        `<td><time datetime="${mail.receivedAt.toISOString()}">${mail.receivedAt.toISOString()}</time></td></tr>`,
    );
    const list =
      rows.length > 0
        ? `<table><thead><tr><th>To</th><th>Subject</th><th>Received</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
        : '<p class="empty">No messages yet. · 아직 받은 메일이 없습니다.</p>';
    return sendPage(
      reply,
      TITLE,
      `<h1>${escapeHtml(TITLE)}</h1>
<p class="note">Mail sent by this Vaultline server while SMTP_URL is unset, caught on ${escapeHtml(catcher.url)}. This page exists only in local and development. · SMTP_URL이 설정되지 않은 동안 이 서버가 보낸 메일입니다. 이 페이지는 로컬 및 개발 환경에서만 제공됩니다.</p>
<p class="count">${mails.length} message(s) · ${mails.length}통</p>
${list}`,
    );
  });

  app.get('/dev/mailbox/messages', route, async (request) => {
    const query = request.query as { to?: unknown };
    const to = typeof query.to === 'string' && query.to.trim() !== '' ? query.to : undefined;
    return { items: catcher.list(to ? { to } : {}).map(toJson) };
  });

  app.get('/dev/mailbox/:id', route, async (request, reply) => {
    const { id } = request.params as { id: string };
    const mail = catcher.get(id);
    if (!mail) return sendError(reply, requestLanguage(request), '404');
    const subject = mail.subject || '(no subject)';
    return sendPage(
      reply,
      `${subject} · ${TITLE}`,
      `<p><a href="/dev/mailbox">← Back to mailbox · 메일함으로 돌아가기</a></p>
<h1>${escapeHtml(subject)}</h1>
<dl>
<dt>From</dt><dd>${escapeHtml(mail.from)}</dd>
<dt>To</dt><dd>${escapeHtml(mail.to.join(', '))}</dd>
<dt>Received</dt><dd><time datetime="${mail.receivedAt.toISOString()}">${mail.receivedAt.toISOString()}</time></dd>
<dt>ID</dt><dd>${escapeHtml(mail.id)}</dd>
</dl>
<div class="mail-body">${mail.html ? bodyOf(mail.html) : `<pre>${escapeHtml(mail.text)}</pre>`}</div>
<details><summary>Plain text · 텍스트 본문</summary><pre>${escapeHtml(mail.text)}</pre></details>`,
    );
  });
}

function toJson(mail: CaughtMail) {
  return {
    id: mail.id,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    receivedAt: mail.receivedAt.toISOString(),
  };
}

/**
 * The inside of the message's <body>, to sit in this page. The body is our own template output; the page's
 * Content-Security-Policy forbids inline scripts anyway, and the few tags that could act on the page itself
 * are dropped in case something else on this machine sent mail to the catcher.
 */
function bodyOf(html: string): string {
  const inner = /<body[^>]*>([\s\S]*?)<\/body>/i.exec(html)?.[1] ?? html;
  return inner
    .replace(/<(script|style|iframe|object|embed|template)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<\/?(script|style|iframe|object|embed|template|base|meta|link|form)\b[^>]*>/gi, '')
    .replace(/\son[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '')
    .replace(/(href|src)\s*=\s*(["']?)\s*javascript:/gi, '$1=$2#');
}

const STYLE = `body{margin:0;padding:24px;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI','Apple SD Gothic Neo','Malgun Gothic',Arial,sans-serif;color:#1f2933;background:#f8fafc}
main{max-width:960px;margin:0 auto}
h1{font-size:22px;margin:0 0 8px}
.note{color:#52606d;font-size:14px}
.count{color:#52606d;font-size:13px}
.empty{padding:24px;background:#fff;border:1px dashed #cbd2d9;border-radius:6px;text-align:center;color:#52606d}
table{width:100%;border-collapse:collapse;background:#fff;border:1px solid #e4e7eb}
th,td{text-align:left;padding:8px 12px;border-bottom:1px solid #e4e7eb;font-size:14px;vertical-align:top}
th{background:#f1f5f9}
a{color:#1d4ed8}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;font-size:14px}
dt{font-weight:600;color:#52606d}
dd{margin:0;word-break:break-all}
.mail-body{margin:16px 0;padding:16px;background:#f3f4f6;border:1px solid #e4e7eb;border-radius:6px}
pre{white-space:pre-wrap;word-break:break-word;font-size:13px}`;

function sendPage(reply: FastifyReply, title: string, body: string) {
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(`<!doctype html>
<html>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body><main>
${body}
</main></body>
</html>`);
}
