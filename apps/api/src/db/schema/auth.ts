import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';

/** Server-side sessions: the cookie's token names one; revoking it ends the session at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The token currently valid for this session; an older token of the same session is refused. */
    tokenId: uuid('token_id').notNull(),
    csrfHash: text('csrf_hash').notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason', { enum: ['LOGOUT', 'REPLACED', 'PASSWORD_CHANGED'] }),
  },
  (t) => [index('sessions_account_idx').on(t.accountId)],
);

/** IP addresses an account signed in from, verified by an emailed link before they are trusted. */
export const loginIps = pgTable(
  'login_ips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    codeHash: text('code_hash').notNull(),
    status: text('status', { enum: ['PENDING', 'VERIFIED'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
  },
  (t) => [
    index('login_ips_account_ip_idx').on(t.accountId, t.ip),
    check('login_ips_status_known', sql`${t.status} in ('PENDING', 'VERIFIED')`),
  ],
);

export const passwordHistory = pgTable(
  'password_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    passphraseHash: text('passphrase_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_history_account_idx').on(t.accountId, t.createdAt)],
);

/**
 * Single-use secrets handed to a person: emailed reset links, the expired-password ticket and the
 * OTP-registration ticket. Only their SHA-256 is stored.
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['RESET', 'EXPIRED', 'OTP_REGISTRATION'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('auth_tokens_account_idx').on(t.accountId),
    check('auth_tokens_purpose_known', sql`${t.purpose} in ('RESET', 'EXPIRED', 'OTP_REGISTRATION')`),
  ],
);
