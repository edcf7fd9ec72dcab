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
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
