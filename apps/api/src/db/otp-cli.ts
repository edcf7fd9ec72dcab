// Development only: prints the current authenticator code, so the demo can be signed in to without a phone.
// `npm run otp` gives the demo owner's code, `npm run otp -- <email>` any demo account's (read from the sealed
// demo credentials in the data folder), `npm run otp -- SECRET` any base32 secret's. Outside local and
// development it refuses: the demo and its secrets exist nowhere else.
import { ConfigError, loadConfig } from '../config.js';
import { TOTP_STEP_SECONDS, totpCodeAt } from '../security/totp.js';
import { readDemoCredentials } from './demo-credentials.js';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  fail(err instanceof ConfigError ? err.message : String(err));
}
if (!config.devDoors) fail(`npm run otp exists only in local and development (APP_ENV is ${config.env}).`);

const wanted = process.argv[2]?.trim();
let secret = wanted;
if (!wanted || wanted.includes('@')) {
  const demo = readDemoCredentials(config.dataDir, config.masterKey);
  if (!demo) fail(`No demo credentials in ${config.dataDir}: start the product once (npm start) or pass a secret.`);
  const accounts = [demo, ...demo.operators, ...(demo.expiredPasswordMember ? [demo.expiredPasswordMember] : [])];
  const account = accounts.find((a) => !wanted || a.email === wanted.toLowerCase());
  if (!account) fail(`${wanted} is not a demo account.`);
  secret = account.otpSecret;
}
const now = new Date();
const left = TOTP_STEP_SECONDS - (Math.floor(now.getTime() / 1000) % TOTP_STEP_SECONDS);
console.log(`${totpCodeAt(secret!, now)}  (valid for ${left} more seconds)`);
