import { effectivePermissions, type OrganizationPermission } from '@vaultline/contracts';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { keysetOrPage } from '../../db/keyset.js';
import { containsPattern } from '../../db/like.js';
import { organizationRows } from '../../db/organization-rows.js';
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
  /** Keyset paging: the id of the previous answer's last member; `page` is then ignored. */
  after?: string | undefined;
}

const SORT_COLUMNS = {
  email: accounts.email,
  userName: accounts.userName,
  status: accounts.status,
  createdAt: accounts.createdAt,
} as const;

/**
 * An invitation by id alone, locked: its link is opened before any organization is known (the invitee has no
 * session), so this one lookup is not bound to one; the row names its organization, and everything after it goes
 * through organizationRepository bound to that organization.
 */
export async function lockInvitation(db: Db, id: string) {
  const [row] = await db.select().from(invitations).where(eq(invitations.id, id)).for('update');
  return row;
}

/**
 * Every query of members, groups and invitations of one organization, bound at construction: accounts, groups and
 * invitations by their organization_id, permissions and group memberships through their account or group, so a
 * row of another organization is never found nor written, whatever id is asked for.
 */
export function organizationRepository(db: Db, organizationId: string) {
  const own = organizationRows(db, organizationId);
  const memberScope = and(eq(accounts.organizationId, organizationId), eq(accounts.kind, 'MEMBER'));
  const ownInvitations = eq(invitations.organizationId, organizationId);

  return {
    async findOrganization() {
      const [row] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
      return row;
    },

    async countActiveMembers(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(accounts)
        .where(and(memberScope, eq(accounts.status, 'ACTIVE')));
      return row?.n ?? 0;
    },

    async findMember(memberId: string, opts: { lock?: boolean } = {}) {
      const q = db
        .select()
        .from(accounts)
        .where(and(memberScope, eq(accounts.id, memberId)));
      const [row] = opts.lock ? await q.for('update') : await q;
      return row;
    },

    async findLiveMemberByEmail(email: string) {
      const [row] = await db
        .select()
        .from(accounts)
        .where(
          and(
            memberScope,
            sql`lower(${accounts.email}) = lower(${email})`,
            inArray(accounts.status, ['ACTIVE', 'INVITED']),
          ),
        );
      return row;
    },

    async listMembers(q: MemberListQuery) {
      const conditions: (SQL | undefined)[] = [memberScope];
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
            db
              .select({ id: groupMembers.accountId })
              .from(groupMembers)
              .where(and(eq(groupMembers.groupId, f.groupId), inArray(groupMembers.groupId, own.groups()))),
          ),
        );
      }
      const where = and(...conditions);
      const keys = [
        ...q.sort.map((s) => ({ key: SORT_COLUMNS[s.field], direction: s.direction })),
        { key: accounts.createdAt, direction: 'ASC' as const },
        { key: accounts.id, direction: 'ASC' as const },
      ];
      const read = (where: SQL | undefined, order: SQL[], limit: number, offset: number) =>
        db
          .select()
          .from(accounts)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset);
      const [total] = await db.select({ n: count() }).from(accounts).where(where);
      const n = total?.n ?? 0;
      const { rows, nextCursor } = await keysetOrPage(db, q, {
        id: accounts.id,
        visible: memberScope,
        where,
        keys,
        total: n,
        rows: read,
      });
      return { rows, total: n, nextCursor };
    },

    /** A member of this organization: the kind and organization are the binding's, whatever `values` say. */
    async insertMember(values: Omit<typeof accounts.$inferInsert, 'kind' | 'organizationId'>) {
      const [row] = await db
        .insert(accounts)
        .values({ ...values, kind: 'MEMBER', organizationId })
        .returning();
      return row!;
    },

    /** undefined when the id is not a member of this organization: nothing is updated then. */
    async updateMember(
      id: string,
      values: Partial<Omit<typeof accounts.$inferInsert, 'id' | 'kind' | 'organizationId'>>,
      now: Date,
    ) {
      const [row] = await db
        .update(accounts)
        .set({ ...values, updatedAt: now })
        .where(and(memberScope, eq(accounts.id, id)))
        .returning();
      return row;
    },

    async ownPermissions(accountIds: string[]): Promise<Map<string, OrganizationPermission[]>> {
      const map = new Map<string, OrganizationPermission[]>(accountIds.map((id) => [id, []]));
      if (accountIds.length === 0) return map;
      const rows = await db
        .select()
        .from(memberPermissions)
        .where(
          and(inArray(memberPermissions.accountId, accountIds), inArray(memberPermissions.accountId, own.accounts())),
        );
      for (const r of rows) map.get(r.accountId)?.push(r.permission as OrganizationPermission);
      return map;
    },

    /** The member's own permissions become `permissions`; nothing is written for another organization's account. */
    async setOwnPermissions(accountId: string, permissions: readonly OrganizationPermission[]) {
      await db
        .delete(memberPermissions)
        .where(and(eq(memberPermissions.accountId, accountId), inArray(memberPermissions.accountId, own.accounts())));
      if (permissions.length === 0) return;
      const list = sql.join(
        permissions.map((p) => sql`${p}`),
        sql`, `,
      );
      await db.insert(memberPermissions).select(
        db
          .select({ accountId: accounts.id, permission: sql<string>`unnest(array[${list}]::text[])`.as('permission') })
          .from(accounts)
          .where(and(eq(accounts.organizationId, organizationId), eq(accounts.id, accountId))),
      );
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
        .where(and(inArray(groupMembers.accountId, accountIds), eq(memberGroups.organizationId, organizationId)))
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
      const rows = await db
        .select()
        .from(groupPermissions)
        .where(and(inArray(groupPermissions.groupId, groupIds), inArray(groupPermissions.groupId, own.groups())));
      for (const r of rows) map.get(r.groupId)?.push(r.permission as OrganizationPermission);
      return map;
    },

    async pendingInvitations(accountIds: string[]) {
      if (accountIds.length === 0) return new Map<string, InvitationRow>();
      const rows = await db
        .select()
        .from(invitations)
        .where(and(ownInvitations, inArray(invitations.accountId, accountIds), eq(invitations.status, 'PENDING')))
        .orderBy(desc(invitations.createdAt));
      const map = new Map<string, InvitationRow>();
      for (const r of rows) if (!map.has(r.accountId)) map.set(r.accountId, r);
      return map;
    },

    async insertInvitation(values: Omit<typeof invitations.$inferInsert, 'organizationId'>) {
      const [row] = await db
        .insert(invitations)
        .values({ ...values, organizationId })
        .returning();
      return row!;
    },

    async closeInvitations(accountId: string, status: 'ACCEPTED' | 'CANCELED', now: Date) {
      await db
        .update(invitations)
        .set({ status, decidedAt: now })
        .where(and(ownInvitations, eq(invitations.accountId, accountId), eq(invitations.status, 'PENDING')));
    },

    async removeFromAllGroups(accountId: string) {
      await db
        .delete(groupMembers)
        .where(and(eq(groupMembers.accountId, accountId), inArray(groupMembers.groupId, own.groups())));
    },
  };
}

export type OrganizationRepository = ReturnType<typeof organizationRepository>;
