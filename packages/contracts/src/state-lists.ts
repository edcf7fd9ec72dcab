/*
 * The state sets of spec section 4 as plain lists with their helpers, in a module that builds no zod schema: screens
 * that list or label states import them without zod's core. states.ts adds a schema per list and re-exports all this.
 */

type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
type CustomerApprovalStatus = (typeof CUSTOMER_APPROVAL_STATUSES)[number];
type CustomerRequestStatus = (typeof CUSTOMER_REQUEST_STATUSES)[number];
type RequestProgressStep = (typeof REQUEST_PROGRESS_STEPS)[number];
type WorkflowDecisionStatus = (typeof WORKFLOW_DECISION_STATUSES)[number];
type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
type AddressBookState = (typeof ADDRESS_BOOK_STATES)[number];
type InvitationState = (typeof INVITATION_STATES)[number];

/** State sets of spec section 4. */

export const APPROVAL_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'SKIPPED', 'CANCELED'] as const;

export function isTerminalApprovalStatus(status: ApprovalStatus): boolean {
  return status !== 'PENDING';
}

/** Status of a request as the customer sees it: created, step N approved, approved. */
export const CUSTOMER_APPROVAL_STATUSES = ['CREATED', 'STEP_APPROVED', 'APPROVED'] as const;

/**
 * Renders a customer approval status; STEP_APPROVED needs the number of the step last approved
 * ('step 2 approved' / '2단계 승인').
 */
export function customerApprovalStatusLabel(
  status: CustomerApprovalStatus,
  lang: 'en' | 'ko' = 'en',
  step?: number,
): string {
  switch (status) {
    case 'CREATED':
      return lang === 'ko' ? '생성' : 'created';
    case 'APPROVED':
      return lang === 'ko' ? '승인 완료' : 'approved';
    case 'STEP_APPROVED':
      if (step === undefined) return lang === 'ko' ? '단계 승인' : 'step approved';
      return lang === 'ko' ? `${step}단계 승인` : `step ${step} approved`;
  }
}

export const CUSTOMER_REQUEST_STATUSES = ['CREATED', 'EXECUTING', 'COMPLETE', 'FAILED'] as const;

export function isTerminalCustomerRequestStatus(status: CustomerRequestStatus): boolean {
  return status === 'COMPLETE' || status === 'FAILED';
}

export const REQUEST_PROGRESS_STEPS = ['REQUEST', 'SIGNING', 'PROCESSING', 'COMPLETE'] as const;

/** Zero-based position of a progress step, for progress bars. */
export function requestProgressIndex(step: RequestProgressStep): number {
  return REQUEST_PROGRESS_STEPS.indexOf(step);
}

/** Decision status of operator workflows (organization creation, owner invitation, organization update). */
export const WORKFLOW_DECISION_STATUSES = ['APPROVED', 'REJECTED', 'CANCELED', 'IN_PROGRESS'] as const;

export function isTerminalWorkflowDecisionStatus(status: WorkflowDecisionStatus): boolean {
  return status !== 'IN_PROGRESS';
}

export const WITHDRAWAL_STATUSES = [
  'CREATED',
  'EXECUTING',
  'COMPLETED',
  'VASP_VERIFICATION_FAILED',
  'CANCELED_BEFORE_EXECUTING',
  'CANCELED_AFTER_EXECUTING',
] as const;

export function isTerminalWithdrawalStatus(status: WithdrawalStatus): boolean {
  return status !== 'CREATED' && status !== 'EXECUTING';
}

export function isCanceledWithdrawalStatus(status: WithdrawalStatus): boolean {
  return status === 'CANCELED_BEFORE_EXECUTING' || status === 'CANCELED_AFTER_EXECUTING';
}

/**
 * Address book entry state. VERIFYING, FAILED and DELETED come from the spec; REGISTERED marks an
 * entry in use (a vasp-type entry after travel-rule verification, a self-managed one at once).
 */
export const ADDRESS_BOOK_STATES = ['VERIFYING', 'REGISTERED', 'FAILED', 'DELETED'] as const;

/** Only a registered entry may receive withdrawals. */
export function isUsableAddressBookState(state: AddressBookState): boolean {
  return state === 'REGISTERED';
}

export function isTerminalAddressBookState(state: AddressBookState): boolean {
  return state === 'FAILED' || state === 'DELETED';
}

export const INVITATION_STATES = ['PENDING', 'ACCEPTED', 'CANCELED', 'EXPIRED', 'INVALID'] as const;

export function isTerminalInvitationState(state: InvitationState): boolean {
  return state !== 'PENDING';
}
