import { NOTIFICATION_KINDS } from '@vaultline/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';

/** The contracts' list: a kind the API may send is a kind the table may keep. */
const KINDS = NOTIFICATION_KINDS;

/**
 * What a member is told (issue 19), written in the transaction of the event that causes it. `emailStatus` is the
 * mail's outbox: PENDING rows are handed to the engine's mail queue (pg-boss, retried with backoff) by its sweep,
 * so an unreachable SMTP server never holds or fails the action itself. NONE: no mail wanted.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id'),
    kind: text('kind', { enum: KINDS }).notNull(),
    subjectType: text('subject_type', { enum: ['request', 'activity', 'login_ip'] }).notNull(),
    subjectId: text('subject_id').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** Shown in the app (the member's choice when it was made); a mail-only notification is never listed. */
    inApp: boolean('in_app').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    emailStatus: text('email_status', { enum: ['NONE', 'PENDING', 'QUEUED', 'SENT', 'FAILED'] }).notNull(),
    emailAttempts: integer('email_attempts').notNull().default(0),
    emailSentAt: timestamp('email_sent_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_account_created_idx').on(t.accountId, t.createdAt.desc().nullsFirst(), t.id.desc()),
    index('notifications_unread_idx').on(t.accountId).where(sql`${t.readAt} is null and ${t.inApp}`),
    index('notifications_email_pending_idx').on(t.createdAt).where(sql`${t.emailStatus} = 'PENDING'`),
    check('notifications_email_status_known', sql`${t.emailStatus} in ('NONE', 'PENDING', 'QUEUED', 'SENT', 'FAILED')`),
  ],
);

/** A member's choice per kind; a kind without a row has the defaults of NOTIFICATION_DEFAULTS (contracts). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: KINDS }).notNull(),
    inApp: boolean('in_app').notNull(),
    email: boolean('email').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.kind] })],
);
