#!/usr/bin/env node
// Development only: prints the current authenticator code for a TOTP secret, so the demo can be signed
// in to without a phone. `npm run otp` reads the demo account's secret from the data folder;
// `npm run otp -- SECRET` takes any base32 secret.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { authenticator } from 'otplib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
let secret = process.argv[2];
if (!secret) {
  const file = join(resolve(root, process.env.DATA_DIR ?? 'data'), 'demo-credentials.json');
  if (!existsSync(file)) {
    console.error(`No demo credentials at ${file}: start the product once (npm start) or pass a secret.`);
    process.exit(1);
  }
  secret = JSON.parse(readFileSync(file, 'utf8')).otpSecret;
}
const step = 30;
const left = step - (Math.floor(Date.now() / 1000) % step);
console.log(`${authenticator.generate(secret)}  (valid for ${left} more seconds)`);
