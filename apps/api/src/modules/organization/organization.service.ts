import type { OrganizationPermission } from '@vaultline/contracts';
import type { Config } from '../../config.js';
import { type Db, transaction } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import type { RsaKeyring } from '../../security/rsa.js';
import { assertMayChangePermissions } from '../access/permission-grant.policy.js';
import { actorOf, changedFields, recordAudit } from '../audit/audit.js';
import { authRepository } from '../auth/auth.repository.js';
import { consumeCallerOtp } from '../auth/otp.service.js';
import type { AuthContext } from '../auth/session.service.js';
import { describeMembers } from './member-view.js';
import { type MemberListQuery, organizationRepository } from './organization.repository.js';

export interface OrganizationDeps {
  db: Db;
  config: Config;
  clock: () => Date;
  keyring: RsaKeyring;
}

/** The organization's own caller, always a member: every query below is scoped by their organization. */
export function orgOf(auth: AuthContext): string {
  if (!auth.organizationId) throw new AppError('403');
  return auth.organizationId;
}

export function organizationService(deps: OrganizationDeps) {
  const { db, clock } = deps;

  return {
    async me(auth: AuthContext) {
      const repo = organizationRepository(db, orgOf(auth));
      const org = await repo.findOrganization();
      if (!org) throw new AppError('404');
      return {
        id: org.id,
        name: org.name,
        myPermissions: auth.permissions,
        memberCount: await repo.countActiveMembers(),
        createdAt: org.createdAt.toISOString(),
      };
    },

    async list(auth: AuthContext, query: MemberListQuery) {
      const repo = organizationRepository(db, orgOf(auth));
      const { rows, total, nextCursor } = await repo.listMembers(query);
      const items = await describeMembers(repo, rows, clock());
      return { items, page: query.page, size: query.size, total, nextCursor };
    },

    async byEmail(auth: AuthContext, email: string) {
      const repo = organizationRepository(db, orgOf(auth));
      const row = await repo.findLiveMemberByEmail(email);
      if (!row) throw new AppError('404');
      return (await describeMembers(repo, [row], clock()))[0]!;
    },

    /** Own permissions of a member; the owner's are not edited here and OWNER is never handed out. */
    async setPermissions(auth: AuthContext, memberId: string, permissions: OrganizationPermission[]) {
      return transaction(db, async (tx) => {
        const repo = organizationRepository(tx, orgOf(auth));
        const member = await repo.findMember(memberId, { lock: true });
        if (!member || (member.status !== 'ACTIVE' && member.status !== 'INVITED')) throw new AppError('404');
        const current = (await repo.ownPermissions([member.id])).get(member.id) ?? [];
        if (current.includes('OWNER')) throw new AppError('4101');
        assertMayChangePermissions(auth.permissions, current, permissions);
        const next = [...new Set(permissions)];
        await repo.setOwnPermissions(member.id, next);
        await repo.updateMember(member.id, {}, clock());
        const change = changedFields({ permissions: [...current].sort() }, { permissions: [...next].sort() });
        if (change.after || change.before)
          await recordAudit(
            tx,
            actorOf(auth),
            { action: 'MEMBER_PERMISSIONS_CHANGED', objectType: 'member', objectId: member.id, ...change },
            clock(),
          );
        return (await describeMembers(repo, [member], clock()))[0]!;
      });
    },

    /** Removes a member: status DELETED, out of every group, every session ended; needs the caller's code. */
    async remove(auth: AuthContext, memberId: string, otpCode: string) {
      if (memberId === auth.accountId) throw new AppError('4102');
      return transaction(db, async (tx) => {
        const repo = organizationRepository(tx, orgOf(auth));
        const member = await repo.findMember(memberId, { lock: true });
        if (member?.status !== 'ACTIVE') throw new AppError('404');
        if (((await repo.ownPermissions([member.id])).get(member.id) ?? []).includes('OWNER'))
          throw new AppError('4101');
        // Removing a member takes their permissions away: the same rule as changing them.
        assertMayChangePermissions(auth.permissions, await repo.effectivePermissionsOf(member.id), []);
        await consumeCallerOtp(tx, deps, auth.accountId, otpCode);
        const now = clock();
        await repo.updateMember(member.id, { status: 'DELETED' }, now);
        await repo.setOwnPermissions(member.id, []);
        await repo.removeFromAllGroups(member.id);
        await authRepository(tx).revokeSessions(member.id, 'LOGOUT', now);
        await recordAudit(
          tx,
          actorOf(auth),
          {
            action: 'MEMBER_DELETED',
            objectType: 'member',
            objectId: member.id,
            before: { status: member.status, email: member.email },
            after: { status: 'DELETED' },
          },
          now,
        );
        return { ok: true as const };
      });
    },
  };
}
