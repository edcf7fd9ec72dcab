import type { RequestView } from '@vaultline/contracts';
import type { Config } from '../../config.js';
import type { AuthContext } from '../auth/session.service.js';
import { canCancel, customerApprovalStatus, type RequestState, waitingFor } from './approvals.policy.js';
import { type ApprovalsRepository, type DecisionRow, type RequestRow, relatedIdsOf } from './approvals.repository.js';
import { type ExecutionOfRequest, executionsOf, sendingOf } from './request-execution-view.js';
import { contentOf, requestTypeOf } from './request-types.js';

const CUSTOMER: Record<RequestRow['status'], RequestView['status']> = {
  CREATED: 'CREATED',
  APPROVED: 'CREATED',
  REJECTED: 'CREATED',
  CANCELED: 'CREATED',
  EXECUTING: 'EXECUTING',
  COMPLETE: 'COMPLETE',
  FAILED: 'FAILED',
};
const DECISION: Record<RequestRow['status'], RequestView['decisionStatus']> = {
  CREATED: 'IN_PROGRESS',
  APPROVED: 'APPROVED',
  REJECTED: 'REJECTED',
  CANCELED: 'CANCELED',
  EXECUTING: 'APPROVED',
  COMPLETE: 'APPROVED',
  FAILED: 'APPROVED',
};

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
 * Requests as the approvals screens show them: every step, who decided what, who is still awaited; with `chains`,
 * where those that send a chain transaction stand in their lifecycle. What they show of other tables is read in
 * one statement for the whole list.
 */
export async function describeRequests(
  repo: ApprovalsRepository,
  auth: AuthContext,
  rows: RequestRow[],
  chains?: { config: Pick<Config, 'chainRpc' | 'production'> },
): Promise<RequestView[]> {
  const { requestIds, personIds, walletIds } = relatedIdsOf(rows);
  // With `chains`: the chain transactions of the requests that send one, in the same statement.
  const sending = chains ? sendingOf(rows) : undefined;
  const { decisions, people, walletNames, attempts } = await repo.related(requestIds, personIds, walletIds, sending);
  const executions: Map<string, ExecutionOfRequest> = chains ? executionsOf(chains.config, rows, attempts) : new Map();
  // Decisions by request, then by step and member: each approver of each step is looked up, not searched for.
  const byRequest = new Map<string, DecisionRow[]>();
  for (const d of decisions) {
    const list = byRequest.get(d.requestId);
    if (list) list.push(d);
    else byRequest.set(d.requestId, [d]);
  }
  // Fields written out rather than spread: on Node 20 a spread followed by more fields builds a new hidden class
  // for every object (issue 17's profile: most of the view's time), and JSON.stringify reads such objects slowly.
  return rows.map((r) => {
    const mine = byRequest.get(r.id) ?? [];
    const execution = executions.get(r.id);
    const initiator = people.get(r.initiatorId);
    const state = stateOf(r, mine);
    const waiting = waitingFor(state);
    // A request has a few decisions: the first of a step and member found by a scan, without a key string per
    // approver (the map it replaces built two per decision and one per approver).
    const decisionOf = (step: number, memberId: string) => {
      for (const d of mine) if (d.step === step && d.accountId === memberId) return d;
      return undefined;
    };
    return {
      id: r.id,
      type: r.type,
      itemType: r.itemType,
      walletId: r.walletId,
      walletName: r.walletId ? (walletNames.get(r.walletId) ?? null) : null,
      content: contentOf(r) as RequestView['content'],
      initiator: { id: r.initiatorId, email: initiator?.email ?? '', userName: initiator?.userName ?? '' },
      status: CUSTOMER[r.status],
      decisionStatus: DECISION[r.status],
      approval: customerApprovalStatus(state),
      progress: r.progress,
      steps: r.steps.map((s, i) => ({
        step: i + 2,
        requiredApprovals: s.requiredApprovals,
        status: s.status as RequestView['steps'][number]['status'],
        approvers: s.eligible.map((memberId) => {
          const d = decisionOf(i, memberId);
          const person = people.get(memberId);
          return {
            memberId,
            email: person?.email ?? '',
            userName: person?.userName ?? '',
            decision: d?.decision ?? null,
            memo: d?.memo ?? null,
            decidedAt: d?.decidedAt.toISOString() ?? null,
          };
        }),
      })),
      waitingFor: waiting,
      canApprove: waiting.includes(auth.accountId),
      // The same rule the cancel call applies, so the screens never offer a cancel that would be refused.
      canCancel:
        canCancel(state, auth.accountId, requestTypeOf(r.itemType).cancelableIn) && (execution?.cancelable ?? true),
      failureReason: r.failureReason,
      // Undefined for requests that send no chain transaction: their JSON leaves it out.
      execution: execution?.view,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}
