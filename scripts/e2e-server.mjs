#!/usr/bin/env node
// The product as a user starts it, on a fresh embedded database, for the browser journeys.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.E2E_PORT ?? '3100';
const dataDir = join(root, 'test-results', `e2e-data-${port}`);
rmSync(dataDir, { recursive: true, force: true });
// The demo's counterparty exchange answers the address book's travel-rule inquiries, as `npm start` runs it; on a
// port of its own per server, so parallel runs (and a developer's `npm start`) never meet.
const counterpartyPort = String(Number(port) + 1200);
const counterparty = spawn(
  process.execPath,
  ['--import', 'tsx', join(root, 'apps/api/src/travel-rule/counterparty-vasp.ts'), '--port', counterpartyPort],
  { cwd: join(root, 'apps/api'), stdio: 'inherit' },
);
const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/api/src/server.ts')], {
  cwd: join(root, 'apps/api'),
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    DATA_DIR: dataDir,
    APP_ENV: 'local',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    SMTP_URL: '',
    // The journeys sign in many times from one address; the limits themselves are tested in the API suite.
    AUTH_RATE_LIMIT_FACTOR: '20',
    // Every journey comes from 127.0.0.1, several screens poll: the per-address API budget is the API suite's subject.
    RATE_LIMIT_PER_MINUTE: '100000',
    COUNTERPARTY_VASP_PORT: counterpartyPort,
    // The staking journey watches a stake bond, earn, unbond and be claimed within minutes (local only).
    STAKING_BONDING_SECONDS: '5',
    STAKING_UNBONDING_SECONDS: '30',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    counterparty.kill(signal);
    child.kill(signal);
  });
}
child.on('exit', (code) => {
  counterparty.kill('SIGTERM');
  process.exit(code ?? 0);
});
