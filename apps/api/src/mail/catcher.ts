import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

/** One message as the catcher received it over SMTP. */
export interface CaughtMail {
  id: string;
  /** The envelope sender (MAIL FROM), or the From header when the envelope had none. */
  from: string;
  /** The envelope recipients (RCPT TO): who the message was actually delivered to. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: Date;
}

export interface MailCatcherFilter {
  /** Only messages delivered to this address (case-insensitive). */
  to?: string;
}

export interface MailCatcher {
  port: number;
  /** Where to send: `smtp://127.0.0.1:PORT`. */
  url: string;
  /** Newest first. */
  list(filter?: MailCatcherFilter): CaughtMail[];
  get(id: string): CaughtMail | undefined;
  clear(): void;
  /** The newest stored message matching, or the first one to arrive; rejects after `timeoutMs`. */
  waitFor(predicate: (mail: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

export interface MailCatcherOptions {
  /** A loopback address: the catcher never listens on a network others can reach. */
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** How many messages to keep; the oldest go first. */
  maxMessages?: number;
}

export const MAX_CAUGHT_MAILS = 500;
export const MAX_MAIL_BYTES = 2 * 1024 * 1024;

const LOOPBACK = /^(127(\.\d{1,3}){3}|::1|::ffff:127(\.\d{1,3}){3}|localhost)$/i;

interface Waiter {
  predicate: (mail: CaughtMail) => boolean;
  resolve: (mail: CaughtMail) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

/** An SMTP server on loopback that keeps what it receives in memory, for development and tests. */
export async function startMailCatcher({
  host = '127.0.0.1',
  port = 0,
  maxMessages = MAX_CAUGHT_MAILS,
}: MailCatcherOptions = {}): Promise<MailCatcher> {
  if (!LOOPBACK.test(host)) throw new Error(`The mail catcher listens on loopback only, not on "${host}"`);

  const mails: CaughtMail[] = [];
  const waiters = new Set<Waiter>();

  const store = (mail: CaughtMail) => {
    mails.unshift(mail);
    if (mails.length > maxMessages) mails.length = maxMessages;
    for (const waiter of waiters) {
      if (!matches(waiter.predicate, mail)) continue;
      waiters.delete(waiter);
      clearTimeout(waiter.timer);
      waiter.resolve(mail);
    }
  };

  const server = new SMTPServer({
    name: 'vaultline-mail-catcher',
    banner: 'Vaultline development mail catcher',
    disabledCommands: ['AUTH', 'STARTTLS'],
    authOptional: true,
    size: MAX_MAIL_BYTES,
    disableReverseLookup: true,
    logger: false,
    closeTimeout: 2000,
    onConnect(session, callback) {
      const address = session.remoteAddress.replace(/^::ffff:/, '');
      callback(LOOPBACK.test(address) ? null : smtpError('Loopback connections only', 554));
    },
    onData(stream, session, callback) {
      receive(stream, session)
        .then((mail) => {
          store(mail);
          return mail;
        })
        .then(
          (mail) => callback(null, `Queued as ${mail.id}`),
          (err: Error) => callback(err),
        );
    },
  });
  // Dropped connections surface here; a catcher has nothing to do about them.
  server.on('error', () => {});

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const boundPort = (server.server.address() as AddressInfo).port;
  let closed: Promise<void> | undefined;

  return {
    port: boundPort,
    url: `smtp://${host.includes(':') ? `[${host}]` : host}:${boundPort}`,
    list(filter = {}) {
      const to = filter.to?.trim().toLowerCase();
      return to ? mails.filter((mail) => mail.to.some((address) => address.toLowerCase() === to)) : [...mails];
    },
    get(id) {
      return mails.find((mail) => mail.id === id);
    },
    clear() {
      mails.length = 0;
    },
    waitFor(predicate, timeoutMs = 10_000) {
      const existing = mails.find((mail) => matches(predicate, mail));
      if (existing) return Promise.resolve(existing);
      if (closed) return Promise.reject(new Error('The mail catcher is closed'));
      return new Promise<CaughtMail>((resolve, reject) => {
        const waiter: Waiter = {
          predicate,
          resolve,
          reject,
          timer: setTimeout(() => {
            waiters.delete(waiter);
            reject(new Error(`No matching mail arrived within ${timeoutMs} ms`));
          }, timeoutMs),
        };
        waiters.add(waiter);
      });
    },
    close() {
      closed ??= new Promise<void>((resolve) => {
        for (const waiter of waiters) {
          clearTimeout(waiter.timer);
          waiter.reject(new Error('The mail catcher is closed'));
        }
        waiters.clear();
        server.close(() => resolve());
      });
      return closed;
    },
  };
}

function matches(predicate: (mail: CaughtMail) => boolean, mail: CaughtMail): boolean {
  try {
    return predicate(mail);
  } catch {
    return false;
  }
}

async function receive(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<CaughtMail> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  if (stream.sizeExceeded) throw smtpError(`Message exceeds the ${MAX_MAIL_BYTES} byte limit`, 552);

  const parsed = await simpleParser(Buffer.concat(chunks));
  const envelope = session.envelope;
  return {
    id: randomUUID(),
    from: envelope.mailFrom ? envelope.mailFrom.address : (parsed.from?.text ?? ''),
    to: envelope.rcptTo.map((rcpt) => rcpt.address),
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: parsed.html === false ? '' : (parsed.html ?? ''),
    receivedAt: new Date(),
  };
}

function smtpError(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode });
}
