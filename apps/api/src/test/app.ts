import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import type { MailCatcher } from '../mail/catcher.js';
import { loadRsaKeyring } from '../security/rsa.js';
import { createTestDatabase, type TestDatabase } from './database.js';

/** A clock tests move by hand; it starts at the real time so authenticator codes stay realistic. */
export class TestClock {
  private offsetMs = 0;
  now = (): Date => new Date(Date.now() + this.offsetMs);
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export interface TestApp {
  app: FastifyInstance;
  testDb: TestDatabase;
  config: Config;
  clock: TestClock;
  /** The embedded SMTP catcher the app delivers to (SMTP_URL unset). */
  mailbox: MailCatcher;
  close(): Promise<void>;
}

/** The real app on a real, migrated database, with real SMTP delivery to a loopback catcher. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const testDb = await createTestDatabase();
  const config = loadConfig({ LOG_LEVEL: 'silent', ...env });
  const clock = new TestClock();
  const app = await buildApp({
    config,
    database: testDb.database,
    logger: false,
    webDist: false,
    clock: clock.now,
    keyring: loadRsaKeyring(config, { persist: false }),
  });
  return {
    app,
    testDb,
    config,
    clock,
    mailbox: app.mail.catcher!,
    close: async () => {
      await app.close();
      await testDb.dispose();
    },
  };
}
