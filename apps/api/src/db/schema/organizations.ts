import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const organizationMembers = pgTable(
  'organization_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    userName: text('user_name').notNull().default(''),
    language: text('language', { enum: ['EN', 'KO'] })
      .notNull()
      .default('KO'),
    status: text('status', { enum: ['ACTIVE', 'DELETED', 'INVITED', 'CANCELED'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One live account per email across organizations; canceled and deleted rows keep their history.
    uniqueIndex('organization_members_email_live_key')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.status} in ('ACTIVE', 'INVITED')`),
    index('organization_members_organization_idx').on(t.organizationId),
  ],
);
