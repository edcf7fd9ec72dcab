import { type OperatorRole, operatorCan, type WorkflowType } from '@vaultline/contracts';
import { type Db, transaction } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { actorOf, recordAudit } from '../audit/audit.js';
import { authRepository } from '../auth/auth.repository.js';
import { consumeCallerOtp } from '../auth/otp.service.js';
import type { AuthContext } from '../auth/session.service.js';
import {
  type ColdWalletProposal,
  checkColdAccountOnChain,
  coldWalletPayload,
  type EosAccountAuthority,
  importColdWallet,
} from '../cold-signing/cold-wallet-import.js';
import type { invitationsService } from '../organization/invitations.service.js';
import { organizationRepository } from '../organization/organization.repository.js';
import type { OrganizationDeps } from '../organization/organization.service.js';
import { operatorRepository, type WorkflowRow } from './operator.repository.js';
import { describeOrganizations, describeWorkflows } from './operator.view.js';

type Invitations = ReturnType<typeof invitationsService>;
type Lang = 'EN' | 'KO';

const UPDATE_TYPES: WorkflowType[] = [
  'ORGANIZATION_UPDATE_DETAIL',
  'ORGANIZATION_UPDATE_CUSTODY_FEE',
  'ORGANIZATION_UPDATE_AML_STATUS',
  'ORGANIZATION_UPDATE_CUSTODY_POLICY',
];

export function operatorService(
  deps: OrganizationDeps & { invitations: Invitations; eosAccountAuthority?: EosAccountAuthority },
) {
  const { db, clock, invitations } = deps;
  const roleOf = (auth: AuthContext) => auth.operatorRole as OperatorRole | null;

  async function view(auth: AuthContext, row: WorkflowRow) {
    return (await describeWorkflows(operatorRepository(db), auth, [row]))[0]!;
  }

  /** An owner-to-be: an invited account holding OWNER, with its invitation mail to send after commit. */
  async function inviteOwner(tx: Db, organizationId: string, email: string, invitedBy: string) {
    const repo = organizationRepository(tx, organizationId);
    const existing = await authRepository(tx).findLiveAccountByEmail(email);
    if (existing) throw new AppError(existing.organizationId === organizationId ? '4024' : '4027', { email });
    const account = await repo.insertMember({
      email: email.toLowerCase(),
      status: 'INVITED',
    });
    await repo.setOwnPermissions(account.id, ['OWNER']);
    const { invitation, token } = await invitations.issue(tx, account, 'OWNER', invitedBy);
    const org = await repo.findOrganization();
    return {
      to: account.email,
      invitationId: invitation.id,
      token,
      organizationName: org!.name,
      inviterName: '',
      kind: 'OWNER' as const,
      expiresAt: invitation.expiresAt,
    };
  }

  /** Carries out an approved workflow inside the deciding transaction; returns mail to send after commit. */
  async function apply(tx: Db, w: WorkflowRow, auth: AuthContext) {
    const repo = operatorRepository(tx);
    const now = clock();
    const p = w.payload;
    switch (w.type) {
      case 'ORGANIZATION_CREATION': {
        const org = await repo.insertOrganization({
          name: p.name as string,
          businessRegistrationNumber: p.businessRegistrationNumber as string,
          representativeName: p.representativeName as string,
          custodyFeeBps: p.custodyFeeBps as number,
          createdAt: now,
          updatedAt: now,
        });
        await repo.insertAmlRecord({
          organizationId: org.id,
          status: 'NOT_CHECKED',
          reason: 'Organization created',
          workflowId: w.id,
          changedBy: auth.accountId,
          changedAt: now,
        });
        return { organizationId: org.id, mail: null };
      }
      case 'OWNER_INVITATION':
        return {
          organizationId: w.organizationId,
          mail: await inviteOwner(tx, w.organizationId!, p.email as string, w.createdBy),
        };
      case 'ORGANIZATION_UPDATE_DETAIL': {
        const { name, businessRegistrationNumber, representativeName } = p as Record<string, string | undefined>;
        await repo.updateOrganization(
          w.organizationId!,
          {
            ...(name ? { name } : {}),
            ...(businessRegistrationNumber ? { businessRegistrationNumber } : {}),
            ...(representativeName ? { representativeName } : {}),
          },
          now,
        );
        return { organizationId: w.organizationId, mail: null };
      }
      case 'ORGANIZATION_UPDATE_CUSTODY_FEE':
        await repo.updateOrganization(w.organizationId!, { custodyFeeBps: p.custodyFeeBps as number }, now);
        return { organizationId: w.organizationId, mail: null };
      // New wallets only: the engine reads the policy when a wallet creation's line approves it.
      case 'ORGANIZATION_UPDATE_CUSTODY_POLICY':
        await repo.updateOrganization(
          w.organizationId!,
          {
            newWalletCustody: p.newWalletCustody === 'COLD' ? 'COLD' : 'HOT',
            coldSignersRequired: p.coldSignersRequired === 2 ? 2 : 1,
          },
          now,
        );
        return { organizationId: w.organizationId, mail: null };
      case 'ORGANIZATION_UPDATE_AML_STATUS': {
        const status = p.amlStatus as 'NOT_CHECKED' | 'CLEARED' | 'UNDER_REVIEW' | 'BLOCKED';
        await repo.updateOrganization(w.organizationId!, { amlStatus: status, amlCheckedAt: now }, now);
        await repo.insertAmlRecord({
          organizationId: w.organizationId!,
          status,
          reason: p.reason as string,
          workflowId: w.id,
          changedBy: auth.accountId,
          changedAt: now,
        });
        return { organizationId: w.organizationId, mail: null };
      }
      case 'COLD_WALLET_IMPORT': {
        const proposal = p as unknown as ColdWalletProposal;
        await importColdWallet(
          tx,
          { id: w.id, organizationId: w.organizationId!, payload: proposal },
          now,
          deps.config,
        );
        return { organizationId: w.organizationId, mail: null };
      }
    }
  }

  return {
    async create(auth: AuthContext, type: WorkflowType, payload: Record<string, unknown>) {
      if (!operatorCan(roleOf(auth), 'createWorkflow')) throw new AppError('403', { ability: 'createWorkflow' });
      const organizationId = typeof payload.organizationId === 'string' ? payload.organizationId : null;
      const { organizationId: _omit, ...rest } = payload;
      if (type === 'COLD_WALLET_IMPORT') {
        await checkColdAccountOnChain(rest as unknown as ColdWalletProposal, deps.config, deps.eosAccountAuthority);
      }
      const row = await transaction(db, async (tx) => {
        if (organizationId && !(await operatorRepository(tx).findOrganization(organizationId)))
          throw new AppError('404');
        if (type === 'OWNER_INVITATION') {
          // One owner invitation at a time: a second proposal waits until the first is decided.
          const open = await operatorRepository(tx).listWorkflows({
            page: 1,
            size: 1,
            sort: [],
            filters: {
              status: ['IN_PROGRESS'],
              type: ['OWNER_INVITATION'],
              organizationId: organizationId ?? undefined,
            },
          });
          if (open.total > 0) throw new AppError('4012');
          const owner = (await operatorRepository(tx).owners([organizationId!])).get(organizationId!);
          if (owner) throw new AppError('4024', { email: owner.email });
          const existing = await authRepository(tx).findLiveAccountByEmail(rest.email as string);
          if (existing)
            throw new AppError(existing.organizationId === organizationId ? '4024' : '4027', { email: rest.email });
        }
        // A cold wallet's key is read and checked before anyone is asked to approve it; the address it derives is
        // shown to the approver, who compares it with the signer's own screen.
        const payload =
          type === 'COLD_WALLET_IMPORT'
            ? await coldWalletPayload(tx, organizationId!, rest as unknown as ColdWalletProposal)
            : rest;
        const created = await operatorRepository(tx).insertWorkflow({
          type,
          status: 'IN_PROGRESS',
          organizationId,
          payload,
          createdBy: auth.accountId,
          createdAt: clock(),
        });
        await recordAudit(
          tx,
          actorOf(auth),
          {
            action: 'OPERATOR_WORKFLOW_PROPOSED',
            organizationId,
            objectType: 'operator_workflow',
            objectId: created.id,
            after: { type, payload },
          },
          clock(),
        );
        return created;
      });
      return view(auth, row);
    },

    /** Approve, reject or cancel: one decision, recorded with who and when; approval applies in the same transaction. */
    async decide(
      auth: AuthContext,
      workflowId: string,
      action: 'approve' | 'reject' | 'cancel',
      body: { memo?: string | undefined; otpCode?: string | undefined },
      family: 'creation' | 'owner' | 'update' | 'cold',
      lang: Lang,
    ) {
      if (family === 'cold' && action === 'approve' && operatorCan(roleOf(auth), 'decideWorkflow')) {
        // Asked again before the deciding transaction: the account's keys may have changed since the proposal.
        const w = await operatorRepository(db).findWorkflow(workflowId);
        if (w?.type === 'COLD_WALLET_IMPORT' && w.status === 'IN_PROGRESS') {
          const proposal = w.payload as unknown as ColdWalletProposal;
          await checkColdAccountOnChain(proposal, deps.config, deps.eosAccountAuthority);
        }
      }
      const { row, mail } = await transaction(db, async (tx) => {
        const repo = operatorRepository(tx);
        const w = await repo.lockWorkflow(workflowId);
        const types: Record<typeof family, WorkflowType[]> = {
          creation: ['ORGANIZATION_CREATION'],
          owner: ['OWNER_INVITATION'],
          update: UPDATE_TYPES,
          cold: ['COLD_WALLET_IMPORT'],
        };
        if (!w || !types[family].includes(w.type)) throw new AppError('404');
        if (w.status !== 'IN_PROGRESS') throw new AppError('4104', { status: w.status });
        if (action === 'cancel') {
          if (w.createdBy !== auth.accountId) throw new AppError('403');
        } else {
          if (w.createdBy === auth.accountId) throw new AppError('4105');
          if (!operatorCan(roleOf(auth), 'decideWorkflow')) throw new AppError('403', { ability: 'decideWorkflow' });
          // A decision asks for the operator's own fresh code (the contract requires it for approve and reject).
          await consumeCallerOtp(tx, deps, auth.accountId, body.otpCode ?? '');
        }
        const now = clock();
        const status = action === 'approve' ? 'APPROVED' : action === 'reject' ? 'REJECTED' : 'CANCELED';
        const applied =
          action === 'approve' ? await apply(tx, w, auth) : { organizationId: w.organizationId, mail: null };
        const row = await repo.decideWorkflow(w.id, {
          status,
          decidedBy: auth.accountId,
          decidedAt: now,
          memo: body.memo ?? null,
          organizationId: applied.organizationId,
        });
        const actions = {
          approve: 'OPERATOR_WORKFLOW_APPROVED',
          reject: 'OPERATOR_WORKFLOW_REJECTED',
          cancel: 'OPERATOR_WORKFLOW_CANCELED',
        } as const;
        await recordAudit(
          tx,
          actorOf(auth),
          {
            action: actions[action],
            organizationId: applied.organizationId,
            objectType: 'operator_workflow',
            objectId: w.id,
            before: { status: w.status },
            after: { status, type: w.type, ...(body.memo ? { memo: body.memo } : {}) },
          },
          now,
        );
        return { row, mail: applied.mail };
      });
      if (mail) await invitations.deliver([mail], lang);
      return view(auth, row);
    },

    async resendOwnerInvitation(auth: AuthContext, organizationId: string, lang: Lang) {
      if (!operatorCan(roleOf(auth), 'createWorkflow')) throw new AppError('403');
      const mail = await transaction(db, async (tx) => {
        const owner = (await operatorRepository(tx).owners([organizationId])).get(organizationId);
        if (owner?.status !== 'INVITED') throw new AppError('404');
        const { invitation, token } = await invitations.issue(tx, owner, 'OWNER', auth.accountId);
        const org = await organizationRepository(tx, organizationId).findOrganization();
        return {
          to: owner.email,
          invitationId: invitation.id,
          token,
          organizationName: org!.name,
          inviterName: '',
          kind: 'OWNER' as const,
          expiresAt: invitation.expiresAt,
        };
      });
      await invitations.deliver([mail], lang);
      return { ok: true as const, expiresAt: mail.expiresAt.toISOString() };
    },

    async organizations(
      auth: AuthContext,
      q: Parameters<ReturnType<typeof operatorRepository>['listOrganizations']>[0],
    ) {
      const repo = operatorRepository(db);
      const { rows, total } = await repo.listOrganizations(q);
      return { items: await describeOrganizations(repo, auth, rows), page: q.page, size: q.size, total };
    },

    async organization(auth: AuthContext, organizationId: string) {
      const repo = operatorRepository(db);
      const row = await repo.findOrganization(organizationId);
      if (!row) throw new AppError('404');
      const [org] = await describeOrganizations(repo, auth, [row]);
      const { rows } = await repo.listWorkflows({ page: 1, size: 50, sort: [], filters: { organizationId } });
      return { ...org!, workflows: await describeWorkflows(repo, auth, rows) };
    },

    async workflows(auth: AuthContext, q: Parameters<ReturnType<typeof operatorRepository>['listWorkflows']>[0]) {
      const repo = operatorRepository(db);
      const { rows, total } = await repo.listWorkflows(q);
      return { items: await describeWorkflows(repo, auth, rows), page: q.page, size: q.size, total };
    },

    async aml(q: Parameters<ReturnType<typeof operatorRepository>['listAml']>[0]) {
      const repo = operatorRepository(db);
      const { rows, total } = await repo.listAml(q);
      const people = await repo.accountsById([...new Set(rows.flatMap((r) => (r.changedBy ? [r.changedBy] : [])))]);
      const names = await repo.organizationNames([...new Set(rows.map((r) => r.organizationId))]);
      const items = rows.map((r) => {
        const a = r.changedBy ? people.get(r.changedBy) : undefined;
        return {
          id: r.id,
          organizationId: r.organizationId,
          organizationName: names.get(r.organizationId) ?? '',
          status: r.status,
          reason: r.reason,
          changedBy: a
            ? { id: a.id, email: a.email, userName: a.userName, role: (a.operatorRole as OperatorRole | null) ?? null }
            : null,
          changedAt: r.changedAt.toISOString(),
        };
      });
      return { items, page: q.page, size: q.size, total };
    },
  };
}
