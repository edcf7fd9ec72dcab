#!/usr/bin/env node
// Development only: prints the current authenticator code, so the demo can be signed in to without a phone.
// `npm run otp` gives the demo owner's code, `npm run otp -- <email>` a demo operator's (both read from the
// data folder), `npm run otp -- SECRET` any base32 secret's.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { authenticator } from 'otplib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
let secret = process.argv[2];
if (!secret || secret.includes('@')) {
  const file = join(resolve(root, process.env.DATA_DIR ?? 'data'), 'demo-credentials.json');
  if (!existsSync(file)) {
    console.error(`No demo credentials at ${file}: start the product once (npm start) or pass a secret.`);
    process.exit(1);
  }
  const demo = JSON.parse(readFileSync(file, 'utf8'));
  const account = [
    demo,
    ...(demo.operators ?? []),
    ...(demo.expiredPasswordMember ? [demo.expiredPasswordMember] : []),
  ].find((a) => !secret || a.email === secret.toLowerCase());
  if (!account) {
    console.error(`${secret} is not a demo account.`);
    process.exit(1);
  }
  secret = account.otpSecret;
}
const step = 30;
const left = step - (Math.floor(Date.now() / 1000) % step);
console.log(`${authenticator.generate(secret)}  (valid for ${left} more seconds)`);
