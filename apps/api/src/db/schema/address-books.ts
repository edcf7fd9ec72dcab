import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { organizations } from './organizations.js';

/**
 * The VASP directory: exchanges and other providers travel-rule inquiries can go to (the local counterparty VASP
 * outside production; real ones added by operators). `endpoint` is the base URL of its travel-rule API.
 * `key_id` and `secret_enc` are the shared key the two VASPs exchanged when they registered each other: it signs
 * our inquiries to them and verifies theirs to us (sealed under MASTER_KEY). A VASP without one can be neither
 * asked nor answered.
 */
export const vasps = pgTable(
  'vasps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    endpoint: text('endpoint').notNull(),
    keyId: text('key_id'),
    secretEnc: text('secret_enc'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vasps_name_key').on(sql`lower(${t.name})`),
    uniqueIndex('vasps_key_id_key').on(t.keyId),
    check('vasps_key_pair', sql`(${t.keyId} is null) = (${t.secretEnc} is null)`),
  ],
);

export const ADDRESS_BOOK_ENTRY_STATES = ['VERIFYING', 'REGISTERED', 'FAILED', 'DELETED'] as const;

/**
 * One destination of an organization. The receiver's personal data is sealed at rest (`receiver_enc`, AES-GCM under
 * MASTER_KEY); `receiver_masked` holds the masked values lists show, so a list never unseals anything.
 * Deleted entries stay (soft delete): a withdrawal that used one keeps its destination record.
 */
export const addressBookEntries = pgTable(
  'address_book_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    blockchain: text('blockchain').notNull(),
    tokenId: text('token_id').notNull(),
    /** As entered (EVM: EIP-55 checksummed). */
    address: text('address').notNull(),
    /** The address in its network's canonical form (EVM lower-case), what uniqueness and sanctions compare. */
    addressKey: text('address_key').notNull(),
    memo: text('memo'),
    walletType: text('wallet_type', { enum: ['PERSONAL', 'VASP'] }).notNull(),
    vaspId: uuid('vasp_id').references(() => vasps.id),
    receiverType: text('receiver_type', { enum: ['INDIVIDUAL', 'CORPORATION'] }).notNull(),
    receiverEnc: text('receiver_enc').notNull(),
    receiverMasked: jsonb('receiver_masked').notNull(),
    state: text('state', { enum: ADDRESS_BOOK_ENTRY_STATES }).notNull(),
    createdBy: uuid('created_by').references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: uuid('deleted_by').references(() => accounts.id),
  },
  (t) => [
    // Name and (token, address) are unique among the live entries; a deleted one frees both.
    uniqueIndex('address_book_entries_name_key')
      .on(t.organizationId, sql`lower(${t.name})`)
      .where(sql`${t.state} <> 'DELETED'`),
    uniqueIndex('address_book_entries_token_address_key')
      .on(t.organizationId, t.tokenId, t.addressKey)
      .where(sql`${t.state} <> 'DELETED'`),
    // The list's default order (newest first, then id), NULLS FIRST as `order by … desc` means: pages and cursors
    // are read off the index, not sorted.
    index('address_book_entries_org_created_idx').on(t.organizationId, t.createdAt.desc().nullsFirst(), t.id),
    check('address_book_entries_vasp', sql`(${t.walletType} = 'VASP') = (${t.vaspId} is not null)`),
  ],
);

export const TRAVEL_RULE_INQUIRY_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'ERROR'] as const;

/**
 * One travel-rule inquiry (the spec's "VASP request"): OUTGOING when we ask a beneficiary VASP about an address-book
 * entry, INCOMING when another VASP asks us about one of our wallets. The IVMS101 payloads of both sides are kept.
 * A PENDING outgoing inquiry is retried by the engine with backoff (`next_attempt_at`) until it is answered or its
 * time runs out (ERROR, the entry FAILED with 5108).
 */
export const travelRuleInquiries = pgTable(
  'travel_rule_inquiries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    direction: text('direction', { enum: ['OUTGOING', 'INCOMING'] }).notNull(),
    addressBookId: uuid('address_book_id').references(() => addressBookEntries.id),
    vaspId: uuid('vasp_id').references(() => vasps.id),
    /** The other VASP's name as it presented itself (incoming) or as the directory names it (outgoing). */
    counterparty: text('counterparty').notNull(),
    blockchain: text('blockchain').notNull(),
    address: text('address').notNull(),
    status: text('status', { enum: TRAVEL_RULE_INQUIRY_STATUSES }).notNull(),
    /** 5100-5108 when rejected or given up. */
    code: text('code'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    requestPayload: jsonb('request_payload').notNull(),
    responsePayload: jsonb('response_payload'),
    requestedBy: uuid('requested_by').references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** An approval's validity: after it the entry must be verified again before a withdrawal uses it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('travel_rule_inquiries_org_created_idx').on(t.organizationId, t.createdAt.desc(), t.id),
    index('travel_rule_inquiries_entry_idx').on(t.addressBookId, t.createdAt.desc()),
    // The engine's work: pending outgoing inquiries by when they are due.
    index('travel_rule_inquiries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'PENDING'`),
  ],
);

/** Sanctioned addresses, one imported list at a time (an import replaces its list in one transaction). */
export const sanctionedAddresses = pgTable(
  'sanctioned_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    list: text('list').notNull(),
    /** The list's chain tag as given (`ETH`, `XBT`, a product blockchain…). */
    chain: text('chain').notNull(),
    address: text('address').notNull(),
    /** Canonical form for lookups: lower-case for hex (EVM) addresses, as given otherwise. */
    addressKey: text('address_key').notNull(),
    entity: text('entity').notNull(),
    listedAt: text('listed_at'),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sanctioned_addresses_key_idx').on(t.addressKey), index('sanctioned_addresses_list_idx').on(t.list)],
);
