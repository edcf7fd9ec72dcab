import { effectivePermissions, type OrganizationPermission } from '@vaultline/contracts';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { containsPattern } from '../../db/like.js';
import {
  accounts,
  groupMembers,
  groupPermissions,
  invitations,
  memberGroups,
  memberPermissions,
  organizations,
} from '../../db/schema/index.js';

export type AccountRow = typeof accounts.$inferSelect;
export type GroupRow = typeof memberGroups.$inferSelect;
export type InvitationRow = typeof invitations.$inferSelect;

export interface MemberListQuery {
  page: number;
  size: number;
  sort: { field: 'email' | 'userName' | 'status' | 'createdAt'; direction: 'ASC' | 'DESC' }[];
  filters?:
    | { status?: AccountRow['status'][] | undefined; search?: string | undefined; groupId?: string | undefined }
    | undefined;
}

const SORT_COLUMNS = {
  email: accounts.email,
  userName: accounts.userName,
  status: accounts.status,
  createdAt: accounts.createdAt,
} as const;

/**
 * Every query of members, groups and invitations. Each one is scoped by organization: a row of another
 * organization is never found, whatever id is asked for.
 */
export function organizationRepository(db: Db) {
  const memberScope = (organizationId: string) =>
    and(eq(accounts.organizationId, organizationId), eq(accounts.kind, 'MEMBER'));

  return {
    async findOrganization(organizationId: string) {
      const [row] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
      return row;
    },

    async countActiveMembers(organizationId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(accounts)
        .where(and(memberScope(organizationId), eq(accounts.status, 'ACTIVE')));
      return row?.n ?? 0;
    },

    async findMember(organizationId: string, memberId: string, opts: { lock?: boolean } = {}) {
      const q = db
        .select()
        .from(accounts)
        .where(and(memberScope(organizationId), eq(accounts.id, memberId)));
      const [row] = opts.lock ? await q.for('update') : await q;
      return row;
    },

    async findLiveMemberByEmail(organizationId: string, email: string) {
      const [row] = await db
        .select()
        .from(accounts)
        .where(
          and(
            memberScope(organizationId),
            sql`lower(${accounts.email}) = lower(${email})`,
            inArray(accounts.status, ['ACTIVE', 'INVITED']),
          ),
        );
      return row;
    },

    async listMembers(organizationId: string, q: MemberListQuery) {
      const conditions: (SQL | undefined)[] = [memberScope(organizationId)];
      const f = q.filters;
      conditions.push(inArray(accounts.status, f?.status?.length ? f.status : ['ACTIVE', 'INVITED']));
      if (f?.search) {
        const like = containsPattern(f.search);
        conditions.push(or(ilike(accounts.email, like), ilike(accounts.userName, like)));
      }
      if (f?.groupId) {
        conditions.push(
          inArray(
            accounts.id,
            db.select({ id: groupMembers.accountId }).from(groupMembers).where(eq(groupMembers.groupId, f.groupId)),
          ),
        );
      }
      const where = and(...conditions);
      const order = q.sort.map((s) =>
        s.direction === 'ASC' ? asc(SORT_COLUMNS[s.field]) : desc(SORT_COLUMNS[s.field]),
      );
      const rows = await db
        .select()
        .from(accounts)
        .where(where)
        .orderBy(...order, asc(accounts.createdAt), asc(accounts.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size);
      const [total] = await db.select({ n: count() }).from(accounts).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    async insertMember(values: typeof accounts.$inferInsert) {
      const [row] = await db.insert(accounts).values(values).returning();
      return row!;
    },

    async updateMember(id: string, values: Partial<typeof accounts.$inferInsert>, now: Date) {
      const [row] = await db
        .update(accounts)
        .set({ ...values, updatedAt: now })
        .where(eq(accounts.id, id))
        .returning();
      return row!;
    },

    async ownPermissions(accountIds: string[]): Promise<Map<string, OrganizationPermission[]>> {
      const map = new Map<string, OrganizationPermission[]>(accountIds.map((id) => [id, []]));
      if (accountIds.length === 0) return map;
      const rows = await db.select().from(memberPermissions).where(inArray(memberPermissions.accountId, accountIds));
      for (const r of rows) map.get(r.accountId)?.push(r.permission as OrganizationPermission);
      return map;
    },

    async setOwnPermissions(accountId: string, permissions: readonly OrganizationPermission[]) {
      await db.delete(memberPermissions).where(eq(memberPermissions.accountId, accountId));
      if (permissions.length > 0) {
        await db.insert(memberPermissions).values(permissions.map((permission) => ({ accountId, permission })));
      }
    },

    /** Groups of each account with their permissions. */
    async groupsOf(accountIds: string[]) {
      const map = new Map<string, { id: string; name: string; permissions: OrganizationPermission[] }[]>(
        accountIds.map((id) => [id, []]),
      );
      if (accountIds.length === 0) return map;
      const rows = await db
        .select({ accountId: groupMembers.accountId, id: memberGroups.id, name: memberGroups.name })
        .from(groupMembers)
        .innerJoin(memberGroups, eq(memberGroups.id, groupMembers.groupId))
        .where(inArray(groupMembers.accountId, accountIds))
        .orderBy(asc(memberGroups.name));
      const perms = await this.groupPermissionsOf([...new Set(rows.map((r) => r.id))]);
      for (const r of rows) map.get(r.accountId)?.push({ id: r.id, name: r.name, permissions: perms.get(r.id) ?? [] });
      return map;
    },

    async effectivePermissionsOf(accountId: string): Promise<OrganizationPermission[]> {
      const own = (await this.ownPermissions([accountId])).get(accountId) ?? [];
      const groups = (await this.groupsOf([accountId])).get(accountId) ?? [];
      return effectivePermissions(
        own,
        groups.map((g) => g.permissions),
      );
    },

    async groupPermissionsOf(groupIds: string[]): Promise<Map<string, OrganizationPermission[]>> {
      const map = new Map<string, OrganizationPermission[]>(groupIds.map((id) => [id, []]));
      if (groupIds.length === 0) return map;
      const rows = await db.select().from(groupPermissions).where(inArray(groupPermissions.groupId, groupIds));
      for (const r of rows) map.get(r.groupId)?.push(r.permission as OrganizationPermission);
      return map;
    },

    async pendingInvitations(accountIds: string[]) {
      if (accountIds.length === 0) return new Map<string, InvitationRow>();
      const rows = await db
        .select()
        .from(invitations)
        .where(and(inArray(invitations.accountId, accountIds), eq(invitations.status, 'PENDING')))
        .orderBy(desc(invitations.createdAt));
      const map = new Map<string, InvitationRow>();
      for (const r of rows) if (!map.has(r.accountId)) map.set(r.accountId, r);
      return map;
    },

    async insertInvitation(values: typeof invitations.$inferInsert) {
      const [row] = await db.insert(invitations).values(values).returning();
      return row!;
    },

    async lockInvitation(id: string) {
      const [row] = await db.select().from(invitations).where(eq(invitations.id, id)).for('update');
      return row;
    },

    async closeInvitations(accountId: string, status: 'ACCEPTED' | 'CANCELED', now: Date) {
      await db
        .update(invitations)
        .set({ status, decidedAt: now })
        .where(and(eq(invitations.accountId, accountId), eq(invitations.status, 'PENDING')));
    },

    async removeFromAllGroups(accountId: string) {
      await db.delete(groupMembers).where(eq(groupMembers.accountId, accountId));
    },
  };
}

export type OrganizationRepository = ReturnType<typeof organizationRepository>;
