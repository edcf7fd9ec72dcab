import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { loadRsaKeyring } from '../../security/rsa.js';
import { TestClock } from '../../test/app.js';
import { TestBrowser } from '../../test/browser.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { createMember, otpNow } from '../../test/fixtures.js';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb?.dispose();
});

describe('logs', () => {
  it('never carry a password, a code, a token or a secret, even at trace level', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const config = loadConfig({ LOG_LEVEL: 'trace' });
    const clock = new TestClock();
    const app = await buildApp({
      config,
      database: testDb.database,
      clock: clock.now,
      keyring: loadRsaKeyring(config, { persist: false }),
      webDist: false,
      loggerStream: sink,
    });
    try {
      const member = await createMember(testDb.database.db, config);
      const browser = new TestBrowser(app);
      const code = otpNow(member, clock);
      const res = await browser.login(member.email, member.password, code);
      expect(res.json().result).toBe('SUCCESS');
      await browser.request('GET', '/api/v1/organization/members/me');
      await browser.login(member.email, 'Wrong-password-1!');
      const log = lines.join('');
      expect(log.length).toBeGreaterThan(0);
      for (const secret of [
        member.password,
        'Wrong-password-1!',
        code,
        member.otpSecret!,
        browser.cookies.get('vl_session')!,
      ]) {
        expect(log).not.toContain(secret);
      }
      expect(log).not.toContain(browser.cookies.get('vl_csrf')!);
    } finally {
      await app.close();
    }
  });
});
