import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { requests } from './custody.js';

/** PostgreSQL's xid8: a transaction's id, as pg_current_xact_id() gives it. */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * Per request, its list view as far as it depends on no request-type registry, configuration or caller (issue 17:
 * the requests list's statement spent most of its time gathering names, decisions and chain attempts on every
 * read). Written only by the deferred triggers of migration 0041, at the commit of every transaction that changes
 * a row the view reads; request-list-item.ts adds the rest when it reads the list.
 */
export const requestViews = pgTable('request_views', {
  requestId: uuid('request_id')
    .primaryKey()
    .references(() => requests.id, { onDelete: 'cascade' }),
  /**
   * The view's fields as one JSON object's text, left open (no closing brace) for the fields the list adds: ids,
   * types, the wallet's name, the initiator, statuses, approval, progress, every step with its approvers' names and
   * decisions, who is awaited, the failure and the times. Open, because cutting the brace on each read walked every
   * character of the text (left() counts characters in UTF-8): a fifth of the page's statement (migration 0043).
   */
  view: text('view').notNull(),
  /** The request's content as JSON text (its payload and kind) before its type's defaults, if it has any. */
  content: text('content').notNull(),
  /** Who is awaited on the current step (the view's waitingFor), for the caller's canApprove. */
  awaiting: text('awaiting').array().notNull(),
  /** Per chain purpose, the attempt the view shows: status, whether sent, network, hash and fee paid. */
  attempts: jsonb('attempts').notNull(),
  /** The transaction that wrote the row: a commit refreshes each of its requests once. */
  refreshedIn: xid8('refreshed_in').notNull(),
});

/**
 * Who is awaited on which request (request_views.awaiting, one row per member), written with the view by the same
 * triggers. "Pending my approval" (its tab, and its count on every screen's badge) reads a member's rows by the
 * key, an index-only range, where working it out from every open request's steps and decisions read them all.
 */
export const requestAwaited = pgTable(
  'request_awaited',
  {
    organizationId: uuid('organization_id').notNull(),
    /** An eligible approver's id as the step names it. */
    accountId: text('account_id').notNull(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    /**
     * The request's created_at (never changed once written), kept so that the tab's page is read off the member's
     * own index in the list's order: walking the organization's requests newest first and probing each for the
     * member cost as many requests as lay between the member's (75-130 ms for one awaited request at the end of
     * 100,000; migration 0046).
     */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.accountId, t.requestId] }),
    index('request_awaited_request_idx').on(t.requestId),
    index('request_awaited_member_created_idx').on(
      t.organizationId,
      t.accountId,
      t.createdAt.desc().nullsFirst(),
      t.requestId,
    ),
  ],
);

/**
 * Who a request names: its initiator and everyone eligible at any step of its frozen line (request.policy.ts: they
 * see it whatever their wallets), one row each, written from the request row alone by its trigger in the writer's
 * statement (migration 0047). A member without WALLETS_VIEW is listed the requests naming them, read off their own
 * index in the list's order, merged with their wallets' requests read off the wallet's (request-scope.ts): the list
 * walked the organization's requests and tested each one's line instead (120 ms a page for a member who sees none
 * of 100,000).
 */
export const requestPeople = pgTable(
  'request_people',
  {
    organizationId: uuid('organization_id').notNull(),
    /** The initiator's id, or an eligible approver's as the step names it. */
    accountId: text('account_id').notNull(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    /** The request's created_at: the member's rows in the list's order. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('request_people_member_created_key').on(
      t.organizationId,
      t.accountId,
      t.createdAt.desc().nullsFirst(),
      t.requestId,
    ),
    index('request_people_request_idx').on(t.requestId),
  ],
);

/**
 * How many requests await each member, kept as additions: a member's count is the sum of their rows. Written only
 * by request_awaited's statement triggers (migration 0044), in the writer's transaction: each change adds a row
 * (+n or -n) and, when no other transaction is folding that member's rows, folds them into one. No writer ever
 * waits on another here: an added row locks nothing, and a fold that another transaction holds is skipped (a
 * counter row updated in place would be locked by every decision awaiting that member, in the order each commit
 * reached it, and two commits could wait on each other). The badge's count and the pending tab's total read a few
 * rows by the key where counting request_awaited read every awaited request (11,250 for the bench's owner: 2 ms).
 */
export const requestAwaitedCounts = pgTable(
  'request_awaited_counts',
  {
    organizationId: uuid('organization_id').notNull(),
    accountId: text('account_id').notNull(),
    /** An addition to the member's count: positive where requests came to await them, negative where they left. */
    n: integer('n').notNull(),
  },
  (t) => [index('request_awaited_counts_member_idx').on(t.organizationId, t.accountId)],
);
