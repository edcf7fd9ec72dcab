import { LIMITS } from '@vaultline/contracts';

/**
 * The approval-line engine's rules, as pure functions over plain data: request types and item types are
 * data here, so wallet creation, withdrawals, staking and address-book changes all go through the same code.
 */

export type Approver = { kind: 'MEMBER'; memberId: string } | { kind: 'GROUP'; groupId: string };

export interface TemplateStep {
  /** Step 1 is `creation`: who may create requests; it takes no approvals. */
  requiredApprovals: number;
  approvers: Approver[];
}

export interface LineTemplate {
  creation: Approver[];
  steps: TemplateStep[];
}

/** A step as frozen into a request: approvers expanded to members at creation time. */
export interface SnapshotStep {
  requiredApprovals: number;
  eligible: string[];
  status: 'PENDING' | 'APPROVED' | 'REJECTED' | 'SKIPPED' | 'CANCELED';
}

export interface Decision {
  memberId: string;
  step: number;
  decision: 'APPROVED' | 'REJECTED';
}

export interface RequestState {
  status: 'CREATED' | 'APPROVED' | 'REJECTED' | 'CANCELED' | 'EXECUTING' | 'COMPLETE' | 'FAILED';
  initiatorId: string;
  steps: SnapshotStep[];
  decisions: Decision[];
}

export type PolicyError =
  | { code: 'step-required'; step: number }
  | { code: 'too-many-required'; step: number; eligible: number }
  | { code: 'required-range'; step: number }
  | { code: 'not-eligible' }
  | { code: 'already-decided' }
  | { code: 'not-pending' }
  | { code: 'not-initiator' };

export type GroupMembers = (groupId: string) => string[];

const expand = (approvers: Approver[], members: GroupMembers) => [
  ...new Set(approvers.flatMap((a) => (a.kind === 'MEMBER' ? [a.memberId] : members(a.groupId)))),
];

/** A template is valid when every step needs 1 to 9 approvals and never more than it has eligible approvers. */
export function validateTemplate(template: LineTemplate, members: GroupMembers): PolicyError | null {
  if (template.steps.length === 0) return { code: 'step-required', step: 2 };
  for (const [i, step] of template.steps.entries()) {
    const stepNo = i + 2; // step 1 is creation
    if (
      !Number.isInteger(step.requiredApprovals) ||
      step.requiredApprovals < 1 ||
      step.requiredApprovals > LIMITS.MAX_STEP_APPROVALS
    ) {
      return { code: 'required-range', step: stepNo };
    }
    const eligible = expand(step.approvers, members).length;
    if (step.requiredApprovals > eligible) return { code: 'too-many-required', step: stepNo, eligible };
  }
  return null;
}

export function canCreate(template: LineTemplate, memberId: string, members: GroupMembers): boolean {
  return expand(template.creation, members).includes(memberId);
}

/**
 * Freezes the line for one request. `exempt` (the owner or a wallet manager, for withdrawals and staking) has
 * every step recorded as skipped: the request is approved at once.
 */
export function snapshot(template: LineTemplate, members: GroupMembers, exempt: boolean): SnapshotStep[] {
  return template.steps.map((s) => ({
    requiredApprovals: s.requiredApprovals,
    eligible: expand(s.approvers, members),
    status: exempt ? 'SKIPPED' : 'PENDING',
  }));
}

export function initialStatus(steps: SnapshotStep[]): RequestState['status'] {
  return steps.every((s) => s.status === 'SKIPPED') ? 'APPROVED' : 'CREATED';
}

/** The step now waiting for approvals, or -1 when none is. */
export function currentStep(steps: SnapshotStep[]): number {
  return steps.findIndex((s) => s.status === 'PENDING');
}

/**
 * One person's decision on the current step. Each person decides at most once per request; a group's
 * members count one approval each; one rejection rejects the request; the last step's quorum approves it.
 */
export function decide(
  state: RequestState,
  memberId: string,
  decision: 'APPROVED' | 'REJECTED',
): { state: RequestState; approvedNow: boolean } | PolicyError {
  if (state.status !== 'CREATED') return { code: 'not-pending' };
  const step = currentStep(state.steps);
  if (step < 0) return { code: 'not-pending' };
  if (state.decisions.some((d) => d.memberId === memberId)) return { code: 'already-decided' };
  if (!state.steps[step]!.eligible.includes(memberId)) return { code: 'not-eligible' };

  const decisions = [...state.decisions, { memberId, step, decision }];
  const steps = state.steps.map((s) => ({ ...s }));
  if (decision === 'REJECTED') {
    steps[step]!.status = 'REJECTED';
    for (const s of steps.slice(step + 1)) s.status = 'CANCELED';
    return { state: { ...state, status: 'REJECTED', steps, decisions }, approvedNow: false };
  }
  const approvals = decisions.filter((d) => d.step === step && d.decision === 'APPROVED').length;
  if (approvals >= steps[step]!.requiredApprovals) steps[step]!.status = 'APPROVED';
  const approvedNow = steps.every((s) => s.status === 'APPROVED' || s.status === 'SKIPPED');
  return { state: { ...state, status: approvedNow ? 'APPROVED' : 'CREATED', steps, decisions }, approvedNow };
}

/**
 * The initiator may cancel while the request is in a state its type allows (`cancelableIn`, from the request-type
 * registry): by default only while still in its approval line, since an approved request is handed to the engine
 * in the same transaction. A type may allow it during execution too (the engine then finds it canceled).
 */
export function cancel(
  state: RequestState,
  memberId: string,
  cancelableIn: readonly RequestState['status'][] = ['CREATED'],
): (RequestState & { stage: 'BEFORE_EXECUTING' | 'AFTER_EXECUTING' }) | PolicyError {
  const refused = cancelRefusal(state, memberId, cancelableIn);
  if (refused) return refused;
  return {
    ...state,
    status: 'CANCELED',
    stage: state.status === 'EXECUTING' ? 'AFTER_EXECUTING' : 'BEFORE_EXECUTING',
    steps: state.steps.map((s) => (s.status === 'PENDING' ? { ...s, status: 'CANCELED' } : s)),
  };
}

/** Why `cancel` refuses this member's cancellation now, or null when it accepts it. */
function cancelRefusal(
  state: RequestState,
  memberId: string,
  cancelableIn: readonly RequestState['status'][],
): PolicyError | null {
  if (state.initiatorId !== memberId) return { code: 'not-initiator' };
  if (!cancelableIn.includes(state.status)) return { code: 'not-pending' };
  return null;
}

/**
 * Whether `cancel` would accept this member's cancellation now: the request view's `canCancel`, asked for every
 * request of a page, so it judges by the same refusal without building the canceled state.
 */
export function canCancel(
  state: RequestState,
  memberId: string,
  cancelableIn: readonly RequestState['status'][] = ['CREATED'],
): boolean {
  return cancelRefusal(state, memberId, cancelableIn) === null;
}

/** Section 4's customer approval status: created, step N approved, approved. */
export function customerApprovalStatus(state: RequestState): {
  status: 'CREATED' | 'STEP_APPROVED' | 'APPROVED';
  step?: number;
} {
  if (state.status !== 'CREATED')
    return { status: state.status === 'REJECTED' || state.status === 'CANCELED' ? 'CREATED' : 'APPROVED' };
  const approved = state.steps.filter((s) => s.status === 'APPROVED').length;
  return approved === 0 ? { status: 'CREATED' } : { status: 'STEP_APPROVED', step: approved };
}

/** Who still has to act on the current step (for the request detail screen). */
export function waitingFor(state: RequestState): string[] {
  const step = currentStep(state.steps);
  if (state.status !== 'CREATED' || step < 0) return [];
  const decided = new Set(state.decisions.map((d) => d.memberId));
  return state.steps[step]!.eligible.filter((m) => !decided.has(m));
}
