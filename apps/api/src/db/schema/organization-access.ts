import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { organizations } from './organizations.js';

const PERMISSION_CHECK = (column: unknown) =>
  sql`${column} in ('OWNER', 'ORG_MEMBER_INVITATION', 'ORG_MEMBER_DELETION', 'GROUP_CREATION', 'GROUP_DELETION', 'GROUP_UPDATE', 'MANAGEMENT_PERMISSION_SETTINGS', 'WALLETS_CREATION', 'WALLETS_VIEW', 'ADDRESS_BOOK_CREATION', 'ADDRESS_BOOK_DELETION', 'ADDRESS_BOOK_UPDATE')`;

/** A member's own organization permissions (their groups' come on top). */
export const memberPermissions = pgTable(
  'member_permissions',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.permission] }),
    check('member_permissions_known', PERMISSION_CHECK(t.permission)),
  ],
);

export const memberGroups = pgTable(
  'member_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('member_groups_name_key').on(t.organizationId, sql`lower(${t.name})`)],
);

export const groupMembers = pgTable(
  'group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => memberGroups.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.accountId] }), index('group_members_account_idx').on(t.accountId)],
);

export const groupPermissions = pgTable(
  'group_permissions',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => memberGroups.id, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.permission] }),
    check('group_permissions_known', PERMISSION_CHECK(t.permission)),
  ],
);

/** Invitations to join an organization (members) or to own one (sent by operators). Tokens are stored hashed. */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['MEMBER', 'OWNER'] }).notNull(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => accounts.id),
    status: text('status', { enum: ['PENDING', 'ACCEPTED', 'CANCELED'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('invitations_account_idx').on(t.accountId),
    index('invitations_organization_idx').on(t.organizationId),
    check('invitations_status_known', sql`${t.status} in ('PENDING', 'ACCEPTED', 'CANCELED')`),
  ],
);
