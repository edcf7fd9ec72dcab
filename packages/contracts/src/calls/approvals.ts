import { z } from 'zod';
import { EmptyBody, tagged } from '../call.js';
import { RequestItemType, RequestType, WithdrawalLifecycle } from '../enums.js';
import type { ErrorCode } from '../errors.js';
import { CURSOR_ANSWER, CURSOR_BODY, definePagedListCall } from '../paging.js';
import { RequestContent } from '../request-content.js';
import { ApprovalStatus, CustomerApprovalStatus, CustomerRequestStatus, RequestProgressStep } from '../states.js';
import { memoSchema, stepApprovalsSchema } from '../validation.js';
import { EncryptedSecret } from './auth.js';

export const ApproverRef = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('MEMBER'), memberId: z.uuid() }),
  z.strictObject({ kind: z.literal('GROUP'), groupId: z.uuid() }),
]);
export type ApproverRef = z.infer<typeof ApproverRef>;

/** Step 1 is `creation` (who may create requests); each later step needs 1 to 9 approvals. */
export const ApprovalLineTemplate = z.strictObject({
  creation: z.array(ApproverRef).min(1).max(100),
  steps: z
    .array(z.strictObject({ requiredApprovals: stepApprovalsSchema, approvers: z.array(ApproverRef).min(1).max(100) }))
    .min(1)
    .max(10),
});
export type ApprovalLineTemplate = z.infer<typeof ApprovalLineTemplate>;

/** The organization's wallet-creation line: who creates is decided by WALLETS_CREATION, so only its steps. */
export const CreationApprovalLine = ApprovalLineTemplate.pick({ steps: true });

const Named = z.object({ kind: z.enum(['MEMBER', 'GROUP']), id: z.uuid(), name: z.string() });

export const ApprovalLineView = z.object({
  scope: z.enum(['WALLET', 'WALLET_CREATION']),
  walletId: z.uuid().nullable(),
  creation: z.array(Named),
  steps: z.array(
    z.object({ requiredApprovals: z.number().int(), approvers: z.array(Named), eligibleCount: z.number().int() }),
  ),
  updatedAt: z.iso.datetime(),
  canEdit: z.boolean(),
});
export type ApprovalLineView = z.infer<typeof ApprovalLineView>;

/**
 * Where a request that sends a chain transaction (a withdrawal) stands in its lifecycle, and the transaction it
 * sent: the hash once signed, its explorer page where the network has a public explorer (none on the devnet), the
 * catalogue code of a failure, and the fee the network took (native base units) once included.
 */
export const RequestExecutionView = z.object({
  lifecycle: WithdrawalLifecycle,
  txHash: z.string().nullable(),
  explorerUrl: z.string().nullable(),
  failureCode: z.string().nullable(),
  feePaid: z.string().nullable(),
});
export type RequestExecutionView = z.infer<typeof RequestExecutionView>;

export const RequestView = z.object({
  id: z.uuid(),
  type: RequestType,
  itemType: RequestItemType,
  walletId: z.uuid().nullable(),
  walletName: z.string().nullable(),
  content: RequestContent,
  initiator: z.object({ id: z.uuid(), email: z.string(), userName: z.string() }),
  status: CustomerRequestStatus,
  /** Engine-side state, for the detail screen: approved and waiting, rejected, canceled. */
  decisionStatus: z.enum(['IN_PROGRESS', 'APPROVED', 'REJECTED', 'CANCELED']),
  approval: z.object({ status: CustomerApprovalStatus, step: z.number().int().optional() }),
  progress: RequestProgressStep,
  steps: z.array(
    z.object({
      step: z.number().int(),
      requiredApprovals: z.number().int(),
      status: ApprovalStatus,
      approvers: z.array(
        z.object({
          memberId: z.uuid(),
          email: z.string(),
          userName: z.string(),
          decision: z.enum(['APPROVED', 'REJECTED']).nullable(),
          memo: z.string().nullable(),
          decidedAt: z.iso.datetime().nullable(),
        }),
      ),
    }),
  ),
  waitingFor: z.array(z.uuid()),
  canApprove: z.boolean(),
  canCancel: z.boolean(),
  failureReason: z.string().nullable(),
  /** Requests that send a chain transaction only (withdrawals). */
  execution: RequestExecutionView.optional(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type RequestView = z.infer<typeof RequestView>;

const approvalsCall = tagged('approvals');
const walletParams = z.object({ walletId: z.uuid() });
const REQ = '/api/v1/organizations/requests';

export const walletLineGetCall = approvalsCall({
  id: 'walletApprovalLineGet',
  method: 'GET',
  path: `${REQ}/{walletId}/approval-line-templates`,
  summary: "A wallet's approval line",
  access: 'member',
  errors: ['404'],
  params: walletParams,
  response: ApprovalLineView,
});
export const walletLineCreateCall = approvalsCall({
  id: 'walletApprovalLineCreate',
  method: 'POST',
  path: `${REQ}/{walletId}/approval-line-templates`,
  summary: "Set a wallet's approval line (wallet managers)",
  access: 'member',
  errors: ['404', '4012', '4103', '4106'],
  params: walletParams,
  body: ApprovalLineTemplate,
  response: ApprovalLineView,
});
export const walletLineUpdateCall = approvalsCall({
  id: 'walletApprovalLineUpdate',
  method: 'PATCH',
  path: `${REQ}/{walletId}/approval-line-templates/update`,
  summary: "Change a wallet's approval line; requests already made keep theirs",
  access: 'member',
  errors: ['404', '4012', '4103', '4106'],
  params: walletParams,
  body: ApprovalLineTemplate,
  response: ApprovalLineView,
});
export const creationLineGetCall = approvalsCall({
  id: 'walletCreationApprovalLineGet',
  method: 'GET',
  path: `${REQ}/wallet-creation/approval-line-templates`,
  summary: "The organization's wallet-creation approval line",
  access: 'member',
  response: ApprovalLineView,
});
export const creationLineUpdateCall = approvalsCall({
  id: 'walletCreationApprovalLineUpdate',
  method: 'PATCH',
  path: `${REQ}/wallet-creation/approval-line-templates/update`,
  summary: "Change the organization's wallet-creation approval line",
  access: 'MANAGEMENT_PERMISSION_SETTINGS',
  errors: ['4103', '4106'],
  body: CreationApprovalLine,
  response: ApprovalLineView,
});

export const actionableCountCall = approvalsCall({
  id: 'requestActionableCount',
  method: 'POST',
  path: `${REQ}/actionable-count`,
  summary: 'How many requests wait for my approval',
  access: 'member',
  body: EmptyBody,
  response: z.object({ count: z.number().int() }),
});
export const requestDetailCall = approvalsCall({
  id: 'requestDetail',
  method: 'POST',
  path: `${REQ}/{requestId}`,
  summary: 'One request',
  access: 'member',
  errors: ['404'],
  params: z.object({ requestId: z.uuid() }),
  body: EmptyBody,
  response: RequestView,
});
export const REQUEST_TABS = [
  'PENDING_MY_APPROVAL',
  'MY_APPROVAL_HISTORY',
  'ALL_APPROVAL_HISTORY',
  'MY_REQUESTS',
] as const;
export const requestListCall = definePagedListCall({
  id: 'requestList',
  path: REQ,
  tag: 'approvals',
  summary: 'Requests and approvals (paged)',
  access: 'member',
  sortFields: ['createdAt', 'updatedAt'],
  filters: z.strictObject({
    tab: z.enum(REQUEST_TABS).optional(),
    type: z.array(RequestType).max(3).optional(),
    status: z.array(CustomerRequestStatus).max(4).optional(),
    walletId: z.uuid().optional(),
    initiatorId: z.uuid().optional(),
    from: z.iso.datetime().optional(),
    to: z.iso.datetime().optional(),
  }),
  item: RequestView,
  bodyExtras: CURSOR_BODY,
  answerExtras: CURSOR_ANSWER,
});

/** Approving or rejecting asks for the caller's own fresh authenticator code: a stolen session approves nothing. */
export const DecisionBody = z.strictObject({ memo: memoSchema, otpCode: EncryptedSecret });
/** Cancelling one's own request needs no code: it moves nothing. */
export const CancelBody = z.strictObject({ memo: memoSchema });

/**
 * What deciding or cancelling a request may answer of its own (the server's request engine): the request of the
 * organization and type (404), through its family's door (7), held by another decision at that moment (4013), the
 * decider's own decision made already (4107), no longer waiting (4108), and for approve and reject the decider's
 * fresh code (4004 wrong, 4034 already used).
 */
const DECIDE_ERRORS = ['404', '7', '4013', '4107', '4108', '4004', '4034'] as const satisfies readonly ErrorCode[];
export const REQUEST_DECISION_ERRORS = {
  approve: DECIDE_ERRORS,
  reject: DECIDE_ERRORS,
  cancel: ['404', '7', '4013', '4108'],
} as const satisfies Record<'approve' | 'reject' | 'cancel', readonly ErrorCode[]>;
