import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { requests } from './custody.js';
import { organizations } from './organizations.js';

/** Raw bytes. node-postgres reads a Buffer and PGlite a Uint8Array; both come back as a plain Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value),
  fromDriver: (value) => new Uint8Array(value),
});

export const CHAIN_TRANSACTION_STATUSES = [
  'BUILT',
  'SIGNED',
  'BROADCAST',
  'CONFIRMED',
  'FAILED',
  'DROPPED',
  'REPLACED',
] as const;
export type ChainTransactionStatus = (typeof CHAIN_TRANSACTION_STATUSES)[number];

/**
 * One outgoing transaction of a chain. The signed bytes and their hash are stored with SIGNED, before anything is
 * broadcast, so an engine killed at any point sends the same bytes again and never signs a second transaction.
 */
export const chainTransactions = pgTable(
  'chain_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    requestId: uuid('request_id').references(() => requests.id),
    /** What the transaction does for its request (`transfer`, later `fee-top-up`…): one of each per request. */
    purpose: text('purpose').notNull(),
    blockchain: text('blockchain').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    tokenId: text('token_id').notNull(),
    amount: numeric('amount', { precision: 78, scale: 0 }).notNull(),
    /** EOS-type only: the transfer's memo (an exchange's deposit tag), kept so an expired one is rebuilt alike. */
    memo: text('memo'),
    /**
     * 1 for the first transaction of a request's purpose; a transaction that expired unseen (Solana blockhash,
     * EOS-type expiration) can never land, so it is DROPPED and the next attempt built. Only then is there another.
     */
    attempt: integer('attempt').notNull().default(1),
    /** EVM nonce; null for families without one. */
    sequence: integer('sequence'),
    /** bitcoin-type: the outpoints (`txid:vout`) it spends, locked for other transfers while it is open. */
    spends: text('spends').array(),
    /** Solana: the last block height at which its blockhash is valid. */
    validUntilHeight: numeric('valid_until_height', { precision: 20, scale: 0 }),
    /** EOS-type: its expiration; after it, unseen, it can never be included. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /**
     * EOS-type: the id of the chain it was built for (64 hex), which its signature commits to. Kept with the row so
     * a cold signer is shown exactly what the node that built it answered, whenever it signs.
     */
    chainId: text('chain_id'),
    status: text('status', { enum: CHAIN_TRANSACTION_STATUSES }).notNull(),
    /** The unsigned transaction in its family's own serialization. */
    payload: bytea('payload').notNull(),
    /** The signed bytes, set in the same write as SIGNED. */
    raw: bytea('raw'),
    hash: text('hash'),
    /**
     * When an engine first took the signed row to send it (set under the row's lock, before the node is called): from
     * then on the transaction may be on the network, so a cancellation must replace it rather than discard it.
     */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The most it may cost (EVM: gas limit × fee cap), in base units of the native coin. */
    fee: numeric('fee', { precision: 78, scale: 0 }).notNull(),
    /**
     * What the included transaction actually cost in the native coin, as the node reports it (EVM: gas used ×
     * effective price, below `fee`); null until included, and where the node does not say (then `fee` was paid).
     */
    feePaid: numeric('fee_paid', { precision: 78, scale: 0 }),
    blockHeight: numeric('block_height', { precision: 20, scale: 0 }),
    blockHash: text('block_hash'),
    confirmations: integer('confirmations').notNull().default(0),
    /** A catalogue error code (packages/contracts errors.ts) when FAILED. */
    failureCode: text('failure_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chain_transactions_request_purpose_key').on(t.requestId, t.purpose, t.attempt),
    // Two live transactions of one sender never share a nonce; a failed one (never accepted) gives its nonce back.
    uniqueIndex('chain_transactions_sender_sequence_key')
      .on(t.blockchain, t.fromAddress, t.sequence)
      .where(sql`${t.sequence} is not null and ${t.status} in ('BUILT', 'SIGNED', 'BROADCAST', 'CONFIRMED')`),
    // One live creation of a cold wallet's durable-nonce account, however many engines sweep at once
    // (engine/transactions/sol-nonce-accounts.ts); a failed or dropped one leaves room for the next.
    uniqueIndex('chain_transactions_nonce_account_key')
      .on(t.blockchain, t.toAddress)
      .where(sql`${t.purpose} = 'SOL_NONCE_ACCOUNT' and ${t.status} in ('BUILT', 'SIGNED', 'BROADCAST', 'CONFIRMED')`),
    index('chain_transactions_hash_idx').on(t.blockchain, t.hash),
    // The engine's sweep: every transaction not yet final.
    index('chain_transactions_open_idx').on(t.status).where(sql`${t.status} in ('BUILT', 'SIGNED', 'BROADCAST')`),
    check(
      'chain_transactions_status_known',
      sql`${t.status} in ('BUILT', 'SIGNED', 'BROADCAST', 'CONFIRMED', 'FAILED', 'DROPPED', 'REPLACED')`,
    ),
    // Only a row never signed lacks bytes: BUILT, FAILED at building, or DROPPED unsigned (a cold wallet's
    // transaction that expired waiting for its air-gapped signer; it never had a hash either).
    check(
      'chain_transactions_signed_has_raw',
      sql`${t.status} = 'BUILT' or ${t.status} = 'FAILED' or ${t.raw} is not null or (${t.status} = 'DROPPED' and ${t.hash} is null)`,
    ),
  ],
);

/**
 * One row per sending address, locked FOR UPDATE while a nonce is handed out, so transactions from one address are
 * numbered one at a time, in order, whatever process or connection builds them.
 */
export const chainSenders = pgTable(
  'chain_senders',
  {
    blockchain: text('blockchain').notNull(),
    address: text('address').notNull(),
    nextSequence: integer('next_sequence').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockchain, t.address] })],
);

/**
 * A signing operator's confirmation of a cold wallet's waiting transaction (the first pair of eyes where the wallet
 * requires two signing operators); one per operator and transaction.
 */
export const coldSigningReviews = pgTable(
  'cold_signing_reviews',
  {
    chainTransactionId: uuid('chain_transaction_id')
      .notNull()
      .references(() => chainTransactions.id, { onDelete: 'cascade' }),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => accounts.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chainTransactionId, t.operatorId] })],
);
