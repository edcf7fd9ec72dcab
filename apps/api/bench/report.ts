// bench/results.md: commit-ready markdown with the machine, the date, the settings and one row per call.
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import pg from 'pg';
import type { Figures, Measured } from './measure.js';
import { VOLUME } from './seed.js';

/** Issue 17: each call ≥ 0.8 × its baseline, each baseline ≥ ⅓ of the trivial route, in the same run. */
const RATIO_GOAL = 0.8;
const FLOOR_GOAL = 1 / 3;
const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');

async function postgresVersion(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query('show server_version')).rows[0].server_version as string;
  } finally {
    await client.end();
  }
}

export async function writeReport(
  file: URL,
  run: {
    results: Measured[];
    /** The trivial one-query route, measured first and last in the run. */
    trivial: Figures[];
    before?: Measured[] | undefined;
    seconds: number;
    connections: number;
    databaseUrl: string;
    seededNow: boolean;
  },
): Promise<string> {
  const cpu = cpus();
  const machine = `${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM`;
  const before = new Map(run.before?.map((m) => [m.name, m]));
  // The trivial route's mean over the run: a baseline is judged against what the machine did meanwhile.
  const trivialRps = run.trivial.reduce((sum, t) => sum + t.rps, 0) / Math.max(1, run.trivial.length);
  const ratio = (m: Measured) => m.served.rps / m.bare.rps;
  const floor = (m: Measured) => m.bare.rps / trivialRps;
  const verdict = (m: Measured) => {
    const misses = [
      m.served.p95 >= m.targetP95 ? `p95 ≥ ${m.targetP95} ms` : '',
      ratio(m) < RATIO_GOAL ? `ratio < ${RATIO_GOAL}` : '',
      floor(m) < FLOOR_GOAL ? `baseline < ⅓ trivial` : '',
      m.served.errors ? `${m.served.errors} errors` : '',
    ].filter(Boolean);
    return misses.length ? `✗ ${misses.join(', ')}` : '✓';
  };
  const mark = (value: number, goal: number) => `${value.toFixed(2)} ${value >= goal ? '✓' : '✗'}`;
  const head = `| call | req/s | p50 | p95 | p99 | baseline req/s | baseline p95 | ratio (≥ ${RATIO_GOAL}) | baseline/trivial (≥ 0.33) | kept answer/trivial |${
    run.before ? ' before: req/s, p95, ratio |' : ''
  } target |`;
  const rows = run.results.map((m) => {
    const s = m.served;
    const b = before.get(m.name);
    const cells = [
      m.name,
      s.rps.toFixed(0),
      ms(s.p50),
      ms(s.p95),
      ms(s.p99),
      m.bare.rps.toFixed(0),
      ms(m.bare.p95),
      mark(ratio(m), RATIO_GOAL),
      mark(floor(m), FLOOR_GOAL),
      m.kept ? (m.kept.rps / trivialRps).toFixed(2) : '–',
      ...(run.before
        ? [b?.served.requests ? `${b.served.rps.toFixed(0)}, ${ms(b.served.p95)}, ${ratio(b).toFixed(2)}` : '–']
        : []),
      verdict(m),
    ];
    return `| ${cells.join(' | ')} |`;
  });
  const trivialLine =
    `Trivial one-query route (bare Fastify, \`select 1\` on the same pool), first and last in the run: ` +
    `${run.trivial.map((t) => `${t.rps.toFixed(0)} req/s (p95 ${ms(t.p95)} ms)`).join(', ')}; ` +
    `baseline/trivial divides by their mean, ${trivialRps.toFixed(0)} req/s.`;
  const report = [
    '# Benchmark results',
    '',
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · ${machine} · Node ${process.version} · PostgreSQL ${await postgresVersion(run.databaseUrl)}`,
    '',
    `One organization of ${VOLUME.wallets.toLocaleString('en')} wallets, ${VOLUME.requests.toLocaleString('en')} requests and ` +
      `${VOLUME.activities.toLocaleString('en')} asset activities; signed in as its OWNER (session cookie and CSRF header). ` +
      `${run.connections} connections, ${run.seconds} s per call after a 2 s warm-up; page size 20, the deep page 80% into the list. ` +
      'Server and load generator are separate processes on the same machine; the server logs JSON at `warn`, runs without the ' +
      'engine and with the rate limit lifted (`RATE_LIMIT_PER_MINUTE=100000000`). The baseline is a bare Fastify route ' +
      '(no session, CSRF, validation or serializer) running the same repository queries on the same pg pool; a call and ' +
      'its baseline alternate (served, baseline, baseline, served, half the time each) so a change of load on the ' +
      'shared machine weighs on both.',
    '',
    'Latencies in ms, exact percentiles over every response. Targets: list pages p95 < 25 ms, balance totals and ' +
      'withdrawal create p95 < 50 ms, ' +
      `ratio to baseline ≥ ${RATIO_GOAL}, baseline ≥ ⅓ of the trivial route. "Kept answer" is the call's baseline ` +
      'answer stored whole in one row beforehand and read by its key on the same pool (half the time, after the ' +
      'pair): what a statement that made nothing of the answer would serve, its size alone against the trivial route.',
    '',
    trivialLine,
    '',
    head,
    `|${head
      .split('|')
      .slice(1, -1)
      .map(() => '---')
      .join('|')}|`,
    ...rows,
    '',
  ].join('\n');
  writeFileSync(file, report);
  return report;
}
