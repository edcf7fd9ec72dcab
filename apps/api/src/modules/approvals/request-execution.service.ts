import { type Db, transaction } from '../../db/client.js';
import { approvalsRepository, type RequestRow } from './approvals.repository.js';
import { type AnyContent, contentOf, requestTypeOf } from './request-types.js';

/** The request types, for the engine to see that each one with a queue has its handler. */
export { requestTypes } from './request-types.js';

/** A request as its engine handler sees it: who asked, and the typed content. */
export interface RequestInExecution {
  id: string;
  organizationId: string;
  initiatorId: string;
  kind: string;
  content: AnyContent;
}

/** What a handler's work ends in: done (with what it made), or failed with a catalogue code. */
export type ExecutionOutcome = { result: Record<string, unknown>; walletId?: string } | { failure: string };

/**
 * The engine's side of the request lifecycle, the same for every type: APPROVED → EXECUTING, then the type's work
 * and COMPLETE or FAILED in one transaction with the request locked. A request canceled meanwhile, or finished by an
 * earlier attempt of a retried job, is left as it is: the work never runs twice.
 */
export function requestExecution(db: Db, now: () => Date) {
  return {
    async begin(organizationId: string, requestId: string): Promise<void> {
      await transaction(db, async (tx) => {
        const repo = approvalsRepository(tx, organizationId);
        const request = await repo.findRequest(requestId, { lock: true });
        if (request?.status === 'APPROVED') {
          await repo.updateRequest(request.id, { status: 'EXECUTING', progress: 'PROCESSING', updatedAt: now() });
        }
      });
    },

    async finish(
      organizationId: string,
      requestId: string,
      work: (tx: Db, request: RequestInExecution) => Promise<ExecutionOutcome>,
    ): Promise<RequestRow['status'] | null> {
      return transaction(db, async (tx) => {
        const repo = approvalsRepository(tx, organizationId);
        const request = await repo.findRequest(requestId, { lock: true });
        if (request?.status !== 'EXECUTING') return request?.status ?? null;
        const content = contentOf(request);
        const outcome = await work(tx, {
          id: request.id,
          organizationId: request.organizationId,
          initiatorId: request.initiatorId,
          kind: request.itemType,
          content,
        });
        const ended = (status: 'COMPLETE' | 'FAILED') =>
          requestTypeOf(request.itemType).onExecutionEnd?.(tx, { id: request.id, organizationId, content }, status);
        if ('failure' in outcome) {
          await repo.updateRequest(request.id, {
            status: 'FAILED',
            progress: 'COMPLETE',
            failureReason: outcome.failure,
            updatedAt: now(),
          });
          await ended('FAILED');
          return 'FAILED';
        }
        await repo.updateRequest(request.id, {
          status: 'COMPLETE',
          progress: 'COMPLETE',
          result: outcome.result,
          ...(outcome.walletId ? { walletId: outcome.walletId } : {}),
          updatedAt: now(),
        });
        await ended('COMPLETE');
        return 'COMPLETE';
      });
    },
  };
}

export type RequestExecution = ReturnType<typeof requestExecution>;
