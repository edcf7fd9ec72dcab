import { and, asc, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { containsPattern } from '../../db/like.js';
import {
  accounts,
  amlStatusHistory,
  memberPermissions,
  operatorWorkflows,
  organizations,
} from '../../db/schema/index.js';

export type WorkflowRow = typeof operatorWorkflows.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;
type AmlStatus = OrganizationRow['amlStatus'];

interface Paging<F extends string> {
  page: number;
  size: number;
  sort: { field: F; direction: 'ASC' | 'DESC' }[];
}

/** Provider-side queries: operators see every organization, through these calls only. */
// Not bound to an organization: this is the provider's view across all of them, for operators only.
export function operatorRepository(db: Db) {
  return {
    async listOrganizations(
      q: Paging<'name' | 'createdAt' | 'amlStatus'> & {
        filters?: { search?: string | undefined; amlStatus?: AmlStatus[] | undefined } | undefined;
      },
    ) {
      const where = and(
        q.filters?.search ? ilike(organizations.name, containsPattern(q.filters.search)) : undefined,
        q.filters?.amlStatus?.length ? inArray(organizations.amlStatus, q.filters.amlStatus) : undefined,
      );
      const cols = { name: organizations.name, createdAt: organizations.createdAt, amlStatus: organizations.amlStatus };
      const rows = await db
        .select()
        .from(organizations)
        .where(where)
        .orderBy(
          ...q.sort.map((s) => (s.direction === 'ASC' ? asc(cols[s.field]) : desc(cols[s.field]))),
          desc(organizations.createdAt),
          asc(organizations.id),
        )
        .limit(q.size)
        .offset((q.page - 1) * q.size);
      const [total] = await db.select({ n: count() }).from(organizations).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    async findOrganization(id: string, opts: { lock?: boolean } = {}) {
      const q = db.select().from(organizations).where(eq(organizations.id, id));
      const [row] = opts.lock ? await q.for('update') : await q;
      return row;
    },

    async insertOrganization(values: typeof organizations.$inferInsert) {
      const [row] = await db.insert(organizations).values(values).returning();
      return row!;
    },

    async updateOrganization(id: string, values: Partial<typeof organizations.$inferInsert>, now: Date) {
      await db
        .update(organizations)
        .set({ ...values, updatedAt: now })
        .where(eq(organizations.id, id));
    },

    /** The owner (holder of OWNER) of each organization, invited or active. */
    async owners(organizationIds: string[]) {
      const map = new Map<string, typeof accounts.$inferSelect>();
      if (organizationIds.length === 0) return map;
      const rows = await db
        .select({ account: accounts })
        .from(accounts)
        .innerJoin(
          memberPermissions,
          and(eq(memberPermissions.accountId, accounts.id), eq(memberPermissions.permission, 'OWNER')),
        )
        .where(and(inArray(accounts.organizationId, organizationIds), inArray(accounts.status, ['ACTIVE', 'INVITED'])));
      for (const r of rows) if (r.account.organizationId) map.set(r.account.organizationId, r.account);
      return map;
    },

    async memberCounts(organizationIds: string[]) {
      const map = new Map<string, number>();
      if (organizationIds.length === 0) return map;
      const rows = await db
        .select({ id: accounts.organizationId, n: count() })
        .from(accounts)
        .where(and(inArray(accounts.organizationId, organizationIds), eq(accounts.status, 'ACTIVE')))
        .groupBy(accounts.organizationId);
      for (const r of rows) if (r.id) map.set(r.id, r.n);
      return map;
    },

    async insertWorkflow(values: typeof operatorWorkflows.$inferInsert) {
      const [row] = await db.insert(operatorWorkflows).values(values).returning();
      return row!;
    },

    async findWorkflow(id: string) {
      const [row] = await db.select().from(operatorWorkflows).where(eq(operatorWorkflows.id, id));
      return row;
    },

    async lockWorkflow(id: string) {
      const [row] = await db.select().from(operatorWorkflows).where(eq(operatorWorkflows.id, id)).for('update');
      return row;
    },

    async decideWorkflow(id: string, values: Partial<typeof operatorWorkflows.$inferInsert>) {
      const [row] = await db.update(operatorWorkflows).set(values).where(eq(operatorWorkflows.id, id)).returning();
      return row!;
    },

    async listWorkflows(
      q: Paging<'createdAt'> & {
        filters?:
          | {
              status?: WorkflowRow['status'][] | undefined;
              type?: WorkflowRow['type'][] | undefined;
              organizationId?: string | undefined;
            }
          | undefined;
      },
    ) {
      const conditions: (SQL | undefined)[] = [
        q.filters?.status?.length ? inArray(operatorWorkflows.status, q.filters.status) : undefined,
        q.filters?.type?.length ? inArray(operatorWorkflows.type, q.filters.type) : undefined,
        q.filters?.organizationId ? eq(operatorWorkflows.organizationId, q.filters.organizationId) : undefined,
      ];
      const where = and(...conditions);
      const direction = q.sort[0]?.direction === 'ASC' ? asc : desc;
      const rows = await db
        .select()
        .from(operatorWorkflows)
        .where(where)
        .orderBy(direction(operatorWorkflows.createdAt), asc(operatorWorkflows.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size);
      const [total] = await db.select({ n: count() }).from(operatorWorkflows).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    async accountsById(ids: string[]) {
      const map = new Map<string, typeof accounts.$inferSelect>();
      if (ids.length === 0) return map;
      for (const r of await db.select().from(accounts).where(inArray(accounts.id, ids))) map.set(r.id, r);
      return map;
    },

    async organizationNames(ids: string[]) {
      const map = new Map<string, string>();
      if (ids.length === 0) return map;
      const rows = await db
        .select({ id: organizations.id, name: organizations.name })
        .from(organizations)
        .where(inArray(organizations.id, ids));
      for (const r of rows) map.set(r.id, r.name);
      return map;
    },

    async insertAmlRecord(values: typeof amlStatusHistory.$inferInsert) {
      await db.insert(amlStatusHistory).values(values);
    },

    async listAml(
      q: Paging<'changedAt'> & {
        filters?: { organizationId?: string | undefined; status?: AmlStatus[] | undefined } | undefined;
      },
    ) {
      const where = and(
        q.filters?.organizationId ? eq(amlStatusHistory.organizationId, q.filters.organizationId) : undefined,
        q.filters?.status?.length ? inArray(amlStatusHistory.status, q.filters.status) : undefined,
      );
      const direction = q.sort[0]?.direction === 'ASC' ? asc : desc;
      const rows = await db
        .select()
        .from(amlStatusHistory)
        .where(where)
        .orderBy(direction(amlStatusHistory.changedAt), asc(amlStatusHistory.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size);
      const [total] = await db.select({ n: count() }).from(amlStatusHistory).where(where);
      return { rows, total: total?.n ?? 0 };
    },
  };
}

export type OperatorRepository = ReturnType<typeof operatorRepository>;
