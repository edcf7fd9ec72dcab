import { createHash, timingSafeEqual } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { chainTransactions } from '../db/schema/index.js';
import { requestLanguage, sendError } from './error-handler.js';
import { processRegistry } from './metrics-registry.js';

/** The states a chain transaction can be in (the table's check constraint): each is shown, 0 included. */
const CHAIN_TRANSACTION_STATES = ['BUILT', 'SIGNED', 'BROADCAST', 'CONFIRMED', 'FAILED', 'DROPPED', 'REPLACED'];

/** Requests that matched no route share one label: raw URLs would make a series per scanner probe. */
const UNMATCHED = 'unmatched';

/** One row of the grouped job query; numeric aggregates arrive as strings (node-postgres) or numbers (PGlite). */
interface QueueRow {
  queue: string;
  state: string;
  n: number;
  recent_avg: string | number | null;
  recent_max: string | number | null;
}
const RECENT = sql.raw(`state = 'completed' and completed_on > now() - interval '5 minutes'`);

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether the request may read /metrics. Open where the development doors are (local, development, and the tests,
 * which run as local). Elsewhere only with `Authorization: Bearer <METRICS_TOKEN>`; compared as digests so the
 * comparison takes the same time whatever the guess.
 */
function metricsAccess(config: Config, request: FastifyRequest): 'open' | 'hidden' | 'refused' {
  if (config.devDoors) return 'open';
  if (!config.metricsToken) return 'hidden';
  const given = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  return given && timingSafeEqual(sha256(given), sha256(config.metricsToken)) ? 'open' : 'refused';
}

/** The gauges read from the database at each scrape (one grouped query each), into `registry`. */
function databaseGauges(registry: Registry, database: Database, log: FastifyInstance['log']) {
  const up = new Gauge({
    name: 'vaultline_database_up',
    help: 'Whether the database answered the metrics queries of this scrape (1) or not (0)',
    registers: [registry],
  });
  const chainTransactionCount = new Gauge({
    name: 'vaultline_chain_transactions',
    help: 'Outgoing chain transactions (chain_transactions rows) by state',
    labelNames: ['state'] as const,
    registers: [registry],
  });
  const jobs = new Gauge({
    name: 'vaultline_engine_jobs',
    help: 'Custody engine jobs in the queue tables (all engine processes) by queue and pg-boss state',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
  });
  const recentSeconds = new Gauge({
    name: 'vaultline_engine_job_recent_duration_seconds',
    help: 'Run time (start to completion) of the engine jobs completed in the last 5 minutes, all engines: avg and max',
    labelNames: ['queue', 'stat'] as const,
    registers: [registry],
  });
  const pool = database.driver.kind === 'postgres' ? database.driver.pool : null;
  if (pool) {
    // Read from the pool object as Prometheus asks: no query, so it answers even when the database does not.
    new Gauge({
      name: 'vaultline_db_pool_connections',
      help: "This process's PostgreSQL pool: connections open (total), idle, and requests waiting for one",
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }
  return async function refresh(): Promise<void> {
    chainTransactionCount.reset();
    jobs.reset();
    recentSeconds.reset();
    try {
      const byState = await database.db
        .select({ state: chainTransactions.status, n: count() })
        .from(chainTransactions)
        .groupBy(chainTransactions.status);
      for (const state of CHAIN_TRANSACTION_STATES) chainTransactionCount.set({ state }, 0);
      for (const row of byState) chainTransactionCount.set({ state: row.state }, row.n);
      // pg-boss's own table, outside the drizzle schema; both drivers answer with `rows`. The run times of the
      // last 5 minutes' completed jobs come with the counts: every engine's, where the histogram has this process's.
      const byQueue = (await database.db.execute(sql`
        select name as queue, state::text as state, count(*)::int as n,
          avg(extract(epoch from completed_on - started_on)) filter (where ${RECENT}) as recent_avg,
          max(extract(epoch from completed_on - started_on)) filter (where ${RECENT}) as recent_max
        from pgboss.job group by name, state`)) as unknown as { rows: QueueRow[] };
      for (const row of byQueue.rows) {
        jobs.set({ queue: row.queue, state: row.state }, Number(row.n));
        if (row.recent_max === null) continue;
        recentSeconds.set({ queue: row.queue, stat: 'avg' }, Number(row.recent_avg));
        recentSeconds.set({ queue: row.queue, stat: 'max' }, Number(row.recent_max));
      }
      up.set(1);
    } catch (err) {
      // The scrape still answers (process and HTTP series stay useful); the gauge says the database did not.
      log.warn({ err }, 'metrics: database queries failed');
      up.set(0);
    }
  };
}

/**
 * `/metrics` in Prometheus' text format: HTTP latency by route pattern, method and status; the engine's jobs (timed
 * in this process, counted across all in the queue tables); chain transactions by state; the PostgreSQL pool; and
 * node's own process metrics. Left out of the OpenAPI document: it is for the monitoring system, not API clients.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, opts: { config: Config; database: Database }) => {
  // Per app: a test process builds several, each with its own database.
  const appRegistry = new Registry();
  const httpSeconds = new Histogram({
    name: 'vaultline_http_request_duration_seconds',
    help: 'HTTP requests: time to answer in seconds, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [appRegistry],
  });
  const refresh = databaseGauges(appRegistry, opts.database, app.log);
  const registry = Registry.merge([processRegistry, appRegistry]);

  // A callback hook (no promise per request).
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    // The pattern (`/api/v1/wallets/:id`), never the raw URL; a route-less 404 has none.
    const route = request.routeOptions.url ?? UNMATCHED;
    httpSeconds.observe({ route, method: request.method, status: reply.statusCode }, reply.elapsedTime / 1000);
    done();
  });

  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const access = metricsAccess(opts.config, request);
    // Without a token the endpoint does not exist for the outside world; with one, a wrong guess learns only that.
    if (access === 'hidden') return sendError(reply, requestLanguage(request), '404');
    if (access === 'refused') {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .type('text/plain; charset=utf-8')
        .send('Unauthorized\n');
    }
    await refresh();
    return reply.type(registry.contentType).send(await registry.metrics());
  });
});
