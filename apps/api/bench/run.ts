// `npm run bench`: seeds (or reuses) a large organization on PostgreSQL, starts the product and the bare
// baseline in a server process, and measures each authenticated list call next to its baseline with
// autocannon from this process. Writes bench/results.md. Not part of CI or `npm test`.
//
//   --reseed            seed the bench database again even if it matches
//   --seconds N         per measurement (default 10)     --connections N (default 32)
//   --only a,b          only the calls whose name contains one of these
//   --save NAME         keep this run's figures as bench/.data/NAME.json
//   --compare NAME      add a column with the figures of a saved run (before/after an optimization)
//   --seed-only         seed and stop
//   --only chains       only the chain scenario (signing per family, transfers on anvil); no database needed
//   --quick             chain scenario with fewer rounds
//   --served-only       measure only the product's calls (no baseline, no trivial route, no report): with
//                       BENCH_CPU_PROF=1 the profile then holds the product's work alone
//   --baseline-only     the same for the baselines: the profile of the calls' bare SQL and driver work
//   --fixed-cost        no HTTP: each call, its baseline and the trivial route in the server's process, CPU µs a
//                       call (fixed-cost.ts); --rounds N (default 30) batches of --batch N (default 200) calls
// Env: BENCH_DATABASE_SERVER (postgres://postgres@127.0.0.1:5432/postgres), BENCH_DATABASE (vaultline_bench).
import { fork, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../src/config.js';
import { runChainBench, writeChainReport } from './chains.js';
import { type FixedCostFigures, fixedCostLine } from './fixed-cost.js';
import { type Measured, measure, measurePair } from './measure.js';
import { writeReport } from './report.js';
import { type BenchQuery, CALLS } from './scenarios.js';
import { ensureBenchDatabase, VOLUME } from './seed.js';
import type { ServerReady } from './server.js';

const { values: args } = parseArgs({
  options: {
    reseed: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    only: { type: 'string' },
    save: { type: 'string' },
    compare: { type: 'string' },
    'seed-only': { type: 'boolean', default: false },
    quick: { type: 'boolean', default: false },
    'served-only': { type: 'boolean', default: false },
    'baseline-only': { type: 'boolean', default: false },
    'fixed-cost': { type: 'boolean', default: false },
    rounds: { type: 'string', default: '30' },
    batch: { type: 'string', default: '200' },
  },
});

// The chain scenario first: it needs no database, and `--only chains` ends here. Written to results-chains.md.
if (!args.only || args.only.split(',').includes('chains')) {
  console.log('Chains: signing per family and transfers on anvil, each next to a baseline of the same run');
  const figures = await runChainBench((line) => console.log(line), { quick: args.quick });
  writeChainReport(new URL('./results-chains.md', import.meta.url), figures);
  if (args.only === 'chains') process.exit(0);
}
const seconds = Number(args.seconds);
const connections = Number(args.connections);

const DATA_DIR = fileURLToPath(new URL('./.data', import.meta.url));
mkdirSync(DATA_DIR, { recursive: true });
const serverUrl = process.env.BENCH_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = process.env.BENCH_DATABASE ?? 'vaultline_bench';

// Production-like server: JSON logs at warn (no pretty printing), no engine, the rate limit lifted so
// 32 connections from one address measure the calls rather than the limiter, and the answers PostgreSQL writes as
// JSON sent as written, as production sends them (the tests check each against its schema instead).
const serverEnv: Record<string, string> = {
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '100000000',
  ENGINE: 'off',
  SEED_DEMO: 'false',
  RESPONSE_CHECK: 'trusted',
  DATA_DIR,
};
const config = loadConfig({ ...serverEnv, DATABASE_URL: serverUrl });

const log = (line: string) => console.log(line);
log(
  `Bench database ${dbName}: ${VOLUME.wallets} wallets, ${VOLUME.requests} requests, ${VOLUME.activities} activities`,
);
const seeded = await ensureBenchDatabase(serverUrl, dbName, config, { reseed: args.reseed, log });
if (args['seed-only']) process.exit(0);

// The server is bundled as production bundles the API (scripts/build.mjs) and run by plain node: under tsx every
// function the code creates is wrapped (esbuild's keepNames), which production's build does not do, and a page of
// request views creates hundreds.
const SERVER_DIST = `${DATA_DIR}/dist`;
const built = spawnSync(process.execPath, ['scripts/build.mjs', SERVER_DIST, 'server=bench/server.ts'], {
  cwd: fileURLToPath(new URL('..', import.meta.url)),
  encoding: 'utf8',
});
if (built.status !== 0) throw new Error(`Building the bench server failed: ${built.stderr}${built.stdout}`);
const child = fork(`${SERVER_DIST}/server.js`, [], {
  // BENCH_CPU_PROF=1: a V8 CPU profile of the server process in bench/.data, to find where the time goes.
  execArgv: process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${DATA_DIR}`] : [],
  env: {
    ...process.env,
    ...serverEnv,
    DATABASE_URL: seeded.url,
    BENCH_ORGANIZATION_ID: seeded.org.organizationId,
    BENCH_OWNER_ID: seeded.org.ownerId,
    BENCH_OWNER_EMAIL: seeded.org.ownerEmail,
    BENCH_OWNER_PASSWORD: seeded.org.ownerPassword,
    BENCH_OWNER_OTP_SECRET: seeded.org.ownerOtpSecret,
  },
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const ready = await new Promise<ServerReady>((resolve, reject) => {
  child.on('message', (m: { ready?: ServerReady }) => m.ready && resolve(m.ready));
  child.on('exit', (code) => reject(new Error(`The bench server exited (${code})`)));
});

const only = args.only?.split(',').filter(Boolean);
const results: Measured[] = [];
const benchDb = new pg.Client({ connectionString: seeded.url });
await benchDb.connect();
const query: BenchQuery = async (text, params) => (await benchDb.query(text, params)).rows;
// The trivial one-query route (bare Fastify, `select 1` on the same pool), before and after the calls: each
// baseline is compared with it, and two measurements show how much the machine moved during the run.
const trivialRun = () => measure({ url: `${ready.baselineUrl}/trivial`, body: {} }, { seconds, connections });
const trivialFigures = async (when: string) => {
  const t = await trivialRun();
  log(`trivial one-query route (${when})  ${t.rps.toFixed(0).padStart(6)} req/s  p95 ${t.p95.toFixed(1)} ms`);
  return t;
};
/** The calls `--only` names (every call without it). */
const chosen = CALLS.filter((call) => !only || only.some((o) => call.name.includes(o)));
if (args['fixed-cost']) {
  for (const prepared of chosen) {
    // Creating calls write rows: measured over HTTP only.
    if (prepared.cleanup) continue;
    const body = prepared.prepare ? await prepared.prepare(query, seeded.org.organizationId) : prepared.body;
    const call = { name: prepared.name, path: prepared.path, baseline: prepared.baseline, body };
    child.send({ fixedCost: call, rounds: Number(args.rounds), batch: Number(args.batch) });
    const answer = await new Promise<{ fixedCostFigures?: FixedCostFigures; fixedCostError?: string }>((resolve) =>
      child.once('message', resolve),
    );
    if (!answer.fixedCostFigures) throw new Error(answer.fixedCostError);
    log(fixedCostLine(answer.fixedCostFigures));
  }
  child.disconnect();
  await benchDb.end();
  process.exit(0);
}
/**
 * The call's baseline answer, stored whole in bench_kept_answers, then read back by its key at the same load: what a
 * statement that made nothing (the answer written beforehand) would serve, for the answer's size alone.
 */
async function measureKeptAnswer(name: string, bare: { url: string; body: unknown }) {
  const answer = await fetch(bare.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(bare.body),
  });
  await query(
    `insert into bench_kept_answers (name, answer) values ($1, $2)
     on conflict (name) do update set answer = excluded.answer`,
    [name, await answer.text()],
  );
  return measure({ url: `${ready.baselineUrl}/kept-answer`, body: { name } }, { seconds: seconds / 2, connections });
}
await query('create table if not exists bench_kept_answers (name text primary key, answer text not null)', []);
const servedOnly = args['served-only'];
const baselineOnly = args['baseline-only'];
const oneSide = servedOnly || baselineOnly;
const trivial = oneSide ? [] : [await trivialFigures('first')];
for (const prepared of chosen) {
  const { prepare, cleanup, ...call } = prepared;
  if (prepare) call.body = await prepare(query, seeded.org.organizationId);
  const servedTarget = {
    url: `${ready.appUrl}${call.path}`,
    body: call.body,
    headers: { cookie: ready.cookie, 'x-csrf-token': ready.csrf },
  };
  const bareTarget = { url: `${ready.baselineUrl}${call.baseline}`, body: call.body };
  if (oneSide) {
    const one = await measure(servedOnly ? servedTarget : bareTarget, { seconds, connections });
    await cleanup?.(query, seeded.org.organizationId);
    log(`${call.name.padEnd(28)} ${one.rps.toFixed(0).padStart(6)} req/s  p95 ${one.p95.toFixed(1)} ms`);
    continue;
  }
  const { served, bare } = await measurePair(servedTarget, bareTarget, { seconds, connections });
  await cleanup?.(query, seeded.org.organizationId);
  // A call that only reads (every one but creation): its answer kept whole in a row, read back by its key.
  const kept = cleanup ? undefined : await measureKeptAnswer(call.name, bareTarget);
  const row: Measured = { ...call, served, bare, ...(kept ? { kept } : {}) };
  results.push(row);
  const s = served;
  log(
    `${call.name.padEnd(28)} ${s.rps.toFixed(0).padStart(6)} req/s  p50 ${s.p50.toFixed(1)}  p95 ${s.p95.toFixed(1)}  p99 ${s.p99.toFixed(1)} ms` +
      `  | baseline ${bare.rps.toFixed(0)} req/s p95 ${bare.p95.toFixed(1)}  ratio ${(s.rps / bare.rps).toFixed(2)}` +
      `  baseline/trivial ${(bare.rps / trivial[0]!.rps).toFixed(2)}` +
      (kept ? `  kept answer/trivial ${(kept.rps / trivial[0]!.rps).toFixed(2)}` : '') +
      (s.errors || bare.errors ? `  errors ${s.errors}/${bare.errors} (${s.firstError ?? bare.firstError ?? ''})` : ''),
  );
}
if (results.length) trivial.push(await trivialFigures('last'));
child.disconnect();
await benchDb.end();
if (oneSide) process.exit(0);

if (args.save) writeFileSync(`${DATA_DIR}/${args.save}.json`, JSON.stringify(results, null, 2));
const before =
  args.compare && existsSync(`${DATA_DIR}/${args.compare}.json`)
    ? (JSON.parse(readFileSync(`${DATA_DIR}/${args.compare}.json`, 'utf8')) as Measured[])
    : undefined;
const report = await writeReport(new URL('./results.md', import.meta.url), {
  results,
  trivial,
  before,
  seconds,
  connections,
  databaseUrl: seeded.url,
  seededNow: seeded.seededNow,
});
console.log(`\n${report}`);
