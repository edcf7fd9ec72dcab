#!/usr/bin/env node
// Hot reload: the API under `tsx watch` and the web app under Vite, which proxies API paths to it.
import { spawn } from 'node:child_process';

const apiPort = process.env.PORT ?? '3000';
const webPort = process.env.WEB_PORT ?? '5173';
const children = [
  spawn('npm', ['run', 'dev', '-w', '@vaultline/api'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, APP_BASE_URL: process.env.APP_BASE_URL ?? `http://localhost:${webPort}` },
  }),
  spawn('npm', ['run', 'dev', '-w', '@vaultline/web'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort, WEB_PORT: webPort },
  }),
];
console.log(`\n  Vaultline dev: open http://localhost:${webPort}/account/login (API on ${apiPort})\n`);

let stopping = false;
const stop = (code = 0) => {
  if (stopping) return;
  stopping = true;
  for (const c of children) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500);
};
for (const c of children) c.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
