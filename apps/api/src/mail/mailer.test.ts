import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import { type MailCatcher, startMailCatcher } from './catcher.js';
import { createMailer, DEFAULT_MAIL_FROM, type MailService, smtpOptionsFromUrl } from './mailer.js';

const message = { to: 'member@example.test', subject: 'Subject 제목', text: 'Body text', html: '<p>Body html</p>' };
const config = (env: Record<string, string> = {}) => loadConfig({ LOG_LEVEL: 'silent', ...env });

let service: MailService | undefined;
let external: MailCatcher | undefined;

afterEach(async () => {
  vi.unstubAllEnvs();
  await service?.close();
  await external?.close();
  service = undefined;
  external = undefined;
});

describe('createMailer', () => {
  it('delivers to the server named by SMTP_URL and starts no catcher of its own', async () => {
    external = await startMailCatcher();
    service = await createMailer(config({ SMTP_URL: external.url }));
    expect(service.catcher).toBeNull();
    await service.mailer.send(message);
    const mail = await external.waitFor((m) => m.subject === message.subject);
    expect(mail).toMatchObject({ from: 'no-reply@vaultline.local', to: ['member@example.test'], text: 'Body text' });
    expect(mail.html).toContain('Body html');
  });

  it('starts its own catcher on loopback when SMTP_URL is unset, and closes it', async () => {
    service = await createMailer(config());
    const catcher = service.catcher!;
    expect(catcher.url).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
    await service.mailer.send(message);
    const mail = await catcher.waitFor((m) => m.to.includes('member@example.test'));
    expect(mail.subject).toBe(message.subject);
    await service.close();
    service = undefined;
    const again = await createMailer(config({ SMTP_URL: catcher.url }));
    await expect(again.mailer.send(message)).rejects.toThrow();
    await again.close();
  });

  it('sends from MAIL_FROM, or from the from option before it', async () => {
    expect(DEFAULT_MAIL_FROM).toBe('Vaultline <no-reply@vaultline.local>');
    vi.stubEnv('MAIL_FROM', 'Env Sender <env@example.test>');
    service = await createMailer(config());
    await service.mailer.send(message);
    expect((await service.catcher!.waitFor(() => true)).from).toBe('env@example.test');
    await service.close();
    service = await createMailer(config(), { from: 'Option <option@example.test>' });
    await service.mailer.send(message);
    expect((await service.catcher!.waitFor(() => true)).from).toBe('option@example.test');
  });

  it('logs where mail goes without the credentials', async () => {
    external = await startMailCatcher();
    const url = external.url.replace('smtp://', 'smtp://user:s3cret-pass@');
    const info = vi.fn();
    service = await createMailer(config({ SMTP_URL: url }), { logger: { info } });
    expect(info).toHaveBeenCalledOnce();
    expect(JSON.stringify(info.mock.calls)).not.toContain('s3cret-pass');
    expect(JSON.stringify(info.mock.calls)).toContain(`127.0.0.1:${external.port}`);
  });
});

describe('smtpOptionsFromUrl', () => {
  it('reads host, port, TLS, decoded credentials and nested query options as nodemailer does', () => {
    expect(smtpOptionsFromUrl('smtps://u%40x:p%3Aw@mail.example.test:465?tls.rejectUnauthorized=false&name=x')).toEqual(
      {
        secure: true,
        host: 'mail.example.test',
        port: 465,
        auth: { user: 'u@x', pass: 'p:w' },
        tls: { rejectUnauthorized: false },
        name: 'x',
      },
    );
    expect(smtpOptionsFromUrl('smtp://[::1]:2525?connectionTimeout=500')).toEqual({
      secure: false,
      host: '::1',
      port: 2525,
      connectionTimeout: 500,
    });
  });

  it('refuses other schemes and ignores prototype keys', () => {
    expect(() => smtpOptionsFromUrl('http://mail.example.test')).toThrow(/smtp/);
    const options = smtpOptionsFromUrl('smtp://h?__proto__.polluted=1&constructor.prototype.polluted=1');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(options).toEqual({ secure: false, host: 'h' });
  });
});
