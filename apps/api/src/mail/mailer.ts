import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Config } from '../config.js';
import { type MailCatcher, startMailCatcher } from './catcher.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: OutgoingMail): Promise<void>;
}

export interface MailService {
  mailer: Mailer;
  /** The embedded catcher when SMTP_URL is unset; null when mail goes to a real server. */
  catcher: MailCatcher | null;
  close(): Promise<void>;
}

/** Only what can be logged: never credentials. */
export interface MailLogger {
  info(obj: object, msg: string): void;
}

export interface CreateMailerOptions {
  /** The From header; defaults to MAIL_FROM, then to `Vaultline <no-reply@vaultline.local>`. */
  from?: string;
  logger?: MailLogger;
}

export const DEFAULT_MAIL_FROM = 'Vaultline <no-reply@vaultline.local>';
const TIMEOUT_MS = 10_000;
const UNSAFE_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

/**
 * Sends over `config.smtpUrl`; without one, starts the embedded catcher on loopback and sends there, so the
 * demo's mail (IP verification, invitations, password resets) works on one machine.
 */
export async function createMailer(config: Config, options: CreateMailerOptions = {}): Promise<MailService> {
  const from = options.from?.trim() || process.env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM;
  // Read before anything starts: a bad SMTP_URL fails here, with no catcher left running.
  const external = config.smtpUrl ? smtpOptionsFromUrl(config.smtpUrl) : null;
  const catcher = external ? null : await startMailCatcher();
  // Pool off: one connection per message, nothing held open between the rare mails.
  const transportOptions: SMTPTransport.Options & { pool: false } = {
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
    ...(external ?? { ...smtpOptionsFromUrl(catcher!.url), ignoreTLS: true }),
    logger: false,
    debug: false,
    pool: false,
  };
  const transport = nodemailer.createTransport(transportOptions);

  const target = catcher ? `embedded catcher at ${catcher.url}` : describeServer(config.smtpUrl!);
  options.logger?.info({ mailFrom: from }, `mail goes to ${target}`);

  return {
    mailer: {
      async send(message) {
        await transport.sendMail({ from, ...message });
      },
    },
    catcher,
    async close() {
      transport.close();
      await catcher?.close();
    },
  };
}

/**
 * `smtp[s]://user:pass@host:port?key=value` → transport options, as nodemailer reads a URL (dotted query
 * keys nest, `true`/`false` and numbers are converted), so the URL can still override the timeouts.
 */
export function smtpOptionsFromUrl(url: string): SMTPTransport.Options {
  const parsed = new URL(url);
  if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') {
    throw new Error('SMTP_URL must start with smtp:// or smtps://');
  }
  const options: Record<string, unknown> = {
    secure: parsed.protocol === 'smtps:',
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
  };
  if (parsed.port) options.port = Number(parsed.port);
  if (parsed.username) {
    options.auth = { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) };
  }
  for (const [key, raw] of parsed.searchParams) {
    const value =
      raw === 'true' ? true : raw === 'false' ? false : raw !== '' && !Number.isNaN(Number(raw)) ? Number(raw) : raw;
    const path = key.split('.');
    if (path.some((part) => UNSAFE_KEYS.has(part))) continue;
    let target = options;
    for (const part of path.slice(0, -1)) {
      if (typeof target[part] !== 'object' || target[part] === null) target[part] = {};
      target = target[part] as Record<string, unknown>;
    }
    target[path.at(-1)!] = value;
  }
  return options as SMTPTransport.Options;
}

/** The server, without user name or password. */
function describeServer(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}`;
}
