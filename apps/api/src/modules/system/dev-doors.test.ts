import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';

/**
 * Development doors (demo credentials, the caught-mail mailbox, the devnet CLI and deposit calls) exist only in
 * local and development; in every other environment `/dev/*` answers the catalogue's 404 and nothing leaks.
 */
const DOORS = [
  { method: 'GET', url: '/dev/demo-credentials' },
  { method: 'GET', url: '/dev/mailbox' },
  { method: 'GET', url: '/dev/mailbox/messages' },
  { method: 'POST', url: '/dev/devnet/deposits' },
  { method: 'GET', url: '/dev/anything-else' },
] as const;

const apps: TestApp[] = [];
afterAll(async () => {
  for (const a of apps) await a.close();
});

describe('development doors', () => {
  for (const env of ['testnet', 'testnet-staging', 'intranet-testnet']) {
    it(`are closed when APP_ENV is ${env}: every /dev/* path is the coded 404`, async () => {
      const t = await createTestApp({ APP_ENV: env, SMTP_URL: 'smtp://127.0.0.1:1', DEVNET_BLOCK_MS: '0' });
      apps.push(t);
      for (const door of DOORS) {
        const res = await t.app.inject({ method: door.method, url: door.url, headers: { accept: 'application/json' } });
        expect(res.statusCode, door.url).toBe(404);
        expect(res.json(), door.url).toMatchObject({ code: '404' });
        expect(res.body).not.toMatch(/password|otpSecret|mailbox/i);
      }
      const devnet = await t.app.inject({ method: 'GET', url: '/api/v1/operations/devnet' });
      expect(devnet.statusCode).toBe(404);
    });
  }

  it('are open in local (the demo credentials answer once seeded, the mailbox lists caught mail)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vaultline-doors-'));
    const t = await createTestApp({ APP_ENV: 'local', DEVNET_BLOCK_MS: '0', DATA_DIR: dataDir });
    apps.push(t);
    const mailbox = await t.app.inject({ method: 'GET', url: '/dev/mailbox/messages' });
    expect(mailbox.statusCode).toBe(200);
    // Nothing seeded into this test database: the route exists and says so with the coded 404.
    const creds = await t.app.inject({ method: 'GET', url: '/dev/demo-credentials' });
    expect(creds.json()).toMatchObject({ code: '404' });
    rmSync(dataDir, { recursive: true, force: true });
  });
});
