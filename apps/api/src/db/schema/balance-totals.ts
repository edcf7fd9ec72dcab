import { integer, numeric, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';

const units = (name: string) => numeric(name, { precision: 78, scale: 0, mode: 'string' });

/**
 * Per-organization, per-token sums of wallet_balances, kept by its row trigger (migration 0026) in the same
 * transaction as every write, so an organization's balance totals read at most 16 rows per token whatever the
 * number of wallets. A write adds to the token's lowest slot no other transaction holds, and opens its wallet's
 * own slot (picked by the wallet id) only when all are held (migration 0040): concurrent balance changes of one token
 * do not wait on each other while a slot is free, and a token written one transaction at a time keeps one slot.
 * A read sums the slots.
 */
export const organizationTokenBalances = pgTable(
  'organization_token_balances',
  {
    organizationId: uuid('organization_id').notNull(),
    blockchain: text('blockchain').notNull(),
    tokenId: text('token_id').notNull(),
    /** 0..15: the last byte of the id of the wallet whose write opened it. */
    slot: smallint('slot').notNull(),
    /** wallet_balances rows summed here: a token shows in the totals while it has any, even at zero. */
    rowCount: integer('row_count').notNull().default(0),
    /** Wallets whose total is above zero. */
    holders: integer('holders').notNull().default(0),
    total: units('total').notNull().default('0'),
    staked: units('staked').notNull().default('0'),
    /** The sum of each row's greatest(total - staked - locked, 0), not the difference of the sums. */
    withdrawable: units('withdrawable').notNull().default('0'),
  },
  (t) => [
    primaryKey({
      name: 'organization_token_balances_pk',
      columns: [t.organizationId, t.blockchain, t.tokenId, t.slot],
    }),
  ],
);
