// Measures the served calls against a bare Fastify route doing the same work with no plugins, validation
// or error handling, and writes bench/results.md. Not part of CI; loopback only, bounded in time.
import { writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

const database = process.env.DATABASE_URL
  ? await openDatabase({ url: process.env.DATABASE_URL })
  : await openDatabase({ memory: true });
await runMigrations(database);

const app = await buildApp({
  config: loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '100000000' }),
  database,
  logger: false,
  webDist: false,
});
await app.listen({ host: '127.0.0.1', port: 0 });
const baseline = Fastify({ logger: false });
baseline.get('/healthz', async () => ({ status: 'ok' }));
baseline.get('/readyz', async () => {
  await database.db.execute(sql`select 1`);
  return { status: 'ready' };
});
await baseline.listen({ host: '127.0.0.1', port: 0 });

const address = (a: typeof app | typeof baseline) => {
  const info = a.server.address();
  return typeof info === 'object' && info ? `http://127.0.0.1:${info.port}` : '';
};

async function measure(url: string) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  return { rps: r.requests.average, p50: r.latency.p50, p95: r.latency.p97_5, p99: r.latency.p99, errors: r.non2xx };
}

const rows: string[] = [];
for (const path of ['/healthz', '/readyz']) {
  const served = await measure(`${address(app)}${path}`);
  const bare = await measure(`${address(baseline)}${path}`);
  const ratio = served.rps / bare.rps;
  rows.push(
    `| ${path} | ${served.rps.toFixed(0)} | ${served.p50} | ${served.p95} | ${served.p99} | ${bare.rps.toFixed(0)} | ${ratio.toFixed(2)} | ${served.errors} |`,
  );
  console.log(rows.at(-1));
}

const report = [
  '# Benchmark results',
  '',
  `${new Date().toISOString()} · ${database.kind} · ${CONNECTIONS} connections · ${DURATION} s per call · Node ${process.version}`,
  '',
  'p95 is autocannon p97.5 (its nearest published percentile). Latencies in ms.',
  '',
  '| call | req/s | p50 | p95 | p99 | baseline req/s | ratio | non-2xx |',
  '|---|---|---|---|---|---|---|---|',
  ...rows,
  '',
].join('\n');
writeFileSync(new URL('./results.md', import.meta.url), report);
console.log(report);
await app.close();
await baseline.close();
await database.close();
