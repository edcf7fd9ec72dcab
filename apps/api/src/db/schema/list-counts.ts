import { bigint, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

/**
 * How many rows each organization has in the long lists (requests, wallets, asset_activities), kept exact by
 * statement-level triggers (migration 0007_list_counts): an unfiltered list's `total` is one row read instead
 * of count(*) over up to millions of rows. Filtered lists still count.
 */
export const listCounts = pgTable(
  'list_counts',
  {
    organizationId: uuid('organization_id').notNull(),
    /**
     * The counted table's name; `requests:<type>` counts one request type (migration 0027), `wallets:<blockchain>`
     * the wallets on one blockchain (migration 0039).
     */
    list: text('list')
      .$type<
        | 'requests'
        | 'wallets'
        | 'asset_activities'
        | 'requests:WALLET_CREATION'
        | 'requests:WITHDRAWAL'
        | 'requests:STAKING'
        | `wallets:${string}`
      >()
      .notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.list] })],
);
