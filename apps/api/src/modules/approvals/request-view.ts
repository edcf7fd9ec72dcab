import type { RequestView } from '@vaultline/contracts';
import type { Config } from '../../config.js';
import { AppError } from '../../http/app-error.js';
import { JsonText } from '../../http/json-text.js';
import type { AuthContext } from '../auth/session.service.js';
import type { RequestState } from './approvals.policy.js';
import type { ApprovalsRepository, RequestRow } from './approvals.repository.js';
import { requestViewValues } from './request-list-item.js';

export function stateOf(
  row: RequestRow,
  decisions: { accountId: string; step: number; decision: 'APPROVED' | 'REJECTED' }[],
): RequestState {
  return {
    status: row.status,
    initiatorId: row.initiatorId,
    steps: row.steps as RequestState['steps'],
    decisions: decisions.map((d) => ({ memberId: d.accountId, step: d.step, decision: d.decision })),
  };
}

/**
 * A request as the approvals screens show it to `auth` (every step, who decided what, who is awaited, where a
 * request that sends a chain transaction stands), as PostgreSQL writes a list's item: the single-request call,
 * creations and decisions answer what the list shows. Read after the commit that changed the request, whose
 * deferred triggers rewrote its kept view (migration 0041).
 */
export async function requestViewText(
  repo: ApprovalsRepository,
  auth: AuthContext,
  requestId: string,
  config: Pick<Config, 'chainRpc' | 'production'>,
): Promise<JsonText<RequestView>> {
  const text = await repo.item(auth.accountId, requestId, requestViewValues(config));
  if (text === undefined) throw new AppError('404');
  if (text === null) throw new Error(`Request ${requestId} has no kept view`);
  return new JsonText<RequestView>(text);
}
