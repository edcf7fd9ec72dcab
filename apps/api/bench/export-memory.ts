// `npm run bench:export`: seeds a year of asset activities, runs the CSV export job on them and prints its rows, file
// size, duration and memory (RSS before, peak RSS sampled every 50 ms while it runs). Issue 17: the export streams
// to a file, so its peak should not grow with the number of rows — compare `--rows 100000` with the default.
//
//   --rows N     activities to seed and export (default 1,000,000)
//   --batch N    rows per query (default the job's own)
// Env: TEST_DATABASE_URL set: PostgreSQL on that server, in a migrated database of the run's own that is dropped at
// the end (the tests' helper: `vaultline_test_<random>`); unset: in-memory PGlite.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { activitiesRepository } from '../src/modules/assets/activities.repository.js';
import { EXPORT_BATCH_SIZE, runActivityExport } from '../src/modules/assets/activity-export.service.js';
import { createTestDatabase } from '../src/test/database.js';
import { createMember, createOrganization, grant } from '../src/test/fixtures.js';

const { values: args } = parseArgs({
  options: { rows: { type: 'string', default: '1000000' }, batch: { type: 'string' } },
});
const rows = Number(args.rows);
const batchSize = args.batch ? Number(args.batch) : EXPORT_BATCH_SIZE;
const WALLETS = 50;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** One organization, its OWNER, a few wallets, and `rows` activities spread over 2025 (Seoul), set-based. */
async function seed(database: Database) {
  const { db } = database;
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  const organization = await createOrganization(db, 'Export Bench');
  const owner = await createMember(db, config, { organizationId: organization.id });
  await grant(db, owner.id, ['OWNER']);
  // A wallet needs the request that created it; both are made here with the shape the engine would give them.
  await db.execute(sql`
    with made as (select n, gen_random_uuid() as id from generate_series(1, ${WALLETS}::int) n),
    requested as (
      insert into requests (id, organization_id, type, item_type, payload, status, progress, initiator_id, steps)
      select id, ${organization.id}, 'WALLET_CREATION', 'WALLET_CREATION', '{"kind": "WALLET_CREATION"}'::jsonb,
        'COMPLETE', 'COMPLETE', ${owner.id}, '[]'::jsonb
      from made)
    insert into wallets (organization_id, name, blockchain, family, address, public_key, derivation_path,
      account_index, creation_request_id)
    select ${organization.id}, 'Wallet ' || n, 'ETHEREUM', 'evm', '0x' || substr(md5('w' || n), 1, 40),
      '02' || md5('k' || n) || md5('l' || n), 'm/44''/60''/' || n || '''/0/0', n, id
    from made`);
  await db.execute(sql`
    insert into asset_activities (organization_id, wallet_id, blockchain, token_id, activity_type, status, amount,
      tx_hash, from_address, to_address, block_height, confirmations, required_confirmations, created_at, updated_at)
    select ${organization.id}, w.id, 'ETHEREUM', (array['ETHEREUM.ETH', 'ETHEREUM.USDT'])[1 + j % 2],
      (array['DEPOSIT', 'DEPOSIT', 'DEPOSIT', 'WITHDRAWAL'])[1 + j % 4],
      case when j % 10 = 9 then 'PENDING' else 'CONFIRMED' end,
      (1 + j % 977) * 1000000, '0x' || md5('tx' || j) || md5('ty' || j), '0x' || substr(md5('from' || j), 1, 40),
      w.address, 1000000 + j, 12, 12, t, t
    from generate_series(0, ${rows}::int - 1) j
    join wallets w on w.organization_id = ${organization.id} and w.account_index = 1 + j % ${WALLETS}::int
    cross join lateral (select timestamptz '2024-12-31 15:00:00+00' + j * interval '365 days' / ${rows}::int as t) ts`);
  if (database.kind === 'postgres') await db.execute(sql`vacuum analyze asset_activities`);
  return { organizationId: organization.id, ownerId: owner.id };
}

/** Peak RSS and heap between start and stop, sampled every 50 ms (the job yields to the event loop per batch). */
function sampler() {
  let peakRss = process.memoryUsage().rss;
  let peakHeap = process.memoryUsage().heapUsed;
  const sample = () => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  };
  const timer = setInterval(sample, 50);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { peakRss, peakHeap };
    },
  };
}

const testDb = await createTestDatabase(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
const { database } = testDb;
const dataDir = mkdtempSync(join(tmpdir(), 'vaultline-bench-export-'));
try {
  console.log(`Seeding ${rows.toLocaleString('en')} activities (${database.kind})…`);
  const seedStarted = performance.now();
  const org = await seed(database);
  console.log(`  seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
  const repo = activitiesRepository(database.db, org.organizationId);
  const exported = await repo.insertExport({
    requestedBy: org.ownerId,
    dateFrom: '2025-01-01',
    dateTo: '2025-12-31',
    timezone: 'Asia/Seoul',
    filters: { visibleTo: null },
    status: 'RUNNING',
  });
  globalThis.gc?.();
  const before = process.memoryUsage();
  const memory = sampler();
  const started = performance.now();
  let shown = 0;
  await runActivityExport(database.db, exported.id, org.organizationId, () => new Date(), {
    dataDir,
    batchSize,
    onBatch: (rowsSoFar) => {
      if (rowsSoFar - shown < 100_000) return;
      shown = rowsSoFar;
      console.log(`  ${rowsSoFar.toLocaleString('en')} rows, RSS ${mb(process.memoryUsage().rss)} MB`);
    },
  });
  const seconds = (performance.now() - started) / 1000;
  const { peakRss, peakHeap } = memory.stop();
  const done = await repo.findExport(exported.id);
  if (done?.status !== 'READY') throw new Error(`the export ended ${done?.status}`);
  console.log(`Export of ${database.kind}, batches of ${batchSize}:`);
  console.log(`  rows          ${done.rowCount?.toLocaleString('en')}`);
  console.log(`  file          ${mb(done.fileSize ?? 0)} MB (sha256 ${done.fileSha256})`);
  console.log(`  duration      ${seconds.toFixed(1)} s (${Math.round((done.rowCount ?? 0) / seconds)} rows/s)`);
  console.log(`  RSS before    ${mb(before.rss)} MB (heap ${mb(before.heapUsed)} MB)`);
  console.log(`  peak RSS      ${mb(peakRss)} MB (+${mb(peakRss - before.rss)} MB; peak heap ${mb(peakHeap)} MB)`);
  console.log(`  process maxRSS ${mb(process.resourceUsage().maxRSS * 1024)} MB (whole run, seeding included)`);
} finally {
  await testDb.dispose();
  rmSync(dataDir, { recursive: true, force: true });
}
