// Many processes on one PostgreSQL (issue 19): two API servers (ENGINE=off, src/server.ts) and two custody engines
// (engine/main.ts), each its own process, on one database. Calls alternate between the servers as a load balancer
// would send them; a sign-in budget spent through one server is spent on the other; a change made through one
// server reaches a live stream open on the other within a second; approved requests are executed exactly once
// across the engines, and killing one engine in the middle loses nothing. PostgreSQL only.
import { generateKeyPairSync } from 'node:crypto';
import { EVENTS_PATH } from '@vaultline/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { requests, wallets } from './db/schema/index.js';
import { sleep } from './engine/chains/anvil.js';
import { doomedEngines } from './engine/transactions/doomed-engine.js';
import { totpCodeAt } from './security/totp.js';
import { TEST_MASTER_KEY } from './test/custody.js';
import { createTestDatabase, type TestDatabase } from './test/database.js';
import { createMember, createOrganization, grant, type TestMember } from './test/fixtures.js';
import { HttpBrowser } from './test/http-browser.js';
import { type ServerProcess, startServerProcess } from './test/server-process.js';

const STEP_MS = 30_000;

/** The member's authenticator code `steps` steps from now (the servers allow one step either way, once each). */
const code = (member: TestMember, steps: number) =>
  totpCodeAt(member.otpSecret!, new Date(Date.now() + steps * STEP_MS));

describe.skipIf(process.env.TEST_DB_KIND !== 'postgres')('two API servers and two engines on one PostgreSQL', () => {
  let testDb: TestDatabase;
  const servers: ServerProcess[] = [];
  const engines = doomedEngines(TEST_MASTER_KEY);
  const config = loadConfig({ LOG_LEVEL: 'silent', MASTER_KEY: TEST_MASTER_KEY });
  let orgId: string;
  let owners: TestMember[];

  async function startServer(env: Record<string, string>) {
    const server = await startServerProcess(env);
    servers.push(server);
    return server.base;
  }

  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
    const driver = testDb.database.driver;
    if (driver.kind !== 'postgres') throw new Error('postgres only');
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const env = {
      DATABASE_URL: driver.url,
      APP_ENV: 'development',
      SEED_DEMO: 'false',
      ENGINE: 'off',
      MASTER_KEY: TEST_MASTER_KEY,
      // One key for both servers: a browser encrypts with the key of whichever server answered.
      RSA_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      LOG_LEVEL: 'warn',
      DEVNET_BLOCK_MS: '0',
      CHAIN_SWEEP_MS: '0',
      TRAVEL_RULE_SWEEP_MS: '0',
      STAKING_VALIDATORS_SYNC_MS: '0',
    };
    await Promise.all([startServer(env), startServer(env)]);
    const db = testDb.database.db;
    orgId = (await createOrganization(db, 'Two of each')).id;
    owners = [];
    for (let i = 0; i < 4; i++) {
      const m = await createMember(db, config, { organizationId: orgId });
      await grant(db, m.id, ['OWNER']);
      owners.push(m);
    }
  }, 120_000);

  afterAll(async () => {
    engines.killAll();
    await Promise.all(servers.map((server) => server.stop()));
    await testDb?.dispose();
  });

  const [a, b] = [() => servers[0]!.base, () => servers[1]!.base];

  it('spends a sign-in budget once across the servers', async () => {
    const guesser = new HttpBrowser(a());
    const guess = async () => (await guesser.login('nobody-multi-7@example.com', 'Wrong-horse-9!')).statusCode;
    // 10 a window per account and address: the first ten through server A, the eleventh through server B.
    for (let i = 0; i < 10; i++) expect(await guess()).not.toBe(429);
    guesser.moveTo(b());
    expect(await guess()).toBe(429);
  });

  it('serves one session on both, sends live notices across them, and executes each approval once', async () => {
    // Codes: sign-in takes the previous step's, approval the current one's; start early in a step so both stay valid.
    const into = Date.now() % STEP_MS;
    if (into > 20_000) await sleep(STEP_MS - into + 200);
    const browsers: HttpBrowser[] = [];
    for (const [i, owner] of owners.entries()) {
      const browser = new HttpBrowser(i % 2 === 0 ? a() : b());
      const res = await browser.login(owner.email, owner.password, code(owner, -1));
      expect(res.json().result, res.body).toBe('SUCCESS');
      browsers.push(browser);
    }
    const creator = browsers[0]!;

    // A live stream on server B.
    const cookie = [...creator.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const abort = new AbortController();
    const stream = await fetch(`${b()}${EVENTS_PATH}`, { headers: { cookie }, signal: abort.signal });
    expect(stream.status).toBe(200);
    let events = '';
    void (async () => {
      const reader = stream.body!.getReader();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          events += new TextDecoder().decode(value);
        }
      } catch {
        // closed below
      }
    })();

    // Four wallet-creation requests, made alternately through A and B.
    const path = `/api/v1/organizations/wallet-creation/btc/${orgId}/wallet-creation-request`;
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      creator.moveTo(i % 2 === 0 ? a() : b());
      const made = await creator.post(`${path}/create`, { blockchain: 'BITCOIN_TESTNET', name: `Multi ${i}` });
      expect(made.statusCode, made.body).toBe(200);
      ids.push(made.json().id as string);
    }
    // The first was made through A: its notice reached the stream open on B.
    const until = Date.now() + 1000;
    while (!events.includes(ids[0]!) && Date.now() < until) await sleep(20);
    expect(events).toContain(`event: request\ndata: {"kind":"request","id":"${ids[0]}"`);

    // Two engines; each request approved by another owner, alternately through A and B; one engine killed meanwhile.
    const engineEnv = {
      DEVNET_BLOCK_MS: '0',
      CHAIN_SWEEP_MS: '0',
      TRAVEL_RULE_SWEEP_MS: '0',
      ENGINE_SUPERVISE_SECONDS: '1',
    };
    const first = engines.engine(testDb.database, engineEnv);
    const second = engines.engine(testDb.database, engineEnv);
    await Promise.all([first.start(), second.start()]);
    for (const [i, id] of ids.entries()) {
      const approver = browsers[i]!.moveTo(i % 2 === 0 ? b() : a());
      const approved = await approver.post(`${path}/${id}/approve`, {
        otpCode: await approver.encrypt(code(owners[i]!, 0)),
      });
      expect(approved.statusCode, approved.body).toBe(200);
      if (i === 1) await first.kill();
    }

    const db = testDb.database.db;
    const deadline = Date.now() + 60_000;
    const statuses = () => db.select({ status: requests.status }).from(requests).where(inArray(requests.id, ids));
    while ((await statuses()).some((r) => r.status !== 'COMPLETE') && Date.now() < deadline) await sleep(250);
    expect((await statuses()).map((r) => r.status)).toEqual(['COMPLETE', 'COMPLETE', 'COMPLETE', 'COMPLETE']);
    // Exactly one wallet per request: nothing executed twice.
    const made = await db.select({ name: wallets.name }).from(wallets).where(eq(wallets.organizationId, orgId));
    expect(made.map((w) => w.name).sort()).toEqual(['Multi 0', 'Multi 1', 'Multi 2', 'Multi 3']);
    // And the completion reached the stream on B too.
    expect(events).toMatch(new RegExp(`"id":"${ids[3]}","type":"WALLET_CREATION","status":"COMPLETE"`));
    abort.abort();
    await second.kill();
  }, 180_000);
});
