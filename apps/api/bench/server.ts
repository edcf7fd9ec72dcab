// The bench's server process: the product app as `npm start` builds it (JSON logs at LOG_LEVEL, no pretty
// printing) and the bare baseline on the same pg pool. It signs the seeded OWNER in through the real sign-in
// calls (password, new-IP mail link, authenticator code) and hands the parent the browser's cookies over IPC.
// A separate process so the load generator never shares the server's event loop.
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { totpCodeAt } from '../src/security/totp.js';
import { TestBrowser } from '../src/test/browser.js';
import { buildBaseline } from './baseline.js';
import { type FixedCostCall, measureFixedCost } from './fixed-cost.js';

export interface ServerReady {
  appUrl: string;
  baselineUrl: string;
  cookie: string;
  csrf: string;
}

const env = process.env;
const config = loadConfig(env);
const database = await openDatabase({
  url: config.databaseUrl!,
  preparedStatements: config.databasePreparedStatements,
});
const app = await buildApp({ config, database, webDist: false });
const baseline = await buildBaseline({
  db: database.db,
  organizationId: env.BENCH_ORGANIZATION_ID!,
  ownerId: env.BENCH_OWNER_ID!,
  config,
  services: app.services,
});
await app.listen({ host: '127.0.0.1', port: 0 });
await baseline.listen({ host: '127.0.0.1', port: 0 });

async function signIn(): Promise<TestBrowser> {
  const email = env.BENCH_OWNER_EMAIL!;
  const password = env.BENCH_OWNER_PASSWORD!;
  const browser = new TestBrowser(app, '127.0.0.1');
  let res = await browser.login(email, password);
  if (res.json().result === 'NEED_IP_VERIFICATION') {
    // First run on this database: open the emailed link, as the owner would.
    const mail = await app.mail.catcher!.waitFor((m) => m.to.includes(email) && m.text.includes('mode=verify-ip'));
    const link = new URL(mail.text.match(/https?:\/\/\S+mode=\S+/)![0]);
    const verify = `/api/v1/organization/members/${link.searchParams.get('memberId')}/login-ips/${link.searchParams.get('loginIpId')}/verify`;
    await browser.post(verify, { code: link.searchParams.get('code') });
  }
  // Codes are single-use: a run started within the same 30 s step as the last one waits for the next code.
  for (let attempt = 0; attempt < 2; attempt++) {
    res = await browser.login(email, password, totpCodeAt(env.BENCH_OWNER_OTP_SECRET!, new Date()));
    if (res.json().result === 'SUCCESS') return browser;
    await new Promise((r) => setTimeout(r, 30_000 - (Date.now() % 30_000) + 500));
  }
  throw new Error(`Bench sign-in failed: ${res.body}`);
}

const browser = await signIn();
const origin = (server: typeof app.server) => {
  const info = server.address();
  return typeof info === 'object' && info ? `http://127.0.0.1:${info.port}` : '';
};
const ready: ServerReady = {
  appUrl: origin(app.server),
  baselineUrl: origin(baseline.server),
  cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
  csrf: browser.cookies.get('vl_csrf') ?? '',
};
process.send?.({ ready });

// `--fixed-cost`: the parent sends the calls one by one; each is measured here, in process (fixed-cost.ts).
process.on('message', async (m: { fixedCost?: FixedCostCall; rounds: number; batch: number }) => {
  if (!m.fixedCost) return;
  const headers = { cookie: ready.cookie, 'x-csrf-token': ready.csrf, 'content-type': 'application/json' };
  try {
    const figures = await measureFixedCost(app, baseline, headers, m.fixedCost, m);
    process.send?.({ fixedCostFigures: figures });
  } catch (error) {
    process.send?.({ fixedCostError: String(error) });
  }
});

process.on('disconnect', async () => {
  await app.close();
  await baseline.close();
  await database.close();
  process.exit(0);
});
