import { type Db, transaction } from '../../db/client.js';
import { notify } from '../notifications/notify.service.js';
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
  /** What earlier work recorded (a handler that waits reads what it waits for here). */
  result: Record<string, unknown> | null;
}

/**
 * What a handler's work ends in: done (with what it made), failed with a catalogue code, or canceled during
 * execution (a cancellation the chain had to decide, the withdrawal's replacement mined). `result` keys are added to
 * what the request's result holds already.
 */
export type ExecutionOutcome =
  | { result: Record<string, unknown>; walletId?: string }
  /** Not done yet: the request stays EXECUTING at SIGNING until the provider's signer hands in what it waits for. */
  | { waiting: 'SIGNING'; result: Record<string, unknown> }
  | { failure: string; result?: Record<string, unknown> }
  | { canceled: true; result?: Record<string, unknown> };

/**
 * The initiator's cancellation of an EXECUTING request, in the caller's transaction with the request locked and the
 * policy passed: the type's cancelDuringExecution decides whether it ends now (CANCELED after executing, the type's
 * onExecutionEnd run) or stays EXECUTING until the chain decides. The request as it is afterwards.
 */
export async function cancelExecuting(tx: Db, request: RequestRow, steps: RequestRow['steps'], now: Date) {
  const entry = requestTypeOf(request.itemType);
  const repo = approvalsRepository(tx, request.organizationId);
  const ref = { id: request.id, organizationId: request.organizationId, content: contentOf(request) };
  const decided = entry.cancelDuringExecution
    ? await entry.cancelDuringExecution(tx, { ...ref, result: request.result })
    : ({ canceled: true } as const);
  if ('pending' in decided) {
    return (await repo.updateRequest(request.id, {
      result: { ...(request.result ?? {}), ...decided.pending },
      updatedAt: now,
    }))!;
  }
  const updated = (await repo.updateRequest(request.id, {
    status: 'CANCELED',
    cancelStage: 'AFTER_EXECUTING',
    progress: 'COMPLETE',
    steps,
    updatedAt: now,
  }))!;
  await entry.onExecutionEnd?.(tx, ref, 'CANCELED');
  return updated;
}

/**
 * An executing request's step on the provider's side: SIGNING while its transaction waits for a cold wallet's
 * air-gapped signer, PROCESSING once signed. A request no longer executing is left as it is.
 */
export async function requestProgress(
  db: Db,
  organizationId: string,
  requestId: string,
  progress: 'SIGNING' | 'PROCESSING',
  at?: Date,
) {
  await approvalsRepository(db, organizationId).setExecutingProgress(requestId, progress, at);
}

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
          result: request.result,
        });
        const ended = (status: 'COMPLETE' | 'FAILED' | 'CANCELED') =>
          requestTypeOf(request.itemType).onExecutionEnd?.(tx, { id: request.id, organizationId, content }, status);
        const result = request.result || outcome.result ? { ...request.result, ...outcome.result } : null;
        if ('waiting' in outcome) {
          // A retried job that finds it waiting already, with nothing new to record, leaves it as it is (its
          // waiting-since time included).
          if (request.progress !== 'SIGNING' || Object.keys(outcome.result).length > 0) {
            await repo.updateRequest(request.id, { progress: 'SIGNING', result, updatedAt: now() });
          }
          return 'EXECUTING';
        }
        if ('canceled' in outcome) {
          await repo.updateRequest(request.id, {
            status: 'CANCELED',
            cancelStage: 'AFTER_EXECUTING',
            progress: 'COMPLETE',
            result,
            updatedAt: now(),
          });
          await ended('CANCELED');
          return 'CANCELED';
        }
        const tell = (kind: 'REQUEST_COMPLETED' | 'REQUEST_FAILED', data: Record<string, unknown>) =>
          notify(
            tx,
            {
              kind,
              recipients: [request.initiatorId],
              subjectType: 'request',
              subjectId: request.id,
              data: { type: request.type, ...data },
            },
            now(),
          );
        if ('failure' in outcome) {
          await repo.updateRequest(request.id, {
            status: 'FAILED',
            progress: 'COMPLETE',
            failureReason: outcome.failure,
            result,
            updatedAt: now(),
          });
          await ended('FAILED');
          await tell('REQUEST_FAILED', { failureCode: outcome.failure });
          return 'FAILED';
        }
        await repo.updateRequest(request.id, {
          status: 'COMPLETE',
          progress: 'COMPLETE',
          result,
          ...(outcome.walletId ? { walletId: outcome.walletId } : {}),
          updatedAt: now(),
        });
        await ended('COMPLETE');
        await tell('REQUEST_COMPLETED', {});
        return 'COMPLETE';
      });
    },
  };
}

export type RequestExecution = ReturnType<typeof requestExecution>;
