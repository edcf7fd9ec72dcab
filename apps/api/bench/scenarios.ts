// The calls the benchmark measures, each with the baseline route that runs the same queries.
import { VOLUME } from './seed.js';

export interface Call {
  name: string;
  path: string;
  baseline: string;
  body: Record<string, unknown>;
  /** The p95 target in milliseconds. */
  targetP95: number;
  /** Fills the body from the seeded database once, before measuring (a cursor is a row id). */
  prepare?: (query: BenchQuery, organizationId: string) => Promise<Record<string, unknown>>;
  /** Undoes what measuring wrote (created rows), so every call of the next run sees the seeded volume. */
  cleanup?: (query: BenchQuery, organizationId: string) => Promise<void>;
}
export type BenchQuery = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

const SIZE = 20;
/** "Deep": 80% of the way through the list, the page a user paging from the end would reach. */
const deepPage = (rows: number) => Math.floor((rows / SIZE) * 0.8);

function list(name: string, path: string, baseline: string, rows: number, filters?: Record<string, unknown>): Call[] {
  const filtered = filters ? { filters } : {};
  return [
    { name: `${name} p.1`, path, baseline, body: { page: 1, size: SIZE, ...filtered }, targetP95: 25 },
    {
      name: `${name} p.${deepPage(rows)}`,
      path,
      baseline,
      body: { page: deepPage(rows), size: SIZE, ...filtered },
      targetP95: 25,
    },
  ];
}

/**
 * Keyset paging to the same depth as the deep page: the cursor is the last row of the page before it (found once,
 * in the list's order), so the answer holds exactly the deep page's rows.
 */
function cursorAt80(
  name: string,
  path: string,
  baseline: string,
  list: { table: string; rows: number; order: string },
) {
  return {
    name: `${name} cursor 80%`,
    path,
    baseline,
    body: {},
    targetP95: 25,
    prepare: async (query, organizationId) => {
      const [row] = await query(
        `select id from ${list.table} where organization_id = $1 order by ${list.order} offset $2 limit 1`,
        [organizationId, (deepPage(list.rows) - 1) * SIZE - 1],
      );
      return { after: row?.id, size: SIZE };
    },
  } satisfies Call;
}
/** The lists' default orders, as their repositories read them. */
const NEWEST_FIRST = 'created_at desc, id';

/** The seeded withdrawals: every request that is not a wallet's creation. */
const WITHDRAWALS = VOLUME.requests - VOLUME.wallets;
/** The address-book entry the create scenario sends to; its requests are the ones cleanup removes. */
const BENCH_ENTRY = 'Bench withdrawals';

/**
 * The create scenario's requests, their hand-off records and their held amount; then the engine queue's jobs (pg-boss's
 * own table: the seed enqueues nothing, so every withdrawal job there is the bench's).
 */
async function removeBenchWithdrawals(query: BenchQuery, organizationId: string) {
  await query(
    `with entry as (select id::text from address_book_entries where organization_id = $1 and name = $2),
     gone as (delete from requests where organization_id = $1 and payload->>'addressBookId' in (select id from entry)
       returning id, wallet_id),
     handoffs as (delete from engine_handoffs where key in (select 'withdrawal:' || id from gone))
     update wallet_balances set locked = 0
      where token_id = 'ETHEREUM.ETH' and wallet_id in (select wallet_id from gone)`,
    [organizationId, BENCH_ENTRY],
  );
  await query(`delete from pgboss.job where name = 'withdrawal'`, []);
}

/**
 * Withdrawal creation by the OWNER (no line: approved and handed to the engine queue at once; the bench server
 * runs no engine, so nothing is sent). One wallet, so every create also waits on that wallet's balance row, as
 * concurrent withdrawals from one wallet do. The entry is a plain row (its sealed receiver is never opened for a
 * self-managed entry); the wallet's ETH balance is set high enough for every hold of the run.
 */
const withdrawalCreate: Call = {
  name: 'withdrawal create',
  path: '/api/v1/organizations/withdrawals/evm/withdrawal-request/create',
  baseline: '/withdrawals/create',
  body: {},
  targetP95: 50,
  prepare: async (query, organizationId) => {
    const [wallet] = await query(
      `select id from wallets where organization_id = $1 and blockchain = 'ETHEREUM' order by created_at, id limit 1`,
      [organizationId],
    );
    // What an interrupted earlier run left behind.
    await removeBenchWithdrawals(query, organizationId);
    const address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    await query(
      `insert into address_book_entries (organization_id, name, blockchain, token_id, address, address_key,
         wallet_type, receiver_type, receiver_enc, receiver_masked, state)
       values ($1, $2, 'ETHEREUM', 'ETHEREUM.ETH', $3, lower($3), 'PERSONAL', 'INDIVIDUAL', 'bench', '{}', 'REGISTERED')
       on conflict do nothing`,
      [organizationId, BENCH_ENTRY, address],
    );
    const [entry] = await query(
      `select id from address_book_entries where organization_id = $1 and name = $2 and state = 'REGISTERED'`,
      [organizationId, BENCH_ENTRY],
    );
    await query(
      `insert into wallet_balances (wallet_id, token_id, organization_id, blockchain, total, staked, locked)
       values ($1, 'ETHEREUM.ETH', $2, 'ETHEREUM', 1e40, 0, 0)
       on conflict (wallet_id, token_id) do update set total = excluded.total, locked = 0`,
      [wallet?.id, organizationId],
    );
    return { walletId: wallet?.id, tokenId: 'ETHEREUM.ETH', addressBookId: entry?.id, amount: '0.000001' };
  },
  // Calls autocannon had in flight when it stopped still commit after it returns: wait them out first.
  cleanup: async (query, organizationId) => {
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await removeBenchWithdrawals(query, organizationId);
  },
};

export const CALLS: Call[] = [
  ...list('asset activities', '/api/v1/asset-activities/organizations', '/activities', VOLUME.activities),
  cursorAt80('asset activities', '/api/v1/asset-activities/organizations', '/activities', {
    table: 'asset_activities',
    rows: VOLUME.activities,
    order: 'created_at desc, id desc',
  }),
  ...list('requests', '/api/v1/organizations/requests', '/requests', VOLUME.requests),
  cursorAt80('requests', '/api/v1/organizations/requests', '/requests', {
    table: 'requests',
    rows: VOLUME.requests,
    order: NEWEST_FIRST,
  }),
  // "Pending my approval": its tab's first page and the count every screen's badge shows (the owner is awaited on
  // a ninth of the seeded withdrawals).
  {
    name: 'pending my approval p.1',
    path: '/api/v1/organizations/requests',
    baseline: '/requests',
    body: { page: 1, size: SIZE, filters: { tab: 'PENDING_MY_APPROVAL' } },
    targetP95: 25,
  },
  {
    name: 'actionable count',
    path: '/api/v1/organizations/requests/actionable-count',
    baseline: '/requests/actionable-count',
    body: {},
    targetP95: 25,
  },
  // Withdrawals as their list shows them: the requests list filtered to the type, which counts its rows.
  ...list('withdrawals', '/api/v1/organizations/requests', '/requests', WITHDRAWALS, { type: ['WITHDRAWAL'] }),
  ...list('wallets', '/api/v1/organizations/wallets', '/wallets', VOLUME.wallets),
  cursorAt80('wallets', '/api/v1/organizations/wallets', '/wallets', {
    table: 'wallets',
    rows: VOLUME.wallets,
    order: NEWEST_FIRST,
  }),
  { name: 'balance totals', path: '/api/v1/balances/organizations', baseline: '/balances', body: {}, targetP95: 50 },
  withdrawalCreate,
];
