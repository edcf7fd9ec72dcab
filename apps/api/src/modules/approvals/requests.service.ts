import { type Db, transaction } from '../../db/client.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError } from '../../http/app-error.js';
import type { EngineQueue } from '../../jobs/queue.js';
import { actorOf, recordAudit } from '../audit/audit.js';
import { consumeCallerOtp } from '../auth/otp.service.js';
import type { AuthContext } from '../auth/session.service.js';
import { notify } from '../notifications/notify.service.js';
import { type OrganizationDeps, orgOf } from '../organization/organization.service.js';
import { groupResolver, type LineSource, policyError } from './approval-lines.js';
import { canCreate, cancel, decide, type LineTemplate, snapshot } from './approvals.policy.js';
import { approvalsRepository, type RequestRow } from './approvals.repository.js';
import { cancelExecuting } from './request-execution.service.js';
import { type AnyContent, contentOf, requestTypeOf } from './request-types.js';
import { requestViewText, stateOf } from './request-view.js';

/** What a route's path says the request is: its type, and the chain family of its `{family}` segment. */
export interface ExpectedRequest {
  type: RequestRow['type'];
  family: string;
  /** Item types the route decides, when its type has several (a claim's route does not decide a stake). */
  itemTypes?: readonly string[];
}

/** What the creating module knows about the caller and the wallet (it checked the wallet is theirs to use). */
export interface OpenContext {
  /** The caller's role in the wallet the request acts on, if any. */
  walletRole?: 'MANAGER' | 'MEMBER' | null;
  /** The code to answer when the type's exclusive key is already held by an open request. */
  exclusiveConflict?: '4006' | '4012';
}

/** PostgreSQL's 55P03 (lock_not_available), as pg raises it or drizzle wraps it in `cause`. */
function isLockNotAvailable(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '55P03') return true;
  }
  return false;
}

/**
 * The approval engine for every request type: creation against the type's line, decisions, cancellation and the
 * hand-over to the custody engine. Types are read from the registry (request-types.ts); nothing here names one.
 */
export function requestsService(deps: OrganizationDeps & { queue: () => EngineQueue; lines: LineSource }) {
  const { db, clock } = deps;

  /**
   * The request, locked, if the organization's and of the route's type (404), through its family's door (7).
   * Another member's decision or cancellation holding the row answers 4013 at once rather than queueing behind it
   * (NOWAIT). Only PostgreSQL can show this: embedded PGlite has one connection, so transactions never overlap.
   */
  async function lockExpected(tx: Db, auth: AuthContext, requestId: string, expected: ExpectedRequest) {
    let request: RequestRow | undefined;
    try {
      request = await approvalsRepository(tx, orgOf(auth)).findRequest(requestId, { lock: true, nowait: true });
    } catch (err) {
      if (isLockNotAvailable(err)) throw new AppError('4013');
      throw err;
    }
    if (!request || request.type !== expected.type) throw new AppError('404');
    if (expected.itemTypes && !expected.itemTypes.includes(request.itemType)) throw new AppError('404');
    const entry = requestTypeOf(request.itemType);
    if (entry.familyOf(contentOf(request)) !== expected.family) throw new AppError('7', { reason: 'family-mismatch' });
    return request;
  }

  /** An approved request goes to its type's engine queue, in the transaction that approved it. */
  async function handOver(tx: Db, request: RequestRow) {
    const entry = requestTypeOf(request.itemType);
    await entry.onApproved?.(tx, {
      id: request.id,
      organizationId: request.organizationId,
      content: contentOf(request),
    });
    if (entry.queue)
      await deps.queue().enqueue(tx, entry.queue, { requestId: request.id, organizationId: request.organizationId });
  }

  /** A request rejected or canceled before execution: its type's hook, in the same transaction. */
  async function closed(tx: Db, request: RequestRow) {
    await requestTypeOf(request.itemType).onClosed?.(tx, {
      id: request.id,
      organizationId: request.organizationId,
      content: contentOf(request),
    });
  }

  const view = (auth: AuthContext, row: RequestRow) =>
    requestViewText(approvalsRepository(db, orgOf(auth)), auth, row.id, deps.config);

  /**
   * The line a request of `kind` on `walletId` would freeze for the caller, and whether the caller may create it:
   * what `open` enforces, and what a form shows before submitting (a dry run of the same policy).
   */
  async function resolveLine(tx: Db, auth: AuthContext, kind: string, walletId: string | null, ctx: OpenContext) {
    const entry = requestTypeOf(kind);
    const organizationId = orgOf(auth);
    const line: LineTemplate =
      entry.lineScope === 'WALLET_CREATION'
        ? await deps.lines.creationLine(tx, organizationId)
        : await deps.lines.walletLine(tx, organizationId, walletId!);
    const members = await groupResolver(tx, organizationId);
    const exempt = entry.exemptOwnerAndManagers && (auth.permissions.includes('OWNER') || ctx.walletRole === 'MANAGER');
    const mayCreate =
      entry.creator === 'CREATION_STEP'
        ? exempt || canCreate(line, auth.accountId, members)
        : auth.permissions.includes(entry.creator.permission);
    return { entry, exempt, mayCreate, steps: snapshot(line, members, exempt) };
  }

  return {
    /** The line a request would follow, resolved to people (see resolveLine), for a form's preview. */
    async previewLine(tx: Db, auth: AuthContext, kind: string, walletId: string | null, ctx: OpenContext = {}) {
      const { exempt, mayCreate, steps } = await resolveLine(tx, auth, kind, walletId, ctx);
      const people = await approvalsRepository(tx, orgOf(auth)).people([...new Set(steps.flatMap((s) => s.eligible))]);
      return {
        canRequest: mayCreate,
        exempt,
        steps: exempt
          ? []
          : steps.map((s, i) => ({
              step: i + 2,
              requiredApprovals: s.requiredApprovals,
              approvers: s.eligible.map((memberId) => ({
                memberId,
                email: people.get(memberId)?.email ?? '',
                userName: people.get(memberId)?.userName ?? '',
              })),
            })),
      };
    },

    /**
     * Creates a request of `kind` with a frozen copy of its line, in the caller's transaction. The creator rule,
     * the exemption of the owner and wallet managers and the exclusive key all come from the type's entry.
     */
    async open(tx: Db, auth: AuthContext, kind: string, content: AnyContent, context: OpenContext = {}) {
      const entry = requestTypeOf(kind);
      const typed = entry.content.parse({ ...content, kind });
      const organizationId = orgOf(auth);
      const walletId = entry.walletOf(typed);
      const { mayCreate, steps } = await resolveLine(tx, auth, kind, walletId, context);
      if (!mayCreate) {
        throw new AppError(
          '403',
          entry.creator === 'CREATION_STEP' ? { reason: 'not-creator' } : { permission: entry.creator.permission },
        );
      }
      const now = clock();
      const status = steps.every((s) => s.status === 'SKIPPED') ? 'APPROVED' : 'CREATED';
      try {
        const request = await approvalsRepository(tx, organizationId).insertRequest({
          type: entry.type,
          itemType: kind as RequestRow['itemType'],
          walletId,
          initiatorId: auth.accountId,
          steps,
          exclusiveKey: entry.exclusiveKey?.(typed) ?? null,
          payload: typed,
          status,
          createdAt: now,
          updatedAt: now,
        });
        await recordAudit(
          tx,
          actorOf(auth),
          {
            action: 'REQUEST_CREATED',
            objectType: 'request',
            objectId: request.id,
            after: { type: request.type, walletId, status, content: typed },
          },
          now,
        );
        if (status === 'CREATED') await askApprovers(tx, request, auth.accountId, now);
        if (status === 'APPROVED') await handOver(tx, request);
        return request;
      } catch (err) {
        if (isUniqueViolation(err, 'requests_open_exclusive_key'))
          throw new AppError(context.exclusiveConflict ?? '4012');
        throw err;
      }
    },

    /**
     * One decision, serialized on the request row: concurrent approvals each count once, the decider's fresh code
     * is consumed with it, and the request is handed to the engine exactly once, in the transaction that approved it.
     */
    async decide(
      auth: AuthContext,
      requestId: string,
      decision: 'APPROVED' | 'REJECTED',
      input: { memo?: string | undefined; otpCode: string },
      expected: ExpectedRequest,
    ) {
      const row = await transaction(db, async (tx) => {
        const repo = approvalsRepository(tx, orgOf(auth));
        const request = await lockExpected(tx, auth, requestId, expected);
        const result = decide(stateOf(request, await repo.decisionsOf([request.id])), auth.accountId, decision);
        if ('code' in result) throw policyError(result);
        await consumeCallerOtp(tx, deps, auth.accountId, input.otpCode);
        const step = request.steps.findIndex((s) => s.status === 'PENDING');
        await repo.insertDecision({
          requestId: request.id,
          accountId: auth.accountId,
          step,
          decision,
          memo: input.memo ?? null,
          decidedAt: clock(),
        });
        // The request was found and locked through the same binding above: the update finds it.
        const updated = (await repo.updateRequest(request.id, {
          status: result.state.status,
          steps: result.state.steps,
          updatedAt: clock(),
        }))!;
        await recordAudit(
          tx,
          actorOf(auth),
          {
            action: decision === 'APPROVED' ? 'REQUEST_APPROVED' : 'REQUEST_REJECTED',
            objectType: 'request',
            objectId: request.id,
            before: { status: request.status },
            after: { status: updated.status, step, ...(input.memo ? { memo: input.memo } : {}) },
          },
          clock(),
        );
        if (result.approvedNow) await handOver(tx, updated);
        if (updated.status === 'REJECTED') await closed(tx, updated);
        if (updated.status === 'APPROVED' || updated.status === 'REJECTED') {
          await notify(
            tx,
            {
              kind: 'REQUEST_DECIDED',
              recipients: [updated.initiatorId],
              except: auth.accountId,
              subjectType: 'request',
              subjectId: updated.id,
              data: { type: updated.type, status: updated.status },
            },
            clock(),
          );
        } else if (updated.steps.findIndex((s) => s.status === 'PENDING') !== step) {
          // The line moved on: the next step's approvers are asked now.
          await askApprovers(tx, updated, auth.accountId, clock());
        }
        return updated;
      });
      return view(auth, row);
    },

    async cancel(auth: AuthContext, requestId: string, expected: ExpectedRequest) {
      const row = await transaction(db, async (tx) => {
        const request = await lockExpected(tx, auth, requestId, expected);
        const result = cancel(stateOf(request, []), auth.accountId, requestTypeOf(request.itemType).cancelableIn);
        if ('code' in result) throw policyError(result);
        await recordAudit(
          tx,
          actorOf(auth),
          {
            action: 'REQUEST_CANCELED',
            objectType: 'request',
            objectId: request.id,
            before: { status: request.status },
            after: { stage: result.stage },
          },
          clock(),
        );
        // During execution the type decides (its transfer discarded, or raced on the chain): request-execution.
        if (request.status === 'EXECUTING') return cancelExecuting(tx, request, result.steps, clock());
        const updated = (await approvalsRepository(tx, orgOf(auth)).updateRequest(request.id, {
          status: 'CANCELED',
          cancelStage: result.stage,
          steps: result.steps,
          updatedAt: clock(),
        }))!;
        await closed(tx, updated);
        return updated;
      });
      return view(auth, row);
    },
  };
}

/** Tells the approvers of the request's current step that it waits for them (the person acting excepted). */
async function askApprovers(
  tx: Db,
  request: { id: string; type: string; steps: { status: string; eligible: string[] }[] },
  actor: string,
  now: Date,
) {
  const step = request.steps.find((s) => s.status === 'PENDING');
  if (!step) return;
  await notify(
    tx,
    {
      kind: 'APPROVAL_NEEDED',
      recipients: step.eligible,
      except: actor,
      subjectType: 'request',
      subjectId: request.id,
      data: { type: request.type },
    },
    now,
  );
}

export type RequestsService = ReturnType<typeof requestsService>;
