import type { OrganizationPermission } from '@vaultline/contracts';
import { and, asc, count, desc, eq, ilike, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { containsPattern, escapeLike } from '../../db/like.js';
import { accounts, groupMembers, groupPermissions, memberGroups } from '../../db/schema/index.js';

export interface GroupListQuery {
  page: number;
  size: number;
  sort: { field: 'name' | 'createdAt'; direction: 'ASC' | 'DESC' }[];
  filters?: { search?: string | undefined } | undefined;
}

/** Member groups, always within one organization. */
export function groupsRepository(db: Db) {
  return {
    async find(organizationId: string, groupId: string, opts: { lock?: boolean } = {}) {
      const q = db
        .select()
        .from(memberGroups)
        .where(and(eq(memberGroups.organizationId, organizationId), eq(memberGroups.id, groupId)));
      const [row] = opts.lock ? await q.for('update') : await q;
      return row;
    },

    async findByName(organizationId: string, name: string) {
      const [row] = await db
        .select({ id: memberGroups.id })
        .from(memberGroups)
        .where(and(eq(memberGroups.organizationId, organizationId), ilike(memberGroups.name, escapeLike(name))));
      return row;
    },

    async insert(organizationId: string, name: string, now: Date) {
      const [row] = await db
        .insert(memberGroups)
        .values({ organizationId, name, createdAt: now, updatedAt: now })
        .returning();
      return row!;
    },

    async rename(groupId: string, name: string, now: Date) {
      await db.update(memberGroups).set({ name, updatedAt: now }).where(eq(memberGroups.id, groupId));
    },

    async delete(groupId: string) {
      await db.delete(memberGroups).where(eq(memberGroups.id, groupId));
    },

    async setMembers(groupId: string, accountIds: string[]) {
      await db.delete(groupMembers).where(eq(groupMembers.groupId, groupId));
      if (accountIds.length > 0)
        await db.insert(groupMembers).values(accountIds.map((accountId) => ({ groupId, accountId })));
    },

    async setPermissions(groupId: string, permissions: readonly OrganizationPermission[]) {
      await db.delete(groupPermissions).where(eq(groupPermissions.groupId, groupId));
      if (permissions.length > 0) {
        await db.insert(groupPermissions).values(permissions.map((permission) => ({ groupId, permission })));
      }
    },

    async list(organizationId: string, q: GroupListQuery) {
      const where = and(
        eq(memberGroups.organizationId, organizationId),
        q.filters?.search ? ilike(memberGroups.name, containsPattern(q.filters.search)) : undefined,
      );
      const columns = { name: memberGroups.name, createdAt: memberGroups.createdAt } as const;
      const order = q.sort.map((s) => (s.direction === 'ASC' ? asc(columns[s.field]) : desc(columns[s.field])));
      const rows = await db
        .select()
        .from(memberGroups)
        .where(where)
        .orderBy(...order, asc(memberGroups.name), asc(memberGroups.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size);
      const [total] = await db.select({ n: count() }).from(memberGroups).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    /** Members and permissions of each group. */
    async details(groupIds: string[]) {
      const members = new Map<string, { id: string; email: string; userName: string }[]>(
        groupIds.map((id) => [id, []]),
      );
      const permissions = new Map<string, OrganizationPermission[]>(groupIds.map((id) => [id, []]));
      if (groupIds.length === 0) return { members, permissions };
      const memberRows = await db
        .select({ groupId: groupMembers.groupId, id: accounts.id, email: accounts.email, userName: accounts.userName })
        .from(groupMembers)
        .innerJoin(accounts, eq(accounts.id, groupMembers.accountId))
        .where(inArray(groupMembers.groupId, groupIds))
        .orderBy(asc(accounts.email));
      for (const r of memberRows) members.get(r.groupId)?.push({ id: r.id, email: r.email, userName: r.userName });
      const permRows = await db.select().from(groupPermissions).where(inArray(groupPermissions.groupId, groupIds));
      for (const r of permRows) permissions.get(r.groupId)?.push(r.permission as OrganizationPermission);
      return { members, permissions };
    },

    /** Which of the ids are live members of the organization: group members must be. */
    async liveMemberIds(organizationId: string, ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(
          and(
            eq(accounts.organizationId, organizationId),
            inArray(accounts.id, ids),
            inArray(accounts.status, ['ACTIVE', 'INVITED']),
          ),
        );
      return rows.map((r) => r.id);
    },
  };
}
