import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { createMember, createOrganization, grant, signIn } from '../test/fixtures.js';
import { createWallet } from '../test/wallet-fixtures.js';
import { processRegistry, timedJob } from './metrics-registry.js';

const apps: TestApp[] = [];
afterAll(async () => {
  for (const a of apps) await a.close();
});

async function app(env: Record<string, string> = {}) {
  const t = await createTestApp({ DEVNET_BLOCK_MS: '0', CHAIN_SWEEP_MS: '0', TRAVEL_RULE_SWEEP_MS: '0', ...env });
  apps.push(t);
  return t;
}

const TOKEN = 'm'.repeat(40);
const PRODUCTION = () => ({
  APP_ENV: 'production',
  SESSION_SECRET: 'p'.repeat(40),
  MASTER_KEY: '5a'.repeat(32),
  APP_BASE_URL: 'https://custody.example.com',
  DATABASE_URL: 'postgres://unused.example.com/vaultline',
  SMTP_URL: 'smtp://127.0.0.1:1',
  RSA_PRIVATE_KEY: generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString(),
});

/** The value of one series in a Prometheus text answer, or undefined when it is absent. */
function series(text: string, name: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

/**
 * How much a counter grew between two scrapes. The registry is the process's own, and the API test files share one
 * process (vitest's `isolate: false`), so earlier files' calls and jobs are already counted in it.
 */
function grown(before: string, after: string, name: string): number {
  return (series(after, name) ?? 0) - (series(before, name) ?? 0);
}

describe('/metrics', () => {
  it('is open in local, in Prometheus text format, with route patterns (never raw URLs) timed', async () => {
    const t = await app();
    const before = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    await t.app.inject({ method: 'GET', url: '/healthz' });
    const id = randomUUID();
    await t.app.inject({ method: 'GET', url: `/api/v1/balances/wallet/${id}` });
    await t.app.inject({ method: 'GET', url: '/no/such/path' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    const healthz = 'vaultline_http_request_duration_seconds_count{route="/healthz",method="GET",status="200"}';
    expect(series(text, healthz)).toBeGreaterThanOrEqual(1);
    // Signed out: the route's pattern with the 401, not the wallet id.
    expect(
      grown(
        before,
        text,
        'vaultline_http_request_duration_seconds_count{route="/api/v1/balances/wallet/:walletId",method="GET",status="401"}',
      ),
    ).toBe(1);
    expect(text).not.toContain(id);
    expect(text).not.toContain('/no/such/path');
    expect(
      grown(before, text, 'vaultline_http_request_duration_seconds_count{route="unmatched",method="GET",status="404"}'),
    ).toBe(1);
    // Read from the database at the scrape: every chain transaction state (none yet), the database up.
    expect(series(text, 'vaultline_chain_transactions{state="BROADCAST"}')).toBe(0);
    expect(series(text, 'vaultline_chain_transactions{state="CONFIRMED"}')).toBe(0);
    expect(series(text, 'vaultline_database_up')).toBe(1);
    // node's own, and the engine's job histogram (declared even before a job runs).
    expect(text).toContain('vaultline_process_resident_memory_bytes');
    expect(text).toContain('# TYPE vaultline_engine_job_duration_seconds histogram');
    // The pool exists only on PostgreSQL.
    const onPostgres = t.testDb.database.kind === 'postgres';
    expect(text.includes('vaultline_db_pool_connections{state="total"}')).toBe(onPostgres);
  });

  it('counts and times engine jobs by queue and outcome, the failure passed on untouched', async () => {
    const queue = `metrics-test-${randomUUID().slice(0, 8)}`;
    await timedJob(queue, async () => {})();
    const boom = new Error('job failed');
    await expect(
      timedJob(queue, async () => {
        throw boom;
      })(),
    ).rejects.toBe(boom);
    const text = await processRegistry.metrics();
    for (const outcome of ['completed', 'failed']) {
      expect(series(text, `vaultline_engine_job_duration_seconds_count{queue="${queue}",outcome="${outcome}"}`)).toBe(
        1,
      );
    }
  });

  it('shows an engine job run by the in-process engine: timed here, counted and timed from the queue tables', async () => {
    const t = apps[0]!;
    const db = t.testDb.database.db;
    const org = await createOrganization(db, 'Metrics');
    const m = await createMember(db, t.config, { organizationId: org.id });
    await grant(db, m.id, ['OWNER']);
    const queue = 'queue="wallet-creation"';
    const scrape = async () => (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const before = await scrape();
    await createWallet(await signIn(t, m), org.id, 'ETHEREUM', 'Metered');
    // The wallet is active once the handler has run; pg-boss marks its job completed just after the handler
    // returns, in a write of its own, so the queue table may show it a moment later (a scrape at once raced it).
    await expect.poll(async () => series(await scrape(), `vaultline_engine_jobs{${queue},state="completed"}`)).toBe(1);
    const text = await scrape();
    expect(grown(before, text, `vaultline_engine_job_duration_seconds_count{${queue},outcome="completed"}`)).toBe(1);
    expect(series(text, `vaultline_engine_job_recent_duration_seconds{${queue},stat="max"}`)).toBeGreaterThanOrEqual(0);
  });

  it('answers 404 outside the development environments when no METRICS_TOKEN is set', async () => {
    const t = await app(PRODUCTION());
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('vaultline_');
  });

  it('with METRICS_TOKEN in production, answers only its bearer (401 otherwise)', async () => {
    const t = await app({ ...PRODUCTION(), METRICS_TOKEN: TOKEN });
    const get = (authorization?: string) =>
      t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
    for (const wrong of [undefined, `Bearer ${'x'.repeat(40)}`, `Basic ${TOKEN}`, TOKEN, `Bearer ${TOKEN}x`]) {
      const res = await get(wrong);
      expect(res.statusCode, String(wrong)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain('vaultline_');
    }
    const res = await get(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('vaultline_http_request_duration_seconds');
  });

  it('is not in the OpenAPI document', async () => {
    const t = apps[0]!;
    const doc = t.app.swagger() as { paths?: Record<string, unknown> };
    expect(Object.keys(doc.paths ?? {})).not.toContain('/metrics');
  });
});
