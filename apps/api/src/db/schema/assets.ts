import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { wallets } from './custody.js';
import { organizations } from './organizations.js';

/** Base units up to 2^256: every amount column is an exact integer, read and written as a decimal string. */
const units = (name: string) => numeric(name, { precision: 78, scale: 0, mode: 'string' });

/** Tokens an organization registered (native coins are always supported and are not rows here). */
export const organizationTokens = pgTable(
  'organization_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    /** The catalogue id of contracts' SUPPORTED_TOKENS (`ETHEREUM.USDT`). */
    tokenId: text('token_id').notNull(),
    blockchain: text('blockchain').notNull(),
    addedBy: uuid('added_by').references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('organization_tokens_once_key').on(t.organizationId, t.tokenId)],
);

/** One row per wallet and token it ever held; moved only together with the activity that moves it. */
export const walletBalances = pgTable(
  'wallet_balances',
  {
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id, { onDelete: 'cascade' }),
    tokenId: text('token_id').notNull(),
    organizationId: uuid('organization_id').notNull(),
    blockchain: text('blockchain').notNull(),
    total: units('total').notNull().default('0'),
    staked: units('staked').notNull().default('0'),
    /** Held by withdrawals in progress: not withdrawable, still in total. */
    locked: units('locked').notNull().default('0'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.walletId, t.tokenId] }),
    index('wallet_balances_org_token_idx').on(t.organizationId, t.tokenId),
    check('wallet_balances_non_negative', sql`${t.total} >= 0 and ${t.staked} >= 0 and ${t.locked} >= 0`),
  ],
);

export const assetActivities = pgTable(
  'asset_activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id, { onDelete: 'cascade' }),
    blockchain: text('blockchain').notNull(),
    tokenId: text('token_id').notNull(),
    activityType: text('activity_type', { enum: ['DEPOSIT', 'WITHDRAWAL', 'STAKE', 'CLAIM'] }).notNull(),
    transferType: text('transfer_type', {
      enum: ['TRANSFER', 'STORY_LOCKED_TOKEN_STAKE', 'STORY_LOCKED_TOKEN_CLAIM'],
    })
      .notNull()
      .default('TRANSFER'),
    status: text('status', { enum: ['PENDING', 'CONFIRMED', 'FAILED'] }).notNull(),
    amount: units('amount').notNull(),
    txHash: text('tx_hash').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    blockHeight: bigint('block_height', { mode: 'number' }),
    /** Hash of the block at blockHeight when the deposit was seen there: a different hash later means a reorganization. */
    blockHash: text('block_hash'),
    /**
     * Which part of the transaction paid the wallet: -1 its own value (native coin), otherwise the position of the
     * token Transfer log among the transaction's ones (stable when a reorganization moves it to another block).
     * One transaction can pay a wallet several times (coin and token, two logs).
     */
    logIndex: integer('log_index').notNull().default(-1),
    confirmations: integer('confirmations').notNull().default(0),
    requiredConfirmations: integer('required_confirmations').notNull(),
    /** Set when the request (withdrawal, stake) that caused it is known. */
    requestId: uuid('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    // A payment is recorded once per wallet and kind, however often the chain is scanned.
    uniqueIndex('asset_activities_once_key').on(t.walletId, t.txHash, t.activityType, t.logIndex),
    // NULLS FIRST as `order by … desc` means it: with drizzle's default NULLS LAST the index cannot serve that order.
    index('asset_activities_org_created_id_idx').on(
      t.organizationId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('asset_activities_wallet_created_id_idx').on(
      t.walletId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('asset_activities_updated_idx').on(t.updatedAt),
    index('asset_activities_pending_idx').on(t.blockchain).where(sql`${t.status} = 'PENDING'`),
    check('asset_activities_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** CSV exports of asset activities, generated by the engine into files; at most one running per member. */
export const activityExports = pgTable(
  'activity_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => accounts.id),
    dateFrom: date('date_from', { mode: 'string' }).notNull(),
    dateTo: date('date_to', { mode: 'string' }).notNull(),
    timezone: text('timezone').notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['RUNNING', 'READY', 'FAILED'] }).notNull(),
    rowCount: integer('row_count'),
    /** The CSV text of exports made before files (0024); new exports leave it null and write a file instead. */
    content: text('content'),
    /** The finished file, relative to the data directory (`exports/<id>.csv`), so moving DATA_DIR keeps it. */
    filePath: text('file_path'),
    fileSize: bigint('file_size', { mode: 'number' }),
    /** Hex sha256 of the file's bytes, computed while it was written. */
    fileSha256: text('file_sha256'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('activity_exports_one_running_key')
      .on(t.organizationId, t.requestedBy)
      .where(sql`${t.status} = 'RUNNING'`),
    index('activity_exports_requester_idx').on(t.requestedBy, t.createdAt),
  ],
);

// ── The local devnet: a ledger per blockchain, kept in the database ───────────────────────────────
export const devnetChains = pgTable('devnet_chains', {
  blockchain: text('blockchain').primaryKey(),
  height: bigint('height', { mode: 'number' }).notNull().default(0),
  producedAt: timestamp('produced_at', { withTimezone: true }).notNull().defaultNow(),
});

export const devnetTransactions = pgTable(
  'devnet_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    blockchain: text('blockchain').notNull(),
    hash: text('hash').notNull(),
    tokenId: text('token_id').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    amount: units('amount').notNull(),
    /** Charged to the sender in the native coin; rows from before signed transactions paid none. */
    fee: units('fee').notNull().default('0'),
    /** EVM nonce of the sender; null on other families (and on rows from before signed transactions). */
    sequence: bigint('sequence', { mode: 'number' }),
    /** null while in the mempool; set when a block includes it. */
    blockHeight: bigint('block_height', { mode: 'number' }),
    willFail: boolean('will_fail').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('devnet_transactions_hash_key').on(t.blockchain, t.hash),
    // One transaction per nonce and sender, whatever the application checks: the database refuses a replay too.
    uniqueIndex('devnet_transactions_sequence_key')
      .on(t.blockchain, t.fromAddress, t.sequence)
      .where(sql`${t.sequence} is not null`),
    index('devnet_transactions_from_idx').on(t.blockchain, t.fromAddress),
    index('devnet_transactions_block_idx').on(t.blockchain, t.blockHeight),
    index('devnet_transactions_to_idx').on(t.blockchain, t.toAddress),
  ],
);

/** bitcoin-type outputs of the devnet: made by accepted transactions (or genesis, for the faucet), spent once. */
export const devnetOutputs = pgTable(
  'devnet_outputs',
  {
    blockchain: text('blockchain').notNull(),
    txid: text('txid').notNull(),
    vout: integer('vout').notNull(),
    address: text('address').notNull(),
    value: units('value').notNull(),
    /** Height of the block holding the transaction that made it (0: genesis); null while that one is pooled. */
    createdHeight: bigint('created_height', { mode: 'number' }),
    /** Hash of the transaction spending it, pooled or mined; null while unspent. */
    spentBy: text('spent_by'),
  },
  (t) => [
    primaryKey({ columns: [t.blockchain, t.txid, t.vout] }),
    index('devnet_outputs_address_idx').on(t.blockchain, t.address),
  ],
);

/** EOS-type accounts of the devnet and their keys: registered when a wallet is made, as on a real chain. */
export const devnetAccounts = pgTable(
  'devnet_accounts',
  {
    blockchain: text('blockchain').notNull(),
    account: text('account').notNull(),
    /** Legacy `EOS…` text of the account's active key. */
    publicKey: text('public_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockchain, t.account] })],
);

/** How far the engine's watcher has read each chain. */
export const chainCursors = pgTable('chain_cursors', {
  blockchain: text('blockchain').primaryKey(),
  scannedHeight: bigint('scanned_height', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
