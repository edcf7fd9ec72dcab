import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';

/**
 * Everyone who signs in: organization members (kind MEMBER, with their organization) and provider
 * operators (kind OPERATOR, with none). Both use the same sign-in screens and credentials.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['MEMBER', 'OPERATOR'] }).notNull(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'restrict' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    userName: text('user_name').notNull().default(''),
    language: text('language', { enum: ['EN', 'KO'] })
      .notNull()
      .default('KO'),
    status: text('status', { enum: ['ACTIVE', 'DELETED', 'INVITED', 'CANCELED'] }).notNull(),
    operatorRole: text('operator_role'),
    /** argon2id; null until the account sets its first password. */
    passphraseHash: text('passphrase_hash'),
    passphraseChangedAt: timestamp('passphrase_changed_at', { withTimezone: true }),
    failedLoginAttempts: integer('failed_login_attempts').notNull().default(0),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    /** TOTP secret, AES-256-GCM under the master key. */
    otpSecretEnc: text('otp_secret_enc'),
    otpPendingSecretEnc: text('otp_pending_secret_enc'),
    otpRegisteredAt: timestamp('otp_registered_at', { withTimezone: true }),
    /** The last accepted TOTP time step: a code of this step or earlier is a replay. */
    otpLastStep: bigint('otp_last_step', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One live account per email; canceled and deleted rows keep their history.
    uniqueIndex('accounts_email_live_key').on(sql`lower(${t.email})`).where(sql`${t.status} in ('ACTIVE', 'INVITED')`),
    index('accounts_organization_idx').on(t.organizationId),
    // The member list's order (oldest first, then id): pages and cursors are read off the index, not sorted.
    index('accounts_org_created_id_idx').on(t.organizationId, t.createdAt, t.id),
    check('accounts_member_has_organization', sql`(${t.kind} = 'MEMBER') = (${t.organizationId} is not null)`),
    check('accounts_status_known', sql`${t.status} in ('ACTIVE', 'DELETED', 'INVITED', 'CANCELED')`),
    check('accounts_language_known', sql`${t.language} in ('EN', 'KO')`),
  ],
);
