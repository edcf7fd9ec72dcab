import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { generateTotpSecret, totpCodeAt } from '../security/totp.js';
import { writeDemoCredentials } from './demo-credentials.js';

const cli = fileURLToPath(new URL('./otp-cli.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'vaultline-otp-'));
const masterKey = '3c'.repeat(32);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const run = (env: Record<string, string>, ...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, MASTER_KEY: masterKey, APP_ENV: 'local', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });

describe('npm run otp', () => {
  it("prints a demo account's current code from the sealed credentials in local and development", () => {
    const owner = generateTotpSecret();
    const operator = generateTotpSecret();
    writeDemoCredentials(dataDir, masterKey, {
      email: 'owner@demo.test',
      password: 'x',
      otpSecret: owner,
      operators: [{ email: 'op@demo.test', password: 'y', otpSecret: operator, role: 'MANAGER' }],
    });
    const codes = (secret: string) => {
      const now = Date.now();
      return [totpCodeAt(secret, new Date(now - 5000)), totpCodeAt(secret, new Date(now + 5000))];
    };
    const printed = (r: ReturnType<typeof run>) => r.stdout.trim().split(' ')[0];
    expect(codes(owner)).toContain(printed(run({})));
    expect(codes(operator)).toContain(printed(run({ APP_ENV: 'development' }, 'op@demo.test')));
  });

  it('refuses outside local and development, printing no code', () => {
    for (const env of ['testnet', 'intranet-testnet']) {
      const r = run({ APP_ENV: env, SMTP_URL: 'smtp://mail.example.com:587' });
      expect(r.status).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim()).toBe(`npm run otp exists only in local and development (APP_ENV is ${env}).`);
    }
  });
});
