import type { CallResponse, requestListCall } from '@vaultline/contracts';
import { AppError } from '../../http/app-error.js';
import { JsonText, jsonObjectText } from '../../http/json-text.js';
import { walletScope } from '../access/wallet.policy.js';
import type { AuthContext } from '../auth/session.service.js';
import { type OrganizationDeps, orgOf } from '../organization/organization.service.js';
import { approvalsRepository, type RequestListQuery, type RequestRow } from './approvals.repository.js';
import { requestViewValues } from './request-list-item.js';
import { requestViewText } from './request-view.js';

type RequestListAnswer = CallResponse<typeof requestListCall>;

/** Reading requests: one, a page of them, and how many wait for the caller. */
export function approvalsService(deps: OrganizationDeps) {
  const { db } = deps;

  return {
    async detail(auth: AuthContext, requestId: string, visible: (row: RequestRow) => Promise<boolean>) {
      const repo = approvalsRepository(db, orgOf(auth));
      const row = await repo.findRequest(requestId);
      if (!row || !(await visible(row))) throw new AppError('404');
      return requestViewText(repo, auth, row.id, deps.config);
    },

    /** A page of request views as PostgreSQL writes them (request-list-item.ts), sent as written. */
    async list(auth: AuthContext, q: RequestListQuery) {
      const repo = approvalsRepository(db, orgOf(auth));
      const { items, total, nextCursor } = await repo.list(
        auth.accountId,
        walletScope(auth),
        q,
        requestViewValues(deps.config),
      );
      return new JsonText<RequestListAnswer>(
        jsonObjectText({ items }, { page: q.page, size: q.size, total, nextCursor }),
      );
    },

    async actionableCount(auth: AuthContext) {
      return { count: await approvalsRepository(db, orgOf(auth)).countPendingFor(auth.accountId) };
    },
  };
}

export type ApprovalsService = ReturnType<typeof approvalsService>;
