#!/usr/bin/env node
// `npm start`: check the configuration first (a bad variable stops here with one line), build the web
// app, then run the server, which migrates, seeds an empty database and serves web and API on one port.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args, cwd = root) => spawnSync(cmd, args, { cwd, stdio: 'inherit' }).status ?? 1;

const api = join(root, 'apps/api');
if (run(process.execPath, ['--import', 'tsx', 'src/config-check.ts'], api) !== 0) process.exit(1);
if (run('npm', ['run', 'build', '--silent', '-w', '@vaultline/web']) !== 0) process.exit(1);
process.exit(run(process.execPath, ['--import', 'tsx', 'src/server.ts'], api));
