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
}
export type BenchQuery = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

const SIZE = 20;
/** "Deep": 80% of the way through the list, the page a user paging from the end would reach. */
const deepPage = (rows: number) => Math.floor((rows / SIZE) * 0.8);

function list(name: string, path: string, baseline: string, rows: number): Call[] {
  return [
    { name: `${name} p.1`, path, baseline, body: { page: 1, size: SIZE }, targetP95: 25 },
    {
      name: `${name} p.${deepPage(rows)}`,
      path,
      baseline,
      body: { page: deepPage(rows), size: SIZE },
      targetP95: 25,
    },
  ];
}

/**
 * Keyset paging to the same depth as the deep page: the cursor is the last row of the page before it (found once,
 * in the list's order), so the answer holds exactly the deep page's rows.
 */
const activitiesCursor: Call = {
  name: 'asset activities cursor 80%',
  path: '/api/v1/asset-activities/organizations',
  baseline: '/activities',
  body: {},
  targetP95: 25,
  prepare: async (query, organizationId) => {
    const [row] = await query(
      'select id from asset_activities where organization_id = $1 order by created_at desc, id desc offset $2 limit 1',
      [organizationId, (deepPage(VOLUME.activities) - 1) * SIZE - 1],
    );
    return { after: row?.id, size: SIZE };
  },
};

export const CALLS: Call[] = [
  ...list('asset activities', '/api/v1/asset-activities/organizations', '/activities', VOLUME.activities),
  activitiesCursor,
  ...list('requests', '/api/v1/organizations/requests', '/requests', VOLUME.requests),
  ...list('wallets', '/api/v1/organizations/wallets', '/wallets', VOLUME.wallets),
  { name: 'balance totals', path: '/api/v1/balances/organizations', baseline: '/balances', body: {}, targetP95: 50 },
];
