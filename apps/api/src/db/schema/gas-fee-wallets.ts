import { sql } from 'drizzle-orm';
import { check, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { requests } from './custody.js';
import { organizations } from './organizations.js';

/** Base units up to 2^256, read and written as a decimal string (as in assets.ts). */
const units = (name: string) => numeric(name, { precision: 78, scale: 0, mode: 'string' });

/**
 * The custody provider's wallet that pays network costs for one organization on one network (a "gas station"):
 * derived from the organization's seed at a reserved account index, so it is a real address of the organization's
 * keys, yet it is not a row of `wallets`: no member lists, sees or withdraws from it.
 */
export const gasFeeWallets = pgTable(
  'gas_fee_wallets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    blockchain: text('blockchain').notNull(),
    address: text('address').notNull(),
    publicKey: text('public_key').notNull(),
    derivationPath: text('derivation_path').notNull(),
    /** Native coin, base units; moved only together with the gas_fee_entries row that explains it. */
    balance: units('balance').notNull().default('0'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One per organization and network, however many transactions try to make it first.
    uniqueIndex('gas_fee_wallets_org_chain_key').on(t.organizationId, t.blockchain),
    uniqueIndex('gas_fee_wallets_address_key').on(t.blockchain, t.address),
    check('gas_fee_wallets_balance_non_negative', sql`${t.balance} >= 0`),
  ],
);

/** Every movement of a gas-fee wallet's balance: what paid it in, and what it paid for. */
export const gasFeeEntries = pgTable(
  'gas_fee_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gasFeeWalletId: uuid('gas_fee_wallet_id')
      .notNull()
      .references(() => gasFeeWallets.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ['DEVNET_GRANT', 'WALLET_CREATION'] }).notNull(),
    /** Positive base units; the kind says the direction (a grant credits, a creation debits). */
    amount: units('amount').notNull(),
    /** The wallet-creation request that was charged. */
    requestId: uuid('request_id').references(() => requests.id),
    /** The devnet faucet's transaction of a grant. */
    txHash: text('tx_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A request is charged once: a retried job's second charge finds this row and debits nothing.
    uniqueIndex('gas_fee_entries_request_key').on(t.requestId).where(sql`${t.requestId} is not null`),
    check('gas_fee_entries_amount_positive', sql`${t.amount} > 0`),
  ],
);
