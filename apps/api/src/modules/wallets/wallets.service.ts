import { randomEosAccountName } from '@vaultline/chains';
import {
  type ApprovalLineTemplate,
  type Blockchain,
  type CallResponse,
  type ChainFamily,
  familyOf,
  type Wallet,
  type walletListCall,
  walletNameProblem,
} from '@vaultline/contracts';
import { type Db, transaction } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { JsonText, jsonObjectText } from '../../http/json-text.js';
import { canSeeRequest } from '../access/request.policy.js';
import { visibleWalletIds } from '../access/visibility.repository.js';
import { canManageWallet, canSeeWallet, walletScope } from '../access/wallet.policy.js';
import type { ApprovalLines } from '../approvals/approval-lines.js';
import type { LineTemplate } from '../approvals/approvals.policy.js';
import { approvalsRepository, type RequestListQuery, type RequestRow } from '../approvals/approvals.repository.js';
import type { ApprovalsService } from '../approvals/approvals.service.js';
import type { RequestsService } from '../approvals/requests.service.js';
import { actorOf, recordAudit } from '../audit/audit.js';
import type { AuthContext } from '../auth/session.service.js';
import { gasFeeAddressTaken } from '../gas-fee-wallets/gas-fee-wallets.repository.js';
import { assertCreationCovered } from '../gas-fee-wallets/gas-fee-wallets.service.js';
import { groupsRepository } from '../organization/groups.repository.js';
import { type OrganizationDeps, orgOf } from '../organization/organization.service.js';
import { addressTaken, type WalletListQuery, type WalletRow, walletsRepository } from './wallets.repository.js';

type WalletListAnswer = CallResponse<typeof walletListCall>;

export function walletsService(
  deps: OrganizationDeps & { approvals: ApprovalsService; requests: RequestsService; lines: ApprovalLines },
) {
  const { db, clock, approvals, requests, lines } = deps;
  /** A wallet the caller may see (access/wallet.policy), with the caller's role in it; 404 otherwise. */
  async function visibleWallet(tx: Db, auth: AuthContext, walletId: string) {
    const repo = walletsRepository(tx, orgOf(auth));
    const wallet = await repo.find(walletId);
    if (!wallet) throw new AppError('404');
    const role = (await repo.memberships([wallet.id], auth.accountId)).get(wallet.id) ?? null;
    if (!canSeeWallet(auth, role)) throw new AppError('404');
    return { wallet, role };
  }

  async function managedWallet(tx: Db, auth: AuthContext, walletId: string) {
    const found = await visibleWallet(tx, auth, walletId);
    if (!canManageWallet(auth, found.role)) throw new AppError('403');
    return found.wallet;
  }

  async function describe(tx: Db, auth: AuthContext, rows: WalletRow[]): Promise<Wallet[]> {
    const repo = walletsRepository(tx, orgOf(auth));
    const ids = rows.map((r) => r.id);
    const { roles, counts } = await repo.memberSummary(ids, auth.accountId);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      blockchain: r.blockchain as Blockchain,
      family: r.family,
      address: r.address,
      publicKey: r.publicKey,
      derivationPath: r.derivationPath,
      custody: r.custody,
      myRole: roles.get(r.id) ?? null,
      memberCount: counts.get(r.id) ?? 0,
      createdAt: r.createdAt.toISOString(),
    }));
  }

  async function accountNameFree(tx: Db, blockchain: Blockchain, name: string) {
    // A gas-fee wallet's EOS-type account is an account like any other: no wallet may take its name.
    return !(await addressTaken(tx, blockchain, name)) && !(await gasFeeAddressTaken(tx, blockchain, name));
  }

  return {
    async requestCreation(
      auth: AuthContext,
      family: ChainFamily,
      organizationId: string,
      body: { blockchain: Blockchain; name: string; accountName?: string | undefined },
    ) {
      if (organizationId !== orgOf(auth)) throw new AppError('404');
      if (familyOf(body.blockchain) !== family) throw new AppError('4000', { reason: 'family-mismatch' });
      const problem = walletNameProblem(body.name);
      if (problem) throw new AppError(problem);
      // One spelling per name: NFC, so visually equal names are equal to the unique indexes too.
      const name = body.name.trim().normalize('NFC');
      const row = await transaction(db, async (tx) => {
        let accountName = body.accountName;
        if (family === 'eosio') {
          accountName ??= randomEosAccountName();
          if (!(await accountNameFree(tx, body.blockchain, accountName))) throw new AppError('4109', { accountName });
          await assertCreationCovered(tx, deps, organizationId, body.blockchain);
        }
        // The open request claims the name first (the database admits one open claim per name); the wallet
        // check comes after, so a request whose wallet was made meanwhile is seen, whatever the timing.
        const request = await requests.open(
          tx,
          auth,
          'WALLET_CREATION',
          {
            kind: 'WALLET_CREATION',
            name,
            blockchain: body.blockchain,
            family,
            ...(accountName ? { accountName } : {}),
          },
          { exclusiveConflict: '4006' },
        );
        if (await walletsRepository(tx, organizationId).nameTaken(name)) throw new AppError('4006');
        return request;
      });
      return approvals.detail(auth, row.id, async () => true);
    },

    decide: (
      auth: AuthContext,
      family: ChainFamily,
      requestId: string,
      decision: 'APPROVED' | 'REJECTED',
      input: { memo?: string | undefined; otpCode: string },
    ) => requests.decide(auth, requestId, decision, input, { type: 'WALLET_CREATION', family }),
    cancel: (auth: AuthContext, family: ChainFamily, requestId: string) =>
      requests.cancel(auth, requestId, { type: 'WALLET_CREATION', family }),

    async validateAccountName(auth: AuthContext, organizationId: string, accountName: string, blockchain: Blockchain) {
      if (organizationId !== orgOf(auth)) throw new AppError('404');
      const valid = /^[a-z1-5]{12}$/.test(accountName) && familyOf(blockchain) === 'eosio';
      return { accountName, valid, available: valid && (await accountNameFree(db, blockchain, accountName)) };
    },

    async list(auth: AuthContext, q: WalletListQuery) {
      const scope = walletScope(auth);
      const page = await walletsRepository(db, orgOf(auth)).list(scope, q, auth.accountId);
      const { items, total, nextCursor } = page;
      return new JsonText<WalletListAnswer>(
        jsonObjectText({ items }, { page: q.page, size: q.size, total, partial: scope !== null, nextCursor }),
      );
    },

    async get(auth: AuthContext, walletId: string) {
      const { wallet } = await visibleWallet(db, auth, walletId);
      return (await describe(db, auth, [wallet]))[0]!;
    },

    async requestVisible(auth: AuthContext, row: RequestRow) {
      const mine = await visibleWalletIds(db, orgOf(auth), walletScope(auth));
      return mine === 'ALL' || canSeeRequest(auth, row, mine);
    },

    requests: (auth: AuthContext, q: RequestListQuery) => approvals.list(auth, q),

    async getLine(auth: AuthContext, walletId: string) {
      const { wallet, role } = await visibleWallet(db, auth, walletId);
      const saved = await approvalsRepository(db, wallet.organizationId).findTemplate('WALLET', wallet.id);
      const line = (saved?.template as unknown as LineTemplate | undefined) ?? { creation: [], steps: [] };
      return lines.viewLine(
        db,
        auth,
        'WALLET',
        wallet.id,
        line,
        saved?.updatedAt ?? wallet.createdAt,
        role === 'MANAGER',
      );
    },

    async setLine(auth: AuthContext, walletId: string, template: ApprovalLineTemplate) {
      return transaction(db, async (tx) => {
        const wallet = await managedWallet(tx, auth, walletId);
        // Requests in flight were frozen with the line they were opened under: they finish first (4012).
        const repo = walletsRepository(tx, wallet.organizationId);
        await repo.lockWallet(wallet.id, 'update');
        if ((await repo.openRequests(wallet.id)).length > 0) throw new AppError('4012');
        await lines.checkApprovers(tx, wallet.organizationId, template);
        const approvals = approvalsRepository(tx, wallet.organizationId);
        const previous = await approvals.findTemplate('WALLET', wallet.id);
        const row = await approvals.saveTemplate({
          scope: 'WALLET',
          walletId: wallet.id,
          template,
          updatedBy: auth.accountId,
          updatedAt: clock(),
        });
        await recordAudit(
          tx,
          actorOf(auth),
          {
            action: 'APPROVAL_LINE_CHANGED',
            objectType: 'wallet_approval_line',
            objectId: wallet.id,
            before: previous ? { template: previous.template } : null,
            after: { template },
          },
          clock(),
        );
        return lines.viewLine(tx, auth, 'WALLET', wallet.id, template, row.updatedAt, true);
      });
    },

    async members(auth: AuthContext, walletId: string, page: number, size: number) {
      await visibleWallet(db, auth, walletId);
      const { rows, total } = await walletsRepository(db, orgOf(auth)).members(walletId, page, size);
      return { items: rows.map(memberView), page, size, total };
    },

    async member(auth: AuthContext, walletId: string, walletMemberId: string) {
      await visibleWallet(db, auth, walletId);
      const row = await walletsRepository(db, orgOf(auth)).findMember(walletId, walletMemberId);
      if (!row) throw new AppError('404');
      return memberView(row);
    },

    async addMember(auth: AuthContext, walletId: string, memberId: string, role: 'MANAGER' | 'MEMBER') {
      return transaction(db, async (tx) => {
        const wallet = await managedWallet(tx, auth, walletId);
        const live = await groupResolverMembers(tx, wallet.organizationId, memberId);
        if (!live) throw new AppError('4103');
        const repo = walletsRepository(tx, wallet.organizationId);
        const added = await repo.addMember(wallet.id, memberId, role, clock());
        if (!added) throw new AppError('4024');
        await recordAudit(
          tx,
          actorOf(auth),
          { action: 'WALLET_MEMBER_ADDED', objectType: 'wallet', objectId: wallet.id, after: { memberId, role } },
          clock(),
        );
        return memberView((await repo.findMember(wallet.id, added.id))!);
      });
    },

    async updateMember(auth: AuthContext, walletId: string, walletMemberId: string, role: 'MANAGER' | 'MEMBER') {
      return transaction(db, async (tx) => {
        const wallet = await managedWallet(tx, auth, walletId);
        const repo = walletsRepository(tx, wallet.organizationId);
        const row = await repo.findMember(wallet.id, walletMemberId);
        if (!row) throw new AppError('404');
        if (row.m.role === 'MANAGER' && role !== 'MANAGER' && (await repo.managerCount(wallet.id)) <= 1)
          throw new AppError('4101');
        await repo.setRole(walletMemberId, role);
        if (row.m.role !== role)
          await recordAudit(
            tx,
            actorOf(auth),
            {
              action: 'WALLET_MEMBER_ROLE_CHANGED',
              objectType: 'wallet',
              objectId: wallet.id,
              before: { memberId: row.m.accountId, role: row.m.role },
              after: { memberId: row.m.accountId, role },
            },
            clock(),
          );
        return memberView({ ...row, m: { ...row.m, role } });
      });
    },

    async removeMember(auth: AuthContext, walletId: string, walletMemberId: string) {
      return transaction(db, async (tx) => {
        const wallet = await managedWallet(tx, auth, walletId);
        const repo = walletsRepository(tx, wallet.organizationId);
        const row = await repo.findMember(wallet.id, walletMemberId);
        if (!row) throw new AppError('404');
        if (row.m.role === 'MANAGER' && (await repo.managerCount(wallet.id)) <= 1) throw new AppError('4101');
        // A member who opened or must still decide a request in flight stays until it ends (4012).
        await repo.lockWallet(wallet.id, 'update');
        const open = await repo.openRequests(wallet.id);
        const involved = (r: (typeof open)[number]) =>
          r.initiatorId === row.m.accountId || r.steps.some((s) => s.eligible.includes(row.m.accountId));
        if (open.some(involved)) throw new AppError('4012');
        await repo.removeMember(walletMemberId);
        await recordAudit(
          tx,
          actorOf(auth),
          {
            action: 'WALLET_MEMBER_REMOVED',
            objectType: 'wallet',
            objectId: wallet.id,
            before: { memberId: row.m.accountId, role: row.m.role },
          },
          clock(),
        );
        return { ok: true as const };
      });
    },
  };
}

async function groupResolverMembers(tx: Db, organizationId: string, memberId: string) {
  return (await groupsRepository(tx, organizationId).liveMemberIds([memberId])).length === 1;
}

function memberView(row: {
  m: { id: string; accountId: string; role: 'MANAGER' | 'MEMBER'; createdAt: Date };
  email: string;
  userName: string;
}) {
  return {
    id: row.m.id,
    memberId: row.m.accountId,
    email: row.email,
    userName: row.userName,
    role: row.m.role,
    createdAt: row.m.createdAt.toISOString(),
  };
}

export type WalletsService = ReturnType<typeof walletsService>;
