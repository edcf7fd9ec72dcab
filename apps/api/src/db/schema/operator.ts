import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { organizations } from './organizations.js';

/** Operator maker-checker workflows: one operator proposes, another decides; every decision is kept. */
export const operatorWorkflows = pgTable(
  'operator_workflows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', {
      enum: [
        'ORGANIZATION_CREATION',
        'OWNER_INVITATION',
        'ORGANIZATION_UPDATE_DETAIL',
        'ORGANIZATION_UPDATE_CUSTODY_FEE',
        'ORGANIZATION_UPDATE_AML_STATUS',
        'COLD_WALLET_IMPORT',
        'ORGANIZATION_UPDATE_CUSTODY_POLICY',
      ],
    }).notNull(),
    status: text('status', { enum: ['IN_PROGRESS', 'APPROVED', 'REJECTED', 'CANCELED'] }).notNull(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'restrict' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: uuid('decided_by').references(() => accounts.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    memo: text('memo'),
  },
  (t) => [
    index('operator_workflows_status_idx').on(t.status, t.createdAt),
    index('operator_workflows_organization_idx').on(t.organizationId),
    check('operator_workflows_status_known', sql`${t.status} in ('IN_PROGRESS', 'APPROVED', 'REJECTED', 'CANCELED')`),
  ],
);

export const amlStatusHistory = pgTable(
  'aml_status_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ['NOT_CHECKED', 'CLEARED', 'UNDER_REVIEW', 'BLOCKED'] }).notNull(),
    reason: text('reason').notNull(),
    workflowId: uuid('workflow_id').references(() => operatorWorkflows.id),
    changedBy: uuid('changed_by').references(() => accounts.id),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('aml_status_history_org_idx').on(t.organizationId, t.changedAt)],
);
