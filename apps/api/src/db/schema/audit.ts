import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The audit log (issue 19): every change and decision, written in the transaction that makes it. Append-only (a
 * trigger of migration 0031 refuses UPDATE, DELETE and TRUNCATE) and chained: each entry's `hash` is SHA-256 over
 * its content and the previous entry's hash in its chain (modules/audit/audit-chain.ts), one chain per organization
 * and one for the provider's operators (`chain` = the organization's id, or 'provider'). No foreign keys: an entry
 * outlives the account or organization it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey(),
    chain: text('chain').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    organizationId: uuid('organization_id'),
    actorId: uuid('actor_id'),
    actorKind: text('actor_kind', { enum: ['MEMBER', 'OPERATOR', 'ANONYMOUS', 'SYSTEM'] }).notNull(),
    actorLabel: text('actor_label').notNull(),
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    uniqueIndex('audit_log_chain_seq_key').on(t.chain, t.seq),
    // The owners' screen: one organization, newest first, by person or action.
    index('audit_log_org_seq_idx').on(t.organizationId, t.seq),
    index('audit_log_org_actor_idx').on(t.organizationId, t.actorId, t.seq),
    // The operators' screen across organizations, newest first.
    index('audit_log_created_idx').on(t.createdAt, t.id),
  ],
);
