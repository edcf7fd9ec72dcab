// `npx tsx bench/scoped-lists.ts` (after `npm run bench` has seeded its database): the requests list of members
// without WALLETS_VIEW, whose requests are gathered from indexes of their own or walked (request-page.repository.ts
// GATHERED_WALLETS), in the bench server's repository calls without HTTP: milliseconds a call (a page of 20 and
// its total), one call at a time. It adds to the bench database, once, three members of the seeded organization:
// of no wallet, of one and of 100 wallets; the owner stands for a member of every wallet.
import pg from 'pg';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { approvalsRepository, type RequestListQuery } from '../src/modules/approvals/approvals.repository.js';
import { requestViewValues } from '../src/modules/approvals/request-list-item.js';

const url = `${(process.env.BENCH_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432/postgres').replace(/\/[^/]*$/, '')}/${process.env.BENCH_DATABASE ?? 'vaultline_bench'}`;
const client = new pg.Client(url);
await client.connect();
const one = async (text: string, values: unknown[] = []) => (await client.query(text, values)).rows[0];
const org = (await one('select id from organizations limit 1')).id as string;
const owner = (
  await one(
    `select a.id from accounts a join member_permissions p on p.account_id = a.id
      where a.organization_id = $1 and p.permission = 'OWNER'`,
    [org],
  )
).id as string;

const MEMBERS = { 'no wallet': 0, 'one wallet': 1, '100 wallets': 100 } as const;
const ids: Record<string, string> = {};
for (const [name, wallets] of Object.entries(MEMBERS)) {
  const email = `scoped-${wallets}@bench.local`;
  const row = await one(
    `insert into accounts (kind, email, status, organization_id) values ('MEMBER', $1, 'ACTIVE', $2)
     on conflict do nothing returning id`,
    [email, org],
  );
  ids[name] = row?.id ?? (await one('select id from accounts where email = $1', [email])).id;
  await client.query(
    `insert into wallet_members (wallet_id, account_id, role)
     select id, $1, 'MEMBER' from wallets where organization_id = $2 order by id limit $3 on conflict do nothing`,
    [ids[name], org, wallets],
  );
}
ids['every wallet (the owner, scoped)'] = owner;

const config = loadConfig({ LOG_LEVEL: 'warn', ENGINE: 'off', SEED_DEMO: 'false', DATABASE_URL: url });
const database = await openDatabase({ url, preparedStatements: config.databasePreparedStatements });
const repo = approvalsRepository(database.db, org);
const view = requestViewValues(config);
const QUERIES: Record<string, RequestListQuery> = {
  'p.1': { page: 1, size: 20, sort: [] },
  'withdrawals p.1': { page: 1, size: 20, sort: [], filters: { type: ['WITHDRAWAL'] } },
};
for (const [name, id] of Object.entries(ids)) {
  for (const [query, q] of Object.entries(QUERIES)) {
    const runs = name.startsWith('every') ? 5 : 30;
    let total = 0;
    for (let i = 0; i < 3; i++) await repo.list(id, id, q, view); // plans, statements prepared
    const start = performance.now();
    for (let i = 0; i < runs; i++) total = (await repo.list(id, id, q, view)).total;
    const ms = (performance.now() - start) / runs;
    console.log(`member of ${name.padEnd(32)} ${query.padEnd(16)} ${ms.toFixed(2).padStart(8)} ms  (total ${total})`);
  }
}
await client.end();
await database.close();
