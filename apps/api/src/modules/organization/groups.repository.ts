import type { OrganizationPermission } from '@vaultline/contracts';
import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { containsPattern, escapeLike } from '../../db/like.js';
import { organizationRows } from '../../db/organization-rows.js';
import { accounts, groupMembers, groupPermissions, memberGroups } from '../../db/schema/index.js';

export interface GroupListQuery {
  page: number;
  size: number;
  sort: { field: 'name' | 'createdAt'; direction: 'ASC' | 'DESC' }[];
  filters?: { search?: string | undefined } | undefined;
}

/**
 * Member groups of one organization, bound at construction: groups by their organization_id, their members and
 * permissions through the group, so an id of another organization's group reaches nothing.
 */
export function groupsRepository(db: Db, organizationId: string) {
  const own = organizationRows(db, organizationId);
  const ownGroup = (id: string) => and(eq(memberGroups.organizationId, organizationId), eq(memberGroups.id, id));

  return {
    async find(groupId: string, opts: { lock?: boolean } = {}) {
      const q = db.select().from(memberGroups).where(ownGroup(groupId));
      const [row] = opts.lock ? await q.for('update') : await q;
      return row;
    },

    async findByName(name: string) {
      const [row] = await db
        .select({ id: memberGroups.id })
        .from(memberGroups)
        .where(and(eq(memberGroups.organizationId, organizationId), ilike(memberGroups.name, escapeLike(name))));
      return row;
    },

    async insert(name: string, now: Date) {
      const [row] = await db
        .insert(memberGroups)
        .values({ organizationId, name, createdAt: now, updatedAt: now })
        .returning();
      return row!;
    },

    async rename(groupId: string, name: string, now: Date) {
      await db.update(memberGroups).set({ name, updatedAt: now }).where(ownGroup(groupId));
    },

    async delete(groupId: string) {
      await db.delete(memberGroups).where(ownGroup(groupId));
    },

    /** The group's members become `accountIds`; only the organization's own group and accounts are written. */
    async setMembers(groupId: string, accountIds: string[]) {
      await db
        .delete(groupMembers)
        .where(and(eq(groupMembers.groupId, groupId), inArray(groupMembers.groupId, own.groups())));
      if (accountIds.length === 0) return;
      await db.insert(groupMembers).select(
        db
          .select({ groupId: memberGroups.id, accountId: accounts.id })
          .from(memberGroups)
          .innerJoin(accounts, and(inArray(accounts.id, accountIds), eq(accounts.organizationId, organizationId)))
          .where(ownGroup(groupId)),
      );
    },

    /** The group's permissions become `permissions`; nothing is written for another organization's group. */
    async setPermissions(groupId: string, permissions: readonly OrganizationPermission[]) {
      await db
        .delete(groupPermissions)
        .where(and(eq(groupPermissions.groupId, groupId), inArray(groupPermissions.groupId, own.groups())));
      if (permissions.length === 0) return;
      const list = sql.join(
        permissions.map((p) => sql`${p}`),
        sql`, `,
      );
      await db.insert(groupPermissions).select(
        db
          .select({
            groupId: memberGroups.id,
            permission: sql<string>`unnest(array[${list}]::text[])`.as('permission'),
          })
          .from(memberGroups)
          .where(ownGroup(groupId)),
      );
    },

    async list(q: GroupListQuery) {
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

    /** Members and permissions of each of the organization's groups among `groupIds`. */
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
        .where(and(inArray(groupMembers.groupId, groupIds), inArray(groupMembers.groupId, own.groups())))
        .orderBy(asc(accounts.email));
      for (const r of memberRows) members.get(r.groupId)?.push({ id: r.id, email: r.email, userName: r.userName });
      const permRows = await db
        .select()
        .from(groupPermissions)
        .where(and(inArray(groupPermissions.groupId, groupIds), inArray(groupPermissions.groupId, own.groups())));
      for (const r of permRows) permissions.get(r.groupId)?.push(r.permission as OrganizationPermission);
      return { members, permissions };
    },

    /** Which of the ids are live members of the organization: group members must be. */
    async liveMemberIds(ids: string[]): Promise<string[]> {
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
