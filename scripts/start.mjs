#!/usr/bin/env node
// `npm start`: compile the API to JavaScript (a second), check the configuration (a bad variable stops here with
// one line), build the web app, then run the built server with plain node: it migrates, seeds an empty database
// and serves web and API on one port. `npm run dev` runs the sources instead (tsx, hot reload).
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args, cwd = root) => spawnSync(cmd, args, { cwd, stdio: 'inherit' }).status ?? 1;

const api = join(root, 'apps/api');
if (run('npm', ['run', 'build', '--silent', '-w', '@vaultline/api']) !== 0) process.exit(1);
if (run(process.execPath, ['dist/config-check.js'], api) !== 0) process.exit(1);
if (run('npm', ['run', 'build', '--silent', '-w', '@vaultline/web']) !== 0) process.exit(1);
// Outside production the demo's counterparty VASP (an exchange answering travel-rule inquiries) runs beside the
// server, on COUNTERPARTY_VASP_PORT (4100); the demo seed points the VASP directory at it.
const production = ['production', 'production-staging'].includes(process.env.APP_ENV ?? 'local');
const counterparty = production
  ? null
  : spawn(process.execPath, ['dist/counterparty-vasp.js'], { cwd: api, stdio: 'inherit' });
const status = run(process.execPath, ['dist/server.js'], api);
counterparty?.kill('SIGTERM');
process.exit(status);
