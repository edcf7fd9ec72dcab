import nodemailer from 'nodemailer';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_CAUGHT_MAILS, type MailCatcher, startMailCatcher } from './catcher.js';

let catcher: MailCatcher;

beforeEach(async () => {
  catcher = await startMailCatcher();
});
afterEach(async () => {
  await catcher.close();
});

const transport = () => nodemailer.createTransport({ host: '127.0.0.1', port: catcher.port, ignoreTLS: true });

const send = (to: string | string[], subject: string, extra: Record<string, unknown> = {}) =>
  transport().sendMail({ from: 'Sender <sender@example.test>', to, subject, text: `${subject} text`, ...extra });

describe('mail catcher', () => {
  it('listens on loopback and names its URL', () => {
    expect(catcher.port).toBeGreaterThan(0);
    expect(catcher.url).toBe(`smtp://127.0.0.1:${catcher.port}`);
  });

  it('receives a real SMTP delivery and parses it', async () => {
    const waiting = catcher.waitFor((mail) => mail.subject === 'Hello 안녕하세요');
    await send(['Alice@Example.test', 'bob@example.test'], 'Hello 안녕하세요', { html: '<p>Hi <b>there</b></p>' });
    const mail = await waiting;
    expect(mail.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(mail.from).toBe('sender@example.test');
    // Nodemailer lowercases the domain; the local part stays as written.
    expect(mail.to).toEqual(['Alice@example.test', 'bob@example.test']);
    expect(mail.text.trim()).toBe('Hello 안녕하세요 text');
    expect(mail.html).toContain('<b>there</b>');
    expect(mail.receivedAt).toBeInstanceOf(Date);
    expect(catcher.get(mail.id)).toBe(mail);
  });

  it('resolves waitFor at once for a message already there, and rejects after the timeout', async () => {
    await send('a@example.test', 'first');
    await expect(catcher.waitFor((m) => m.subject === 'first', 50)).resolves.toMatchObject({ subject: 'first' });
    await expect(catcher.waitFor((m) => m.subject === 'never', 50)).rejects.toThrow(/within 50 ms/);
  });

  it('lists newest first, filters by recipient regardless of case, and clears', async () => {
    await send('a@example.test', 'one');
    await send('b@example.test', 'two');
    await send('A@EXAMPLE.TEST', 'three');
    expect(catcher.list().map((m) => m.subject)).toEqual(['three', 'two', 'one']);
    expect(catcher.list({ to: 'a@example.test' }).map((m) => m.subject)).toEqual(['three', 'one']);
    expect(catcher.list({ to: 'nobody@example.test' })).toEqual([]);
    expect(catcher.get('missing')).toBeUndefined();
    catcher.clear();
    expect(catcher.list()).toEqual([]);
  });

  it(`keeps the newest messages only (${MAX_CAUGHT_MAILS} by default)`, async () => {
    const small = await startMailCatcher({ maxMessages: 3 });
    const pooled = nodemailer.createTransport({ host: '127.0.0.1', port: small.port, ignoreTLS: true, pool: true });
    try {
      for (let i = 0; i < 5; i++) {
        await pooled.sendMail({ from: 's@example.test', to: 'r@example.test', subject: `n${i}`, text: '.' });
      }
      expect(small.list().map((m) => m.subject)).toEqual(['n4', 'n3', 'n2']);
    } finally {
      pooled.close();
      await small.close();
    }
  });

  it('refuses a message over the size limit', async () => {
    const big = 'x'.repeat(2 * 1024 * 1024 + 1024);
    await expect(send('a@example.test', 'too big', { text: big })).rejects.toThrow();
    expect(catcher.list()).toEqual([]);
  });

  it('refuses to listen anywhere but loopback', async () => {
    await expect(startMailCatcher({ host: '0.0.0.0' })).rejects.toThrow(/loopback/);
  });

  it('rejects pending waiters and stops accepting connections when closed', async () => {
    const pending = catcher.waitFor(() => false, 5_000);
    await catcher.close();
    await expect(pending).rejects.toThrow(/closed/);
    await expect(send('a@example.test', 'after close')).rejects.toThrow();
  });
});
