import { and, count, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { listTotal } from '../../db/list-counts.js';
import { readPage } from '../../db/page-window.js';
import { accounts, approvalTemplates, requestDecisions, requests, wallets } from '../../db/schema/index.js';

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
}

/** The customer-facing status groups of section 4 onto the engine's states. */
const CUSTOMER_STATUS: Record<string, RequestRow['status'][]> = {
  CREATED: ['CREATED', 'APPROVED', 'REJECTED', 'CANCELED'],
  EXECUTING: ['EXECUTING'],
  COMPLETE: ['COMPLETE'],
  FAILED: ['FAILED'],
};

/** Requests, decisions and approval lines, always within one organization. */
export function approvalsRepository(db: Db) {
  /** Requests whose current step names `memberId` and who has not decided yet. */
  const pendingFor = (memberId: string) =>
    sql`${requests.status} = 'CREATED' and exists (
      select 1 from jsonb_array_elements(${requests.steps}) with ordinality as s(step, n)
      where s.step->>'status' = 'PENDING'
        and s.n = (select min(p.n) from jsonb_array_elements(${requests.steps}) with ordinality as p(step, n) where p.step->>'status' = 'PENDING')
        and s.step->'eligible' ? ${memberId})
      and not exists (select 1 from ${requestDecisions} d where d.request_id = ${requests.id} and d.account_id = ${memberId})`;

  return {
    async findTemplate(organizationId: string, scope: 'WALLET' | 'WALLET_CREATION', walletId: string | null) {
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

    async saveTemplate(values: typeof approvalTemplates.$inferInsert) {
      const existing = await this.findTemplate(values.organizationId, values.scope, values.walletId ?? null);
      if (existing) {
        const [row] = await db
          .update(approvalTemplates)
          .set({ template: values.template, updatedBy: values.updatedBy, updatedAt: values.updatedAt })
          .where(eq(approvalTemplates.id, existing.id))
          .returning();
        return row!;
      }
      const [row] = await db.insert(approvalTemplates).values(values).returning();
      return row!;
    },

    async insertRequest(values: typeof requests.$inferInsert) {
      const [row] = await db.insert(requests).values(values).returning();
      return row!;
    },

    async findRequest(organizationId: string, id: string, opts: { lock?: boolean } = {}) {
      const q = db
        .select()
        .from(requests)
        .where(and(eq(requests.organizationId, organizationId), eq(requests.id, id)));
      const [row] = opts.lock ? await q.for('update') : await q;
      return row;
    },

    async updateRequest(id: string, values: Partial<typeof requests.$inferInsert>) {
      const [row] = await db.update(requests).set(values).where(eq(requests.id, id)).returning();
      return row!;
    },

    async insertDecision(values: typeof requestDecisions.$inferInsert) {
      await db.insert(requestDecisions).values(values);
    },

    async decisionsOf(requestIds: string[]) {
      if (requestIds.length === 0) return [] as DecisionRow[];
      return db.select().from(requestDecisions).where(inArray(requestDecisions.requestId, requestIds));
    },

    async countPendingFor(organizationId: string, memberId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(requests)
        .where(and(eq(requests.organizationId, organizationId), pendingFor(memberId)));
      return row?.n ?? 0;
    },

    async list(organizationId: string, memberId: string, visibleWalletIds: string[] | 'ALL', q: RequestListQuery) {
      const f = q.filters ?? {};
      const conditions: (SQL | undefined)[] = [eq(requests.organizationId, organizationId)];
      if (f.tab === 'PENDING_MY_APPROVAL') conditions.push(pendingFor(memberId));
      if (f.tab === 'MY_APPROVAL_HISTORY') {
        conditions.push(
          sql`exists (select 1 from ${requestDecisions} d where d.request_id = ${requests.id} and d.account_id = ${memberId})`,
        );
      }
      if (f.tab === 'MY_REQUESTS') conditions.push(eq(requests.initiatorId, memberId));
      if (visibleWalletIds !== 'ALL') {
        // Without WALLETS_VIEW: own requests, requests one may decide, and those of one's wallets.
        conditions.push(
          sql`(${requests.initiatorId} = ${memberId} or ${requests.steps}::text like ${`%${memberId}%`} or ${
            visibleWalletIds.length ? inArray(requests.walletId, visibleWalletIds) : sql`false`
          })`,
        );
      }
      if (f.type?.length) conditions.push(inArray(requests.type, f.type));
      if (f.status?.length)
        conditions.push(
          inArray(
            requests.status,
            f.status.flatMap((s) => CUSTOMER_STATUS[s] ?? []),
          ),
        );
      if (f.walletId) conditions.push(eq(requests.walletId, f.walletId));
      if (f.initiatorId) conditions.push(eq(requests.initiatorId, f.initiatorId));
      if (f.from) conditions.push(gte(requests.createdAt, new Date(f.from)));
      if (f.to) conditions.push(lte(requests.createdAt, new Date(f.to)));
      const where = and(...conditions);
      // Unfiltered (only the organization condition): the kept count, not count(*) over every request.
      const whole = conditions.length === 1 ? { organizationId, list: 'requests' as const } : null;
      const total = await listTotal(db, requests, where, whole);
      const cols = { createdAt: requests.createdAt, updatedAt: requests.updatedAt };
      const sort = q.sort.length ? q.sort : [{ field: 'createdAt' as const, direction: 'DESC' as const }];
      const rows = await readPage(db, {
        id: requests.id,
        where,
        order: (by) => [...sort.map((s) => by(cols[s.field], s.direction)), by(requests.id, 'ASC')],
        page: q.page,
        size: q.size,
        total,
        rows: (pageIds, order) =>
          db
            .select()
            .from(requests)
            .where(pageIds)
            .orderBy(...order),
      });
      return { rows, total };
    },

    async people(ids: string[]) {
      const map = new Map<string, { email: string; userName: string }>();
      if (ids.length === 0) return map;
      const rows = await db
        .select({ id: accounts.id, email: accounts.email, userName: accounts.userName })
        .from(accounts)
        .where(inArray(accounts.id, ids));
      for (const r of rows) map.set(r.id, r);
      return map;
    },

    async walletNames(ids: string[]) {
      const map = new Map<string, string>();
      if (ids.length === 0) return map;
      for (const r of await db
        .select({ id: wallets.id, name: wallets.name })
        .from(wallets)
        .where(inArray(wallets.id, ids)))
        map.set(r.id, r.name);
      return map;
    },
  };
}

export type ApprovalsRepository = ReturnType<typeof approvalsRepository>;
