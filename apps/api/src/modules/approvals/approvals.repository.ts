import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { listTotalOf } from '../../db/list-counts.js';
import { asColumn, organizationRows } from '../../db/organization-rows.js';
import { accounts, approvalTemplates, requestDecisions, requests } from '../../db/schema/index.js';
import type { WalletScope } from '../access/wallet.policy.js';
import type { RequestViewValues } from './request-list-item.js';
import { pendingCountSql, requestItem, requestPage } from './request-page.repository.js';

export type RequestRow = typeof requests.$inferSelect;
export type DecisionRow = typeof requestDecisions.$inferSelect;

export interface RequestListQuery {
  page: number;
  size: number;
  sort: { field: 'createdAt' | 'updatedAt'; direction: 'ASC' | 'DESC' }[];
  filters?:
    | {
        tab?: 'PENDING_MY_APPROVAL' | 'MY_APPROVAL_HISTORY' | 'ALL_APPROVAL_HISTORY' | 'MY_REQUESTS' | undefined;
        type?: RequestRow['type'][] | undefined;
        status?: ('CREATED' | 'EXECUTING' | 'COMPLETE' | 'FAILED')[] | undefined;
        walletId?: string | undefined;
        initiatorId?: string | undefined;
        from?: string | undefined;
        to?: string | undefined;
      }
    | undefined;
  /** Keyset paging: the id of the previous answer's last request; `page` is then ignored. */
  after?: string | undefined;
}

/**
 * Requests, decisions and approval lines of one organization, bound at construction: requests and lines by their
 * organization_id, decisions through their request, so no id of another organization's row reaches anything.
 */
export function approvalsRepository(db: Db, organizationId: string) {
  const own = organizationRows(db, organizationId);
  const ownRequest = (id: string) => and(eq(requests.organizationId, organizationId), eq(requests.id, id));

  return {
    async findTemplate(scope: 'WALLET' | 'WALLET_CREATION', walletId: string | null) {
      const [row] = await db
        .select()
        .from(approvalTemplates)
        .where(
          and(
            eq(approvalTemplates.organizationId, organizationId),
            eq(approvalTemplates.scope, scope),
            walletId ? eq(approvalTemplates.walletId, walletId) : sql`${approvalTemplates.walletId} is null`,
          ),
        );
      return row;
    },

    async saveTemplate(values: Omit<typeof approvalTemplates.$inferInsert, 'organizationId'>) {
      const existing = await this.findTemplate(values.scope, values.walletId ?? null);
      if (existing) {
        const [row] = await db
          .update(approvalTemplates)
          .set({ template: values.template, updatedBy: values.updatedBy, updatedAt: values.updatedAt })
          .where(and(eq(approvalTemplates.organizationId, organizationId), eq(approvalTemplates.id, existing.id)))
          .returning();
        return row!;
      }
      const [row] = await db
        .insert(approvalTemplates)
        .values({ ...values, organizationId })
        .returning();
      return row!;
    },

    async insertRequest(values: Omit<typeof requests.$inferInsert, 'organizationId'>) {
      const [row] = await db
        .insert(requests)
        .values({ ...values, organizationId })
        .returning();
      return row!;
    },

    /**
     * `lock` takes the row FOR UPDATE in the caller's transaction; with `nowait` a row another transaction holds
     * is not waited for: PostgreSQL refuses at once with 55P03 (lock_not_available), for the caller to answer.
     */
    async findRequest(id: string, opts: { lock?: boolean; nowait?: boolean } = {}) {
      const q = db.select().from(requests).where(ownRequest(id));
      const [row] = opts.lock ? await q.for('update', opts.nowait ? { noWait: true } : {}) : await q;
      return row;
    },

    /** undefined when the request is not this organization's: nothing is updated then. */
    async updateRequest(id: string, values: Partial<Omit<typeof requests.$inferInsert, 'id' | 'organizationId'>>) {
      const [row] = await db.update(requests).set(values).where(ownRequest(id)).returning();
      return row;
    },

    /** The progress of an EXECUTING request, written only when it changes (each write is a live event). */
    /** `at`: the caller's clock when it has one (the live notices read changes by it); the database's otherwise. */
    async setExecutingProgress(id: string, progress: 'SIGNING' | 'PROCESSING', at?: Date) {
      await db
        .update(requests)
        .set({ progress, updatedAt: at ?? sql`now()` })
        .where(and(ownRequest(id), eq(requests.status, 'EXECUTING'), ne(requests.progress, progress)));
    },

    /**
     * One decision, written only onto a request of this organization by one of its members: the select finds no
     * row otherwise, and nothing is inserted.
     */
    async insertDecision(values: Omit<typeof requestDecisions.$inferInsert, 'id'> & { decidedAt: Date }) {
      const c = requestDecisions;
      await db.insert(requestDecisions).select(
        db
          .select({
            id: sql<string>`gen_random_uuid()`.as('id'),
            requestId: requests.id,
            accountId: accounts.id,
            step: asColumn(values.step, c.step),
            decision: asColumn(values.decision, c.decision),
            memo: asColumn(values.memo ?? null, c.memo),
            decidedAt: asColumn(values.decidedAt, c.decidedAt),
          })
          .from(requests)
          .innerJoin(accounts, and(eq(accounts.id, values.accountId), eq(accounts.organizationId, organizationId)))
          .where(ownRequest(values.requestId)),
      );
    },

    async decisionsOf(requestIds: string[]) {
      if (requestIds.length === 0) return [] as DecisionRow[];
      return db
        .select()
        .from(requestDecisions)
        .where(
          and(inArray(requestDecisions.requestId, requestIds), inArray(requestDecisions.requestId, own.requests())),
        );
    },

    /** How many requests await `memberId` (pendingFor): an index-only range of the kept rows. */
    countPendingFor(memberId: string) {
      return listTotalOf(db, pendingCountSql(organizationId, memberId));
    },

    /** A page of the request views `memberId` may see within `scope`, as JSON (request-page.repository.ts). */
    list(memberId: string, scope: WalletScope, q: RequestListQuery, view: RequestViewValues) {
      return requestPage(db, organizationId, memberId, scope, q, view);
    },

    /** One request's view as `memberId` sees it, as JSON text (request-page.repository.ts `requestItem`). */
    item(memberId: string, requestId: string, view: RequestViewValues) {
      return requestItem(db, organizationId, memberId, requestId, view);
    },

    async people(ids: string[]) {
      const map = new Map<string, { email: string; userName: string }>();
      if (ids.length === 0) return map;
      const rows = await db
        .select({ id: accounts.id, email: accounts.email, userName: accounts.userName })
        .from(accounts)
        .where(and(eq(accounts.organizationId, organizationId), inArray(accounts.id, ids)));
      for (const r of rows) map.set(r.id, r);
      return map;
    },
  };
}

export type ApprovalsRepository = ReturnType<typeof approvalsRepository>;
