import { LIMITS, type OrganizationPermission } from '@vaultline/contracts';
import { type Db, transaction } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import type { Mailer } from '../../mail/mailer.js';
import { renderMail } from '../../mail/templates.js';
import { randomToken, sha256 } from '../../security/at-rest.js';
import { hashPassword } from '../../security/passwords.js';
import { assertMayChangePermissions } from '../access/permission-grant.policy.js';
import { accountActor, actorOf, recordAudit } from '../audit/audit.js';
import { newPasswordProblem } from '../auth/auth.policy.js';
import { authRepository } from '../auth/auth.repository.js';
import { openSecret } from '../auth/secrets.js';
import type { AuthContext } from '../auth/session.service.js';
import { groupsRepository } from './groups.repository.js';
import { describeMembers } from './member-view.js';
import { type AccountRow, lockInvitation, organizationRepository } from './organization.repository.js';
import { type OrganizationDeps, orgOf } from './organization.service.js';

const VALID_MS = LIMITS.INVITATION_HOURS * 3_600_000;

interface PendingMail {
  to: string;
  invitationId: string;
  token: string;
  organizationName: string;
  inviterName: string;
  kind: 'MEMBER' | 'OWNER';
}

export function invitationsService(deps: OrganizationDeps & { mailer: Mailer }) {
  const { db, config, clock, keyring } = deps;

  /** A new invitation (older pending ones of the account closed) and the mail to send after commit. */
  async function issue(tx: Db, account: AccountRow, kind: 'MEMBER' | 'OWNER', invitedBy: string | null) {
    // The account's own organization: an invitation is always issued within the invitee's organization.
    const repo = organizationRepository(tx, account.organizationId!);
    const now = clock();
    await repo.closeInvitations(account.id, 'CANCELED', now);
    const token = randomToken(24);
    const invitation = await repo.insertInvitation({
      accountId: account.id,
      kind,
      email: account.email,
      tokenHash: sha256(token),
      invitedBy,
      status: 'PENDING',
      createdAt: now,
      expiresAt: new Date(now.getTime() + VALID_MS),
    });
    return { invitation, token };
  }

  async function deliver(mails: PendingMail[], lang: 'EN' | 'KO') {
    for (const m of mails) {
      const link = `${config.appBaseUrl}/account/login?mode=signup&invitationId=${m.invitationId}&token=${encodeURIComponent(m.token)}`;
      const mail =
        m.kind === 'OWNER'
          ? renderMail('owner-invitation', lang, {
              organizationName: m.organizationName,
              link,
              expiresHours: LIMITS.INVITATION_HOURS,
            })
          : renderMail('member-invitation', lang, {
              organizationName: m.organizationName,
              inviterName: m.inviterName,
              link,
              expiresHours: LIMITS.INVITATION_HOURS,
            });
      await deps.mailer.send({ to: m.to, ...mail });
    }
  }

  /** An invitation link as presented: the right token, still pending, not expired, not yet signed up. */
  async function openInvitation(tx: Db, invitationId: string, token: string) {
    const invitation = await lockInvitation(tx, invitationId);
    if (!invitation || invitation.tokenHash !== sha256(token)) throw new AppError('4017');
    if (invitation.status === 'CANCELED') throw new AppError('4018');
    if (invitation.status === 'ACCEPTED') throw new AppError('4031');
    // From here on the invitation's organization is known: everything goes through a repository bound to it.
    const repo = organizationRepository(tx, invitation.organizationId);
    const account = await repo.findMember(invitation.accountId, { lock: true });
    if (!account || account.status === 'CANCELED' || account.status === 'DELETED') throw new AppError('4018');
    if (account.status === 'ACTIVE') throw new AppError('4019');
    if (invitation.expiresAt.getTime() <= clock().getTime()) throw new AppError('4016');
    const org = await repo.findOrganization();
    return { invitation, account, organizationName: org?.name ?? '' };
  }

  async function inviterName(tx: Db, auth: AuthContext) {
    const me = await authRepository(tx).findAccount(auth.accountId);
    return me?.userName || me?.email || '';
  }

  return {
    issue,
    deliver,

    async invite(
      auth: AuthContext,
      input: { emails: string[]; permissions: OrganizationPermission[]; groupIds: string[] },
      lang: 'EN' | 'KO',
    ) {
      const emails = input.emails.map((e) => e.trim().toLowerCase());
      const repeated = emails.find((e, i) => emails.indexOf(e) !== i);
      if (repeated) throw new AppError('4024', { email: repeated });
      const { rows, mails } = await transaction(db, async (tx) => {
        const orgId = orgOf(auth);
        const repo = organizationRepository(tx, orgId);
        const groups = groupsRepository(tx, orgId);
        for (const id of input.groupIds) if (!(await groups.find(id))) throw new AppError('404', { groupId: id });
        // The invitee starts with these permissions, directly and through the groups: a grant like any other.
        const granted = (await groups.details(input.groupIds)).permissions;
        assertMayChangePermissions(auth.permissions, [], [...input.permissions, ...[...granted.values()].flat()]);
        const org = await repo.findOrganization();
        const from = await inviterName(tx, auth);
        const rows: AccountRow[] = [];
        const mails: PendingMail[] = [];
        for (const email of emails) {
          const existing = await authRepository(tx).findLiveAccountByEmail(email);
          if (existing) throw new AppError(existing.organizationId === orgId ? '4024' : '4027', { email });
          const account = await repo.insertMember({ email, status: 'INVITED' });
          await repo.setOwnPermissions(account.id, input.permissions);
          for (const groupId of input.groupIds) {
            const current = (await groups.details([groupId])).members.get(groupId)?.map((m) => m.id) ?? [];
            await groups.setMembers(groupId, [...current, account.id]);
          }
          const { invitation, token } = await issue(tx, account, 'MEMBER', auth.accountId);
          await recordAudit(
            tx,
            actorOf(auth),
            {
              action: 'MEMBER_INVITED',
              objectType: 'member',
              objectId: account.id,
              after: { email, permissions: input.permissions, groupIds: input.groupIds },
            },
            clock(),
          );
          rows.push(account);
          mails.push({
            to: email,
            invitationId: invitation.id,
            token,
            organizationName: org!.name,
            inviterName: from,
            kind: 'MEMBER',
          });
        }
        return { rows, mails };
      });
      await deliver(mails, lang);
      return { invited: await describeMembers(organizationRepository(db, orgOf(auth)), rows, clock()) };
    },

    async reinvite(auth: AuthContext, memberId: string, lang: 'EN' | 'KO') {
      const { account, mail } = await transaction(db, async (tx) => {
        const repo = organizationRepository(tx, orgOf(auth));
        const account = await repo.findMember(memberId, { lock: true });
        if (account?.status !== 'INVITED') throw new AppError('404');
        const owner = ((await repo.ownPermissions([account.id])).get(account.id) ?? []).includes('OWNER');
        const { invitation, token } = await issue(tx, account, owner ? 'OWNER' : 'MEMBER', auth.accountId);
        await recordAudit(
          tx,
          actorOf(auth),
          {
            action: 'MEMBER_INVITED',
            objectType: 'member',
            objectId: account.id,
            after: { email: account.email, again: true },
          },
          clock(),
        );
        const org = await repo.findOrganization();
        const mail: PendingMail = {
          to: account.email,
          invitationId: invitation.id,
          token,
          organizationName: org!.name,
          inviterName: await inviterName(tx, auth),
          kind: invitation.kind,
        };
        return { account, mail };
      });
      await deliver([mail], lang);
      return (await describeMembers(organizationRepository(db, orgOf(auth)), [account], clock()))[0]!;
    },

    async cancel(auth: AuthContext, memberId: string) {
      return transaction(db, async (tx) => {
        const repo = organizationRepository(tx, orgOf(auth));
        const account = await repo.findMember(memberId, { lock: true });
        if (account?.status !== 'INVITED') throw new AppError('404');
        const now = clock();
        await repo.closeInvitations(account.id, 'CANCELED', now);
        await repo.updateMember(account.id, { status: 'CANCELED' }, now);
        await repo.removeFromAllGroups(account.id);
        await recordAudit(
          tx,
          actorOf(auth),
          {
            action: 'INVITATION_CANCELED',
            objectType: 'member',
            objectId: account.id,
            before: { status: 'INVITED', email: account.email },
            after: { status: 'CANCELED' },
          },
          now,
        );
        return { ok: true as const };
      });
    },

    async verify(invitationId: string, token: string) {
      return transaction(db, async (tx) => {
        const { invitation, account, organizationName } = await openInvitation(tx, invitationId, token);
        return {
          invitationId: invitation.id,
          email: account.email,
          organizationName,
          kind: invitation.kind,
          expiresAt: invitation.expiresAt.toISOString(),
        };
      });
    },

    /** Sign-up: names and a password; the address that opened the mailed link is trusted from now on. */
    async accept(
      input: {
        invitationId: string;
        token: string;
        passphrase: string;
        userName: string;
        firstName: string;
        lastName: string;
      },
      meta: { ip: string; userAgent?: string },
    ) {
      const password = openSecret(keyring, 'passphrase', input.passphrase);
      return transaction(db, async (tx) => {
        const { account } = await openInvitation(tx, input.invitationId, input.token);
        const problem = newPasswordProblem(password, { email: account.email, sameAsCurrent: false, inRecent: false });
        if (problem) throw new AppError(problem.code, problem.code === '14' ? { missing: problem.missing } : undefined);
        const now = clock();
        const hash = await hashPassword(password);
        const repo = organizationRepository(tx, account.organizationId!);
        await repo.updateMember(
          account.id,
          {
            status: 'ACTIVE',
            userName: input.userName,
            firstName: input.firstName,
            lastName: input.lastName,
            passphraseHash: hash,
            passphraseChangedAt: now,
          },
          now,
        );
        await authRepository(tx).addPasswordHistory(account.id, hash, now);
        await repo.closeInvitations(account.id, 'ACCEPTED', now);
        await authRepository(tx).insertLoginIp({
          accountId: account.id,
          ip: meta.ip,
          codeHash: sha256(randomToken()),
          status: 'VERIFIED',
          expiresAt: now,
          verifiedAt: now,
        });
        await recordAudit(
          tx,
          accountActor(account, { ip: meta.ip, userAgent: meta.userAgent ?? '' }),
          {
            action: 'INVITATION_ACCEPTED',
            objectType: 'member',
            objectId: account.id,
            before: { status: 'INVITED' },
            after: { status: 'ACTIVE', userName: input.userName },
          },
          now,
        );
        return { ok: true as const, email: account.email };
      });
    },
  };
}
