import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { operatorWorkflows } from './operator.js';
import { organizations } from './organizations.js';

/** Each organization's root of keys: a BIP-39 mnemonic sealed with AES-256-GCM; it never leaves the engine. */
export const organizationSeeds = pgTable('organization_seeds', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'restrict' }),
  mnemonicEnc: text('mnemonic_enc').notNull(),
  /** The next BIP-44 account index: one per wallet, never reused. */
  nextAccountIndex: integer('next_account_index').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const REQUEST_STATUSES = [
  'CREATED',
  'APPROVED',
  'REJECTED',
  'CANCELED',
  'EXECUTING',
  'COMPLETE',
  'FAILED',
] as const;

/** Every request of every type goes through one approval line snapshot (`steps`). */
export const requests = pgTable(
  'requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    walletId: uuid('wallet_id'),
    type: text('type', { enum: ['WALLET_CREATION', 'WITHDRAWAL', 'STAKING'] }).notNull(),
    itemType: text('item_type', {
      enum: ['WALLET_CREATION', 'WITHDRAWAL', 'STAKING_STAKE', 'STAKING_UNSTAKE', 'STAKING_CLAIM'],
    }).notNull(),
    /** The type's content (contracts request-content.ts), with its `kind`; validated on every read. */
    payload: jsonb('payload').$type<{ kind: string }>().notNull(),
    status: text('status', { enum: REQUEST_STATUSES }).notNull(),
    progress: text('progress', { enum: ['REQUEST', 'SIGNING', 'PROCESSING', 'COMPLETE'] })
      .notNull()
      .default('REQUEST'),
    initiatorId: uuid('initiator_id')
      .notNull()
      .references(() => accounts.id),
    steps: jsonb('steps').$type<{ requiredApprovals: number; eligible: string[]; status: string }[]>().notNull(),
    failureReason: text('failure_reason'),
    /**
     * What at most one open request of the organization may hold at a time (a wallet name being created); the
     * database refuses a second one, whatever races. Released when the request ends.
     */
    exclusiveKey: text('exclusive_key'),
    /** A canceled request: before execution started, or during it (a type may allow that). */
    cancelStage: text('cancel_stage', { enum: ['BEFORE_EXECUTING', 'AFTER_EXECUTING'] }),
    result: jsonb('result').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list's default order (newest first, then id): pages are read off the index, not sorted.
    index('requests_org_created_id_idx').on(t.organizationId, t.createdAt.desc().nullsFirst(), t.id),
    // A list filtered to one type (the withdrawals screen) pages and counts off this index instead of scanning.
    index('requests_org_type_created_id_idx').on(t.organizationId, t.type, t.createdAt.desc().nullsFirst(), t.id),
    // A wallet's requests newest first: a member's list reads each of their wallets' off it (request-scope.ts).
    index('requests_wallet_created_id_idx').on(t.walletId, t.createdAt.desc().nullsFirst(), t.id),
    // "My requests" pages off the initiator's own requests instead of walking the organization's (migration 0046).
    index('requests_org_initiator_created_id_idx').on(
      t.organizationId,
      t.initiatorId,
      t.createdAt.desc().nullsFirst(),
      t.id,
    ),
    // The live stream reads what changed since its last poll (events.repository).
    index('requests_updated_idx').on(t.updatedAt),
    uniqueIndex('requests_open_exclusive_key')
      .on(t.organizationId, t.exclusiveKey)
      .where(sql`${t.exclusiveKey} is not null and ${t.status} in ('CREATED', 'APPROVED', 'EXECUTING')`),
    check(
      'requests_status_known',
      sql`${t.status} in ('CREATED', 'APPROVED', 'REJECTED', 'CANCELED', 'EXECUTING', 'COMPLETE', 'FAILED')`,
    ),
  ],
);

export const requestDecisions = pgTable(
  'request_decisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    step: integer('step').notNull(),
    decision: text('decision', { enum: ['APPROVED', 'REJECTED'] }).notNull(),
    memo: text('memo'),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Each person decides at most once per request, whatever happens concurrently.
  (t) => [uniqueIndex('request_decisions_once_key').on(t.requestId, t.accountId)],
);

export const wallets = pgTable(
  'wallets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    blockchain: text('blockchain').notNull(),
    family: text('family', { enum: ['btc', 'evm', 'eosio', 'sol'] }).notNull(),
    address: text('address').notNull(),
    publicKey: text('public_key').notNull(),
    derivationPath: text('derivation_path').notNull(),
    /** HOT: under the organization's seed (the account index), COLD: under the seed of the air-gapped signer. */
    accountIndex: integer('account_index').notNull(),
    /**
     * HOT: the engine's signer signs with a key derived from the organization's sealed seed. COLD: the key lives only
     * on an air-gapped signer; Vaultline holds the public key and its origin, and a person brings the signature back.
     */
    custody: text('custody', { enum: ['HOT', 'COLD'] })
      .notNull()
      .default('HOT'),
    /**
     * COLD only: signing operators each of its transactions needs, 1 or 2. With 2, one confirms the transaction and
     * another hands in the signature (four eyes on what the air-gapped signer is asked to sign).
     */
    coldSignersRequired: integer('cold_signers_required').notNull().default(1),
    /** COLD only: the cold seed's master key fingerprint (8 hex characters), which sign requests name. */
    coldMasterFingerprint: text('cold_master_fingerprint'),
    /** The member's wallet-creation request (HOT), or none for a cold wallet the provider imported (COLD). */
    creationRequestId: uuid('creation_request_id').references(() => requests.id),
    /** COLD: the operator workflow (maker-checker) that imported its public key. */
    importWorkflowId: uuid('import_workflow_id').references(() => operatorWorkflows.id),
    /**
     * COLD Solana wallets: the durable-nonce account (authority: the wallet's key) its transfers are built on, so a
     * signature that takes longer than a blockhash's minute still lands; set once the engine saw it on the chain.
     */
    solNonceAccount: text('sol_nonce_account'),
    /**
     * How many members the wallet has: kept by migration 0038's triggers on wallet_members in the same statement as
     * every insert, delete or move of a membership, so a page of wallets reads it instead of counting (issue 17).
     */
    memberCount: integer('member_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The wallet as a page of the list answers it, JSON text without the caller's role and the closing brace:
     * written by migration 0045's trigger on every insert and update of the row (a write of its own is replaced),
     * so a page joins 20 texts instead of building 20 objects (issue 17: the build was most of the page's SQL).
     */
    listItem: text('list_item').notNull().default(''),
  },
  (t) => [
    uniqueIndex('wallets_name_key').on(t.organizationId, sql`lower(${t.name})`),
    // The engine may run a job twice after a crash; the request makes the wallet exactly once.
    uniqueIndex('wallets_creation_request_key').on(t.creationRequestId),
    uniqueIndex('wallets_import_workflow_key').on(t.importWorkflowId),
    uniqueIndex('wallets_address_key').on(t.blockchain, t.address),
    // Account indexes count the organization's own seed; a cold wallet's index is its signer's.
    uniqueIndex('wallets_account_index_key').on(t.organizationId, t.accountIndex).where(sql`${t.custody} = 'HOT'`),
    check('wallets_cold_signers', sql`${t.coldSignersRequired} in (1, 2)`),
    check(
      'wallets_custody_origin',
      // A cold wallet comes from the provider's import workflow, or from a wallet creation request its key was imported
      // for (the organization's cold policy); either way with the signer's master fingerprint.
      sql`(${t.custody} = 'HOT' and ${t.creationRequestId} is not null and ${t.coldMasterFingerprint} is null) or (${t.custody} = 'COLD' and (${t.importWorkflowId} is not null or ${t.creationRequestId} is not null) and ${t.coldMasterFingerprint} is not null)`,
    ),
    // The list's default order (newest first, then id): pages are read off the index, not sorted.
    index('wallets_org_created_id_idx').on(t.organizationId, t.createdAt.desc().nullsFirst(), t.id),
    // The organization's blockchains (balance totals show each one's native coin) by skipping through the index.
    index('wallets_org_chain_idx').on(t.organizationId, t.blockchain),
  ],
);

export const walletMembers = pgTable(
  'wallet_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['MANAGER', 'MEMBER'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallet_members_once_key').on(t.walletId, t.accountId),
    index('wallet_members_account_idx').on(t.accountId),
    // A wallet page writes the role into its JSON as it is (migration 0045): only these values, nothing to escape.
    check('wallet_members_role', sql`${t.role} in ('MANAGER', 'MEMBER')`),
  ],
);

/** Approval lines: one per wallet, and the organization's own for wallet creation. */
export const approvalTemplates = pgTable(
  'approval_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    scope: text('scope', { enum: ['WALLET', 'WALLET_CREATION'] }).notNull(),
    walletId: uuid('wallet_id').references(() => wallets.id, { onDelete: 'cascade' }),
    template: jsonb('template').$type<Record<string, unknown>>().notNull(),
    updatedBy: uuid('updated_by').references(() => accounts.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('approval_templates_wallet_key').on(t.walletId).where(sql`${t.walletId} is not null`),
    uniqueIndex('approval_templates_creation_key').on(t.organizationId).where(sql`${t.scope} = 'WALLET_CREATION'`),
    check('approval_templates_scope', sql`(${t.scope} = 'WALLET') = (${t.walletId} is not null)`),
  ],
);
