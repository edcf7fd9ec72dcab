// Where a request that sends a chain transaction stands in spec section 4's withdrawal lifecycle, and the
// transaction it sent (the request view's `execution`), from its chain transactions read with the rest of a page.
import { type Blockchain, explorerTxUrl, familyOf, type RequestExecutionView } from '@vaultline/contracts';
import { type Config, chainRuntimeOf } from '../../config.js';
import { currentAttempt } from '../withdrawals/transfer-cancel.service.js';
import type { AttemptFacts, RequestRow } from './approvals.repository.js';

import { requestTypeOf } from './request-types.js';

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
function cancelableNow(row: RequestRow, current: AttemptFacts | undefined): boolean {
  if (row.status !== 'EXECUTING') return true;
  // A replacement races the transfer already: the chain decides now.
  if (row.result?.cancel) return false;
  if (!current) return true;
  if (current.status === 'BUILT' || (current.status === 'SIGNED' && current.sentAt === null)) return true;
  const open = current.status === 'SIGNED' || current.status === 'BROADCAST';
  return open && familyOf(current.blockchain as Blockchain) === 'evm';
}

/** What the view shows of one request's execution, and whether a cancellation can take now. */
export interface ExecutionOfRequest {
  view: RequestExecutionView;
  cancelable: boolean;
}

/** The requests among `rows` whose type sends a chain transaction, and those types' purposes. */
export function sendingOf(rows: RequestRow[]): { requestIds: string[]; purposes: string[] } {
  const sending = rows.filter((r) => requestTypeOf(r.itemType).chainPurpose !== undefined);
  const purposes = [...new Set(sending.map((r) => requestTypeOf(r.itemType).chainPurpose!))];
  return { requestIds: sending.map((r) => r.id), purposes };
}

/**
 * The execution of each request whose type sends a chain transaction, by request id, from `attempts` (their chain
 * transactions, newest attempt first: approvalsRepository.related reads them with the rest of a page).
 */
export function executionsOf(
  config: Pick<Config, 'chainRpc' | 'production'>,
  rows: RequestRow[],
  attempts: AttemptFacts[],
): Map<string, ExecutionOfRequest> {
  const out = new Map<string, ExecutionOfRequest>();
  for (const r of rows) {
    const purpose = requestTypeOf(r.itemType).chainPurpose;
    if (purpose === undefined) continue;
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
    out.set(r.id, { view, cancelable: cancelableNow(r, current) });
  }
  return out;
}
