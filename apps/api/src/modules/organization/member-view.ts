import { effectivePermissions, type MemberSummary } from '@vaultline/contracts';
import type { AccountRow, OrganizationRepository } from './organization.repository.js';

/** Members as the screens show them: permissions, groups and any pending invitation. */
export async function describeMembers(
  repo: OrganizationRepository,
  rows: AccountRow[],
  now: Date,
): Promise<MemberSummary[]> {
  const ids = rows.map((r) => r.id);
  // One after another: the repository may be bound to a transaction, whose one connection takes one query at a time.
  const own = await repo.ownPermissions(ids);
  const groups = await repo.groupsOf(ids);
  const invites = await repo.pendingInvitations(ids);
  return rows.map((r) => {
    const g = groups.get(r.id) ?? [];
    const mine = own.get(r.id) ?? [];
    const invitation = invites.get(r.id);
    return {
      id: r.id,
      email: r.email,
      firstName: r.firstName,
      lastName: r.lastName,
      userName: r.userName,
      status: r.status,
      displayStatus: r.status === 'ACTIVE' ? 'joined' : r.status === 'INVITED' ? 'invited' : null,
      permissions: mine,
      effectivePermissions: effectivePermissions(
        mine,
        g.map((x) => x.permissions),
      ),
      groups: g.map(({ id, name }) => ({ id, name })),
      invitation:
        r.status === 'INVITED' && invitation
          ? {
              id: invitation.id,
              expiresAt: invitation.expiresAt.toISOString(),
              expired: invitation.expiresAt.getTime() <= now.getTime(),
            }
          : null,
      createdAt: r.createdAt.toISOString(),
    };
  });
}
