import {
  type ApprovalLineTemplate,
  type ApprovalLineView,
  Blockchain,
  type ChainFamily,
  familyOf,
  type RequestView,
} from '@vaultline/contracts';
import type { Db } from '../../db/client.js';
import type { EngineQueue } from '../../engine/queue.js';
import { AppError } from '../../http/app-error.js';
import { consumeCallerOtp } from '../auth/otp.service.js';
import type { AuthContext } from '../auth/session.service.js';
import { groupsRepository } from '../organization/groups.repository.js';
import { organizationRepository } from '../organization/organization.repository.js';
import { type OrganizationDeps, orgOf } from '../organization/organization.service.js';
import {
  cancel,
  decide,
  type GroupMembers,
  type LineTemplate,
  type PolicyError,
  validateTemplate,
} from './approvals.policy.js';
import {
  type ApprovalsRepository,
  approvalsRepository,
  type RequestListQuery,
  type RequestRow,
} from './approvals.repository.js';
import { describeRequests, stateOf } from './request-view.js';

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

/** What the route's path says the request is: its type, and the chain family of its wallet. */
export interface ExpectedRequest {
  type: RequestRow['type'];
  family: ChainFamily;
}

/** The chain family a request acts on: named in its content, or that of the blockchain it names. */
function familyOfRequest(row: RequestRow): string | undefined {
  const payload = row.payload as { family?: unknown; blockchain?: unknown };
  if (typeof payload.family === 'string') return payload.family;
  const blockchain = Blockchain.safeParse(payload.blockchain);
  return blockchain.success ? familyOf(blockchain.data) : undefined;
}

/**
 * The request, locked, if it is the organization's and of the route's type (404 otherwise); a path whose family
 * segment differs from the request's is refused as a data mismatch (7), never decided through the wrong door.
 */
async function lockExpected(
  repo: ApprovalsRepository,
  auth: AuthContext,
  requestId: string,
  expected: ExpectedRequest,
) {
  const request = await repo.findRequest(orgOf(auth), requestId, { lock: true });
  if (!request || request.type !== expected.type) throw new AppError('404');
  if (familyOfRequest(request) !== expected.family) throw new AppError('7', { reason: 'family-mismatch' });
  return request;
}

/** Active members of each group of the organization, for expanding approvers. */
export async function groupResolver(tx: Db, organizationId: string): Promise<GroupMembers> {
  const { rows } = await groupsRepository(tx).list(organizationId, { page: 1, size: 1000, sort: [] });
  const { members } = await groupsRepository(tx).details(rows.map((r) => r.id));
  return (groupId) => (members.get(groupId) ?? []).map((m) => m.id);
}

export function approvalsService(deps: OrganizationDeps & { queue: () => EngineQueue }) {
  const { db, clock } = deps;

  /** Approvers must be this organization's active members and groups. */
  async function checkApprovers(
    tx: Db,
    organizationId: string,
    template: ApprovalLineTemplate | { creation: []; steps: ApprovalLineTemplate['steps'] },
  ) {
    const refs = [...template.creation, ...template.steps.flatMap((s) => s.approvers)];
    const memberIds = refs.flatMap((r) => (r.kind === 'MEMBER' ? [r.memberId] : []));
    const live = await groupsRepository(tx).liveMemberIds(organizationId, memberIds);
    if (new Set(live).size !== new Set(memberIds).size) throw new AppError('4103');
    for (const r of refs)
      if (r.kind === 'GROUP' && !(await groupsRepository(tx).find(organizationId, r.groupId)))
        throw new AppError('4103');
    const members = await groupResolver(tx, organizationId);
    const problem = validateTemplate(template as LineTemplate, members);
    if (problem) throw policyError(problem);
  }

  /** The organization's wallet-creation line; by default one step approved by the owner. */
  async function creationLine(tx: Db, organizationId: string): Promise<LineTemplate> {
    const saved = await approvalsRepository(tx).findTemplate(organizationId, 'WALLET_CREATION', null);
    if (saved) return { creation: [], steps: (saved.template as unknown as LineTemplate).steps };
    const owners = await organizationRepository(tx).listMembers(organizationId, {
      page: 1,
      size: 50,
      sort: [],
      filters: { status: ['ACTIVE'] },
    });
    const perms = await organizationRepository(tx).ownPermissions(owners.rows.map((r) => r.id));
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
    const people = await approvalsRepository(tx).people(refs.flatMap((r) => (r.kind === 'MEMBER' ? [r.memberId] : [])));
    const groups = await groupsRepository(tx).list(orgId, { page: 1, size: 1000, sort: [] });
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

  async function view(repo: ApprovalsRepository, auth: AuthContext, row: RequestRow): Promise<RequestView> {
    return (await describeRequests(repo, auth, [row]))[0]!;
  }

  return {
    checkApprovers,
    creationLine,
    viewLine,

    async getCreationLine(auth: AuthContext) {
      const orgId = orgOf(auth);
      const saved = await approvalsRepository(db).findTemplate(orgId, 'WALLET_CREATION', null);
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
      return db.transaction(async (tx) => {
        const orgId = orgOf(auth);
        await checkApprovers(tx as Db, orgId, { creation: [], steps });
        const row = await approvalsRepository(tx as Db).saveTemplate({
          organizationId: orgId,
          scope: 'WALLET_CREATION',
          walletId: null,
          template: { steps },
          updatedBy: auth.accountId,
          updatedAt: clock(),
        });
        return viewLine(tx as Db, auth, 'WALLET_CREATION', null, { creation: [], steps }, row.updatedAt, true);
      });
    },

    /** Creates a request with a snapshot of its line, inside the caller's transaction. */
    async open(
      tx: Db,
      values: Omit<
        typeof import('../../db/schema/index.js').requests.$inferInsert,
        'status' | 'createdAt' | 'updatedAt'
      > & { steps: RequestRow['steps'] },
    ) {
      const now = clock();
      const status = values.steps.every((s) => s.status === 'SKIPPED') ? 'APPROVED' : 'CREATED';
      return approvalsRepository(tx).insertRequest({ ...values, status, createdAt: now, updatedAt: now });
    },

    /**
     * One decision, serialized on the request row: concurrent approvals each count once, and the request is
     * handed to the engine exactly once, in the transaction that approved it.
     */
    async decide(
      auth: AuthContext,
      requestId: string,
      decision: 'APPROVED' | 'REJECTED',
      input: { memo?: string | undefined; otpCode: string },
      expected: ExpectedRequest,
    ) {
      const row = await db.transaction(async (tx) => {
        const repo = approvalsRepository(tx as Db);
        const request = await lockExpected(repo, auth, requestId, expected);
        const result = decide(stateOf(request, await repo.decisionsOf([request.id])), auth.accountId, decision);
        if ('code' in result) throw policyError(result);
        // The caller's own fresh code, consumed with the decision: a stolen session alone approves nothing.
        await consumeCallerOtp(tx as Db, deps, auth.accountId, input.otpCode);
        const step = request.steps.findIndex((s) => s.status === 'PENDING');
        await repo.insertDecision({
          requestId: request.id,
          accountId: auth.accountId,
          step,
          decision,
          memo: input.memo ?? null,
          decidedAt: clock(),
        });
        const updated = await repo.updateRequest(request.id, {
          status: result.state.status,
          steps: result.state.steps,
          updatedAt: clock(),
        });
        if (result.approvedNow)
          await deps
            .queue()
            .enqueue(tx as Db, 'wallet-creation', { requestId: request.id, organizationId: request.organizationId });
        return updated;
      });
      return view(approvalsRepository(db), auth, row);
    },

    async cancel(auth: AuthContext, requestId: string, expected: ExpectedRequest) {
      const row = await db.transaction(async (tx) => {
        const repo = approvalsRepository(tx as Db);
        const request = await lockExpected(repo, auth, requestId, expected);
        const result = cancel(stateOf(request, []), auth.accountId);
        if ('code' in result) throw policyError(result);
        return repo.updateRequest(request.id, { status: 'CANCELED', steps: result.steps, updatedAt: clock() });
      });
      return view(approvalsRepository(db), auth, row);
    },

    async detail(auth: AuthContext, requestId: string, visible: (row: RequestRow) => Promise<boolean>) {
      const repo = approvalsRepository(db);
      const row = await repo.findRequest(orgOf(auth), requestId);
      if (!row || !(await visible(row))) throw new AppError('404');
      return view(repo, auth, row);
    },

    async list(auth: AuthContext, visibleWalletIds: string[] | 'ALL', q: RequestListQuery) {
      const repo = approvalsRepository(db);
      const { rows, total } = await repo.list(orgOf(auth), auth.accountId, visibleWalletIds, q);
      return { items: await describeRequests(repo, auth, rows), page: q.page, size: q.size, total };
    },

    async actionableCount(auth: AuthContext) {
      return { count: await approvalsRepository(db).countPendingFor(orgOf(auth), auth.accountId) };
    },
  };
}

export type ApprovalsService = ReturnType<typeof approvalsService>;
