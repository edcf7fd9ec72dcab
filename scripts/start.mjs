#!/usr/bin/env node
// `npm start`: check the configuration first (a bad variable stops here with one line), build the web
// app, then run the server, which migrates, seeds an empty database and serves web and API on one port.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args, cwd = root) => spawnSync(cmd, args, { cwd, stdio: 'inherit' }).status ?? 1;

const api = join(root, 'apps/api');
if (run(process.execPath, ['--import', 'tsx', 'src/config-check.ts'], api) !== 0) process.exit(1);
if (run('npm', ['run', 'build', '--silent', '-w', '@vaultline/web']) !== 0) process.exit(1);
// Outside production the demo's counterparty VASP (an exchange answering travel-rule inquiries) runs beside the
// server, on COUNTERPARTY_VASP_PORT (4100); the demo seed points the VASP directory at it.
const production = ['production', 'production-staging'].includes(process.env.APP_ENV ?? 'local');
const counterparty = production
  ? null
  : spawn(process.execPath, ['--import', 'tsx', 'src/travel-rule/counterparty-vasp.ts'], {
      cwd: api,
      stdio: 'inherit',
    });
const status = run(process.execPath, ['--import', 'tsx', 'src/server.ts'], api);
counterparty?.kill('SIGTERM');
process.exit(status);
