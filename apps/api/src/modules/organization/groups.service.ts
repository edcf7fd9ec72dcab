import type { Group, OrganizationPermission } from '@vaultline/contracts';
import { type Db, transaction } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { assertMayChangePermissions } from '../access/permission-grant.policy.js';
import { actorOf, changedFields, recordAudit } from '../audit/audit.js';
import { consumeCallerOtp } from '../auth/otp.service.js';
import type { AuthContext } from '../auth/session.service.js';
import { type GroupListQuery, groupsRepository } from './groups.repository.js';
import { type OrganizationDeps, orgOf } from './organization.service.js';

type GroupRow = { id: string; name: string; createdAt: Date };

async function describe(db: Db, organizationId: string, rows: GroupRow[]): Promise<Group[]> {
  const { members, permissions } = await groupsRepository(db, organizationId).details(rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    permissions: permissions.get(r.id) ?? [],
    members: members.get(r.id) ?? [],
    createdAt: r.createdAt.toISOString(),
  }));
}

export function groupsService(deps: OrganizationDeps) {
  const { db, clock } = deps;

  /** Group members must be live members of the same organization, each named once. */
  async function checkedMembers(tx: Db, organizationId: string, ids: string[]) {
    const unique = [...new Set(ids)];
    const live = await groupsRepository(tx, organizationId).liveMemberIds(unique);
    if (live.length !== unique.length) throw new AppError('4103');
    return unique;
  }

  async function assertNameFree(tx: Db, organizationId: string, name: string, exceptId?: string) {
    const clash = await groupsRepository(tx, organizationId).findByName(name);
    if (clash && clash.id !== exceptId) throw new AppError('4100');
  }

  /** A group's changed fields in the audit log, when something changed. */
  async function recordChange(
    tx: Db,
    auth: AuthContext,
    groupId: string,
    change: ReturnType<typeof changedFields>,
  ): Promise<void> {
    if (!change.before && !change.after) return;
    await recordAudit(
      tx,
      actorOf(auth),
      { action: 'GROUP_UPDATED', objectType: 'group', objectId: groupId, ...change },
      clock(),
    );
  }

  async function lockGroup(tx: Db, auth: AuthContext, groupId: string) {
    const repo = groupsRepository(tx, orgOf(auth));
    const group = await repo.find(groupId, { lock: true });
    if (!group) throw new AppError('404');
    const { members, permissions } = await repo.details([group.id]);
    return {
      ...group,
      memberIds: (members.get(group.id) ?? []).map((m) => m.id),
      permissions: permissions.get(group.id) ?? [],
    };
  }

  return {
    async create(auth: AuthContext, input: { name: string; memberIds: string[] }) {
      return transaction(db, async (tx) => {
        const orgId = orgOf(auth);
        await assertNameFree(tx, orgId, input.name);
        const members = await checkedMembers(tx, orgId, input.memberIds);
        const repo = groupsRepository(tx, orgId);
        const group = await repo.insert(input.name, clock());
        await repo.setMembers(group.id, members);
        await recordAudit(
          tx,
          actorOf(auth),
          {
            action: 'GROUP_CREATED',
            objectType: 'group',
            objectId: group.id,
            after: { name: group.name, memberIds: members },
          },
          clock(),
        );
        return (await describe(tx, orgId, [group]))[0]!;
      });
    },

    async list(auth: AuthContext, query: GroupListQuery) {
      const { rows, total } = await groupsRepository(db, orgOf(auth)).list(query);
      return { items: await describe(db, orgOf(auth), rows), page: query.page, size: query.size, total };
    },

    async update(
      auth: AuthContext,
      groupId: string,
      input: { name?: string | undefined; memberIds?: string[] | undefined },
    ) {
      return transaction(db, async (tx) => {
        const group = await lockGroup(tx, auth, groupId);
        const repo = groupsRepository(tx, group.organizationId);
        if (input.name !== undefined && input.name !== group.name) {
          await assertNameFree(tx, group.organizationId, input.name, group.id);
          await repo.rename(group.id, input.name, clock());
        }
        let memberIds = group.memberIds;
        if (input.memberIds !== undefined) {
          memberIds = await checkedMembers(tx, group.organizationId, input.memberIds);
          const joining = memberIds.filter((id) => !group.memberIds.includes(id));
          const leaving = group.memberIds.filter((id) => !memberIds.includes(id));
          // Joining or leaving a group that carries permissions grants or takes them away.
          if (joining.length + leaving.length > 0) assertMayChangePermissions(auth.permissions, [], group.permissions);
          await repo.setMembers(group.id, memberIds);
        }
        await recordChange(
          tx,
          auth,
          group.id,
          changedFields(
            { name: group.name, memberIds: [...group.memberIds].sort() },
            { name: input.name ?? group.name, memberIds: [...memberIds].sort() },
          ),
        );
        return (await describe(tx, group.organizationId, [{ ...group, name: input.name ?? group.name }]))[0]!;
      });
    },

    async setPermissions(auth: AuthContext, groupId: string, permissions: OrganizationPermission[]) {
      return transaction(db, async (tx) => {
        const group = await lockGroup(tx, auth, groupId);
        assertMayChangePermissions(auth.permissions, group.permissions, permissions);
        const next = [...new Set(permissions)];
        await groupsRepository(tx, group.organizationId).setPermissions(group.id, next);
        await recordChange(
          tx,
          auth,
          group.id,
          changedFields({ permissions: [...group.permissions].sort() }, { permissions: [...next].sort() }),
        );
        return (await describe(tx, group.organizationId, [group]))[0]!;
      });
    },

    async remove(auth: AuthContext, groupId: string, otpCode: string) {
      return transaction(db, async (tx) => {
        const group = await lockGroup(tx, auth, groupId);
        // Deleting a group takes its permissions away from its members.
        if (group.memberIds.length > 0) assertMayChangePermissions(auth.permissions, group.permissions, []);
        await consumeCallerOtp(tx, deps, auth.accountId, otpCode);
        await groupsRepository(tx, group.organizationId).delete(group.id);
        await recordAudit(
          tx,
          actorOf(auth),
          {
            action: 'GROUP_DELETED',
            objectType: 'group',
            objectId: group.id,
            before: { name: group.name, memberIds: group.memberIds, permissions: group.permissions },
          },
          clock(),
        );
        return { ok: true as const };
      });
    },
  };
}
