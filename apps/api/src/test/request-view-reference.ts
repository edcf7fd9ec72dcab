// The request view as the approvals policy (approvals.policy.ts) and currentAttempt (transfer-cancel.service.ts)
// define it, built in TypeScript from the rows: the reference the product's one builder, PostgreSQL's
// (request-list-item.ts over request_views), is tested against field by field. It was the single-request
// answer's builder until every answer came to read the kept view.
import {
  type Blockchain,
  explorerTxUrl,
  familyOf,
  type RequestExecutionView,
  type RequestView,
} from '@vaultline/contracts';
import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { type Config, chainRuntimeOf } from '../config.js';
import type { Db } from '../db/client.js';
import { isoTime } from '../db/json-page.js';
import { accounts, chainTransactions, requestDecisions, wallets } from '../db/schema/index.js';
import { canCancel, customerApprovalStatus, waitingFor } from '../modules/approvals/approvals.policy.js';
import type { DecisionRow, RequestRow } from '../modules/approvals/approvals.repository.js';
import { contentOf, requestTypeOf } from '../modules/approvals/request-types.js';
import { stateOf } from '../modules/approvals/request-view.js';
import { currentAttempt } from '../modules/withdrawals/transfer-cancel.service.js';

type Attempt = typeof chainTransactions.$inferSelect;

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

function lifecycleOf(row: RequestRow): RequestExecutionView['lifecycle'] {
  switch (row.status) {
    case 'CREATED':
    case 'APPROVED':
      return 'CREATED';
    case 'EXECUTING':
      return 'EXECUTING';
    case 'COMPLETE':
      return 'COMPLETED';
    // The counterparty VASP's refusal or silence (51xx) is the spec's verification failure; any other is FAILED.
    case 'FAILED':
      return row.failureReason?.startsWith('51') ? 'VASP_VERIFICATION_FAILED' : 'FAILED';
    case 'CANCELED':
      return row.cancelStage === 'AFTER_EXECUTING' ? 'CANCELED_AFTER_EXECUTING' : 'CANCELED_BEFORE_EXECUTING';
    // Rejected in its approval line: closed before it was executed.
    case 'REJECTED':
      return 'CANCELED_BEFORE_EXECUTING';
  }
}

/**
 * Whether a cancellation during execution can still take: nothing built, nothing sent, or (EVM) a transfer a
 * replacement can race, none racing it yet (transfer-cancel.service.ts decides the same way).
 */
function cancelableNow(row: RequestRow, current: Attempt | undefined): boolean {
  if (row.status !== 'EXECUTING') return true;
  if (row.result?.cancel) return false;
  if (!current) return true;
  if (current.status === 'BUILT' || (current.status === 'SIGNED' && current.sentAt === null)) return true;
  const open = current.status === 'SIGNED' || current.status === 'BROADCAST';
  return open && familyOf(current.blockchain as Blockchain) === 'evm';
}

function executionOf(config: Pick<Config, 'chainRpc' | 'production'>, r: RequestRow, attempts: Attempt[]) {
  const purpose = requestTypeOf(r.itemType).chainPurpose;
  if (purpose === undefined) return undefined;
  const current = currentAttempt(attempts.filter((a) => a.requestId === r.id && a.purpose === purpose));
  const blockchain = current?.blockchain as Blockchain | undefined;
  // A public explorer knows the transaction only on a configured node's network, never on the local devnet.
  const explorer =
    current?.hash && blockchain && chainRuntimeOf(config, blockchain).kind === 'rpc'
      ? explorerTxUrl(blockchain, current.hash)
      : null;
  const view: RequestExecutionView = {
    lifecycle: lifecycleOf(r),
    txHash: current?.hash ?? null,
    explorerUrl: explorer,
    failureCode: r.status === 'FAILED' ? r.failureReason : null,
    feePaid: current && current.blockHeight !== null ? (current.feePaid ?? current.fee) : null,
  };
  return { view, cancelable: cancelableNow(r, current) };
}

/** What the views of `rows` read of other rows of `organizationId`. */
async function relatedOf(db: Db, organizationId: string, rows: RequestRow[]) {
  const ids = rows.map((r) => r.id);
  const people = [...new Set(rows.flatMap((r) => [r.initiatorId, ...r.steps.flatMap((s) => s.eligible)]))];
  const walletIds = rows.flatMap((r) => (r.walletId ? [r.walletId] : []));
  const none = ['00000000-0000-4000-8000-000000000000'];
  const [decisions, persons, names, attempts] = await Promise.all([
    // The decision's time as the view writes it (milliseconds, truncated), whatever the driver's parsing.
    db
      .select({ ...getTableColumns(requestDecisions), decidedAt: sql<string>`${isoTime(requestDecisions.decidedAt)}` })
      .from(requestDecisions)
      .where(inArray(requestDecisions.requestId, ids.length ? ids : none)),
    db
      .select({ id: accounts.id, email: accounts.email, userName: accounts.userName })
      .from(accounts)
      .where(and(eq(accounts.organizationId, organizationId), inArray(accounts.id, people.length ? people : none))),
    db
      .select({ id: wallets.id, name: wallets.name })
      .from(wallets)
      .where(and(eq(wallets.organizationId, organizationId), inArray(wallets.id, walletIds.length ? walletIds : none))),
    db
      .select()
      .from(chainTransactions)
      .where(
        and(
          eq(chainTransactions.organizationId, organizationId),
          inArray(chainTransactions.requestId, ids.length ? ids : none),
        ),
      )
      .orderBy(desc(chainTransactions.attempt)),
  ]);
  return {
    decisions: decisions.map((d): DecisionRow => ({ ...d, decidedAt: new Date(d.decidedAt) })),
    people: new Map(persons.map((p) => [p.id, p])),
    walletNames: new Map(names.map((w) => [w.id, w.name])),
    attempts,
  };
}

/** The views of `rows` (one organization's) as `accountId` sees them, by the TypeScript policy. */
export async function describeRequests(
  db: Db,
  accountId: string,
  rows: RequestRow[],
  config: Pick<Config, 'chainRpc' | 'production'>,
): Promise<RequestView[]> {
  const organizationId = rows[0]?.organizationId ?? '';
  const { decisions, people, walletNames, attempts } = await relatedOf(db, organizationId, rows);
  return rows.map((r) => {
    const mine: DecisionRow[] = decisions.filter((d) => d.requestId === r.id);
    const execution = executionOf(config, r, attempts);
    const initiator = people.get(r.initiatorId);
    const state = stateOf(r, mine);
    const waiting = waitingFor(state);
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
          const d = mine.find((x) => x.step === i && x.accountId === memberId);
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
      canApprove: waiting.includes(accountId),
      canCancel: canCancel(state, accountId, requestTypeOf(r.itemType).cancelableIn) && (execution?.cancelable ?? true),
      failureReason: r.failureReason,
      execution: execution?.view,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}
