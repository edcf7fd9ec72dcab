// The calls the benchmark measures, each with the baseline route that runs the same queries.
import { VOLUME } from './seed.js';

export interface Call {
  name: string;
  path: string;
  baseline: string;
  body: Record<string, unknown>;
  /** The p95 target in milliseconds. */
  targetP95: number;
}

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

export const CALLS: Call[] = [
  ...list('asset activities', '/api/v1/asset-activities/organizations', '/activities', VOLUME.activities),
  ...list('requests', '/api/v1/organizations/requests', '/requests', VOLUME.requests),
  ...list('wallets', '/api/v1/organizations/wallets', '/wallets', VOLUME.wallets),
  { name: 'balance totals', path: '/api/v1/balances/organizations', baseline: '/balances', body: {}, targetP95: 50 },
];
