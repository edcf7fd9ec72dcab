import { eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';
import { accounts, memberGroups, requests, wallets } from './schema/index.js';

/**
 * The ids of one organization's parent rows, as subqueries. Child rows carry no organization_id (decisions, wallet
 * and group members, permissions, balances): an organization-bound repository reaches them only through these, so
 * an id of another organization's child row matches nothing. A fresh builder each call: drizzle builders mutate.
 */
export const organizationRows = (db: Db, organizationId: string) => ({
  accounts: () => db.select({ id: accounts.id }).from(accounts).where(eq(accounts.organizationId, organizationId)),
  groups: () =>
    db.select({ id: memberGroups.id }).from(memberGroups).where(eq(memberGroups.organizationId, organizationId)),
  requests: () => db.select({ id: requests.id }).from(requests).where(eq(requests.organizationId, organizationId)),
  wallets: () => db.select({ id: wallets.id }).from(wallets).where(eq(wallets.organizationId, organizationId)),
});

/**
 * A value in the select list of an `insert … select`, encoded like `column` and cast to its type (there a bare
 * parameter has no column to take its type from), named after the column.
 */
export const asColumn = (value: unknown, column: PgColumn): SQL.Aliased =>
  sql`${sql.param(value, column)}::${sql.raw(column.getSQLType())}`.as(column.name);
