import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import nodemailer from 'nodemailer';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorHandlerPlugin } from '../plugins/error-handler.js';
import { openApiPlugin } from '../plugins/openapi.js';
import { type MailCatcher, startMailCatcher } from './catcher.js';
import { devMailboxRoutes } from './mailbox.routes.js';
import { renderMail } from './templates.js';

let catcher: MailCatcher;
let app: FastifyInstance;
let routes: RouteOptions[];

beforeEach(async () => {
  catcher = await startMailCatcher();
  app = Fastify();
  routes = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  await app.register(errorHandlerPlugin);
  await app.register(openApiPlugin, { docs: false });
  await app.register(devMailboxRoutes, { catcher });
  await app.ready();
});
afterEach(async () => {
  await app.close();
  await catcher.close();
});

async function deliver(to: string, name: string) {
  const mail = renderMail('ip-verification', 'KO', {
    name,
    ip: '198.51.100.4',
    link: 'https://vaultline.example.test/verify-ip?token=t0k',
  });
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: catcher.port, ignoreTLS: true });
  await transport.sendMail({ from: 'Vaultline <no-reply@vaultline.local>', to, ...mail });
  return catcher.waitFor((m) => m.to.includes(to));
}

describe('development mailbox', () => {
  it('shows an empty state before any mail', async () => {
    const res = await app.inject('/dev/mailbox');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('Development mailbox · 개발용 메일함');
    expect(res.body).toContain('only in local and development');
    expect(res.body).toContain('No messages yet');
    expect(res.body).not.toContain('<script');
  });

  it('lists delivered messages newest first, linking to each', async () => {
    const first = await deliver('first@example.test', 'First');
    const second = await deliver('second@example.test', 'Second');
    const res = await app.inject('/dev/mailbox');
    expect(res.body).toContain('새 IP 주소에서의 로그인 확인');
    expect(res.body).toContain(first.receivedAt.toISOString());
    const firstAt = res.body.indexOf(`href="/dev/mailbox/${first.id}"`);
    const secondAt = res.body.indexOf(`href="/dev/mailbox/${second.id}"`);
    expect(secondAt).toBeGreaterThan(0);
    expect(firstAt).toBeGreaterThan(secondAt);
  });

  it('shows one message with its headers and its HTML body inline', async () => {
    const mail = await deliver('member@example.test', '<script>alert(1)</script> Kim');
    const res = await app.inject(`/dev/mailbox/${mail.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('member@example.test');
    expect(res.body).toContain('no-reply@vaultline.local');
    expect(res.body).toContain('<div class="mail-body">');
    expect(res.body).toContain('href="https://vaultline.example.test/verify-ip?token=t0k"');
    expect(res.body).toContain('href="/dev/mailbox"');
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Kim님');
  });

  it('answers an unknown id with the catalogue 404', async () => {
    const res = await app.inject({ url: '/dev/mailbox/nope', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: '404' });
  });

  it('answers JSON, filtered by recipient', async () => {
    await deliver('a@example.test', 'A');
    const b = await deliver('b@example.test', 'B');
    const all = (await app.inject('/dev/mailbox/messages')).json();
    expect(all.items).toHaveLength(2);
    const res = await app.inject('/dev/mailbox/messages?to=B@example.test');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      items: [
        {
          id: b.id,
          to: ['b@example.test'],
          subject: b.subject,
          text: b.text,
          html: b.html,
          receivedAt: b.receivedAt.toISOString(),
        },
      ],
    });
    expect(res.json().items[0].text).toContain('https://vaultline.example.test/verify-ip?token=t0k');
  });

  it('marks every route public and keeps them out of the OpenAPI document', async () => {
    const mine = routes.filter((r) => r.url.startsWith('/dev/mailbox') && r.method === 'GET');
    expect(mine.map((r) => r.url).sort()).toEqual(['/dev/mailbox', '/dev/mailbox/:id', '/dev/mailbox/messages']);
    for (const route of mine) expect(route.config).toMatchObject({ access: 'public' });
    const document = app.swagger() as { paths?: Record<string, unknown> };
    expect(Object.keys(document.paths ?? {}).filter((p) => p.startsWith('/dev'))).toEqual([]);
  });
});
