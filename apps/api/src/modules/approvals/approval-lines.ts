import type { ApprovalLineTemplate, ApprovalLineView } from '@vaultline/contracts';
import { type Db, transaction } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { actorOf, recordAudit } from '../audit/audit.js';
import type { AuthContext } from '../auth/session.service.js';
import { groupsRepository } from '../organization/groups.repository.js';
import { organizationRepository } from '../organization/organization.repository.js';
import { type OrganizationDeps, orgOf } from '../organization/organization.service.js';
import { type GroupMembers, type LineTemplate, type PolicyError, validateTemplate } from './approvals.policy.js';
import { approvalsRepository } from './approvals.repository.js';

const POLICY_CODES: Record<PolicyError['code'], '4106' | '4107' | '4108' | '403' | '4000'> = {
  'step-required': '4000',
  'required-range': '4000',
  'too-many-required': '4106',
  'not-eligible': '403',
  'already-decided': '4107',
  'not-pending': '4108',
  'not-initiator': '403',
};
export const policyError = (e: PolicyError) => new AppError(POLICY_CODES[e.code], e);

/** Active members of each group of the organization, for expanding approvers. */
export async function groupResolver(tx: Db, organizationId: string): Promise<GroupMembers> {
  const groups = groupsRepository(tx, organizationId);
  const { rows } = await groups.list({ page: 1, size: 1000, sort: [] });
  const { members } = await groups.details(rows.map((r) => r.id));
  return (groupId) => (members.get(groupId) ?? []).map((m) => m.id);
}

/** Where a request's line is frozen from: what the request engine needs of approval lines. */
export interface LineSource {
  creationLine(tx: Db, organizationId: string): Promise<LineTemplate>;
  walletLine(tx: Db, organizationId: string, walletId: string): Promise<LineTemplate>;
}

/** Approval lines: the organization's wallet-creation line and each wallet's own line. */
export function approvalLines(deps: OrganizationDeps) {
  const { db, clock } = deps;

  /** Approvers must be this organization's active members and groups. */
  async function checkApprovers(
    tx: Db,
    organizationId: string,
    template: ApprovalLineTemplate | { creation: []; steps: ApprovalLineTemplate['steps'] },
  ) {
    const refs = [...template.creation, ...template.steps.flatMap((s) => s.approvers)];
    const memberIds = refs.flatMap((r) => (r.kind === 'MEMBER' ? [r.memberId] : []));
    const groups = groupsRepository(tx, organizationId);
    const live = await groups.liveMemberIds(memberIds);
    if (new Set(live).size !== new Set(memberIds).size) throw new AppError('4103');
    for (const r of refs) if (r.kind === 'GROUP' && !(await groups.find(r.groupId))) throw new AppError('4103');
    const members = await groupResolver(tx, organizationId);
    const problem = validateTemplate(template as LineTemplate, members);
    if (problem) throw policyError(problem);
  }

  /** The organization's wallet-creation line; by default one step approved by the owner. */
  async function creationLine(tx: Db, organizationId: string): Promise<LineTemplate> {
    const saved = await approvalsRepository(tx, organizationId).findTemplate('WALLET_CREATION', null);
    if (saved) return { creation: [], steps: (saved.template as unknown as LineTemplate).steps };
    const members = organizationRepository(tx, organizationId);
    const owners = await members.listMembers({ page: 1, size: 50, sort: [], filters: { status: ['ACTIVE'] } });
    const perms = await members.ownPermissions(owners.rows.map((r) => r.id));
    const ownerIds = owners.rows.filter((r) => perms.get(r.id)?.includes('OWNER')).map((r) => r.id);
    return {
      creation: [],
      steps: [{ requiredApprovals: 1, approvers: ownerIds.map((memberId) => ({ kind: 'MEMBER' as const, memberId })) }],
    };
  }

  async function viewLine(
    tx: Db,
    auth: AuthContext,
    scope: 'WALLET' | 'WALLET_CREATION',
    walletId: string | null,
    line: LineTemplate,
    updatedAt: Date,
    canEdit: boolean,
  ): Promise<ApprovalLineView> {
    const orgId = orgOf(auth);
    const members = await groupResolver(tx, orgId);
    const refs = [...line.creation, ...line.steps.flatMap((s) => s.approvers)];
    const people = await approvalsRepository(tx, orgId).people(
      refs.flatMap((r) => (r.kind === 'MEMBER' ? [r.memberId] : [])),
    );
    const groups = await groupsRepository(tx, orgId).list({ page: 1, size: 1000, sort: [] });
    const name = (r: LineTemplate['creation'][number]) =>
      r.kind === 'MEMBER'
        ? {
            kind: 'MEMBER' as const,
            id: r.memberId,
            name: people.get(r.memberId)?.userName || people.get(r.memberId)?.email || '',
          }
        : { kind: 'GROUP' as const, id: r.groupId, name: groups.rows.find((g) => g.id === r.groupId)?.name ?? '' };
    return {
      scope,
      walletId,
      creation: line.creation.map(name),
      steps: line.steps.map((s) => ({
        requiredApprovals: s.requiredApprovals,
        approvers: s.approvers.map(name),
        eligibleCount: new Set(s.approvers.flatMap((a) => (a.kind === 'MEMBER' ? [a.memberId] : members(a.groupId))))
          .size,
      })),
      updatedAt: updatedAt.toISOString(),
      canEdit,
    };
  }

  /** A wallet's line; a wallet without one has no steps (its creators are then only those exempt). */
  async function walletLine(tx: Db, organizationId: string, walletId: string): Promise<LineTemplate> {
    const saved = await approvalsRepository(tx, organizationId).findTemplate('WALLET', walletId);
    return (saved?.template as unknown as LineTemplate | undefined) ?? { creation: [], steps: [] };
  }

  return {
    checkApprovers,
    creationLine,
    walletLine,
    viewLine,

    async getCreationLine(auth: AuthContext) {
      const orgId = orgOf(auth);
      const saved = await approvalsRepository(db, orgId).findTemplate('WALLET_CREATION', null);
      const line = await creationLine(db, orgId);
      return viewLine(
        db,
        auth,
        'WALLET_CREATION',
        null,
        line,
        saved?.updatedAt ?? new Date(0),
        auth.permissions.includes('MANAGEMENT_PERMISSION_SETTINGS'),
      );
    },

    async updateCreationLine(auth: AuthContext, steps: ApprovalLineTemplate['steps']) {
      return transaction(db, async (tx) => {
        const orgId = orgOf(auth);
        await checkApprovers(tx, orgId, { creation: [], steps });
        const previous = await approvalsRepository(tx, orgId).findTemplate('WALLET_CREATION', null);
        await recordAudit(
          tx,
          actorOf(auth),
          {
            action: 'APPROVAL_LINE_CHANGED',
            objectType: 'wallet_creation_line',
            objectId: null,
            before: previous ? { template: previous.template } : null,
            after: { template: { steps } },
          },
          clock(),
        );
        const row = await approvalsRepository(tx, orgId).saveTemplate({
          scope: 'WALLET_CREATION',
          walletId: null,
          template: { steps },
          updatedBy: auth.accountId,
          updatedAt: clock(),
        });
        return viewLine(tx, auth, 'WALLET_CREATION', null, { creation: [], steps }, row.updatedAt, true);
      });
    },
  };
}

export type ApprovalLines = ReturnType<typeof approvalLines>;
