import {
  type ApprovalLineTemplate,
  type ApprovalLineView,
  type ApproverRef,
  LIMITS,
  validationMessage,
} from '@vaultline/contracts';
import type { TFunction } from 'i18next';
import type { AppLanguage } from '../../i18n';

/** The most approval steps a line may have (after the creation step). */
export const MAX_APPROVAL_STEPS = 10;

export interface StepDraft {
  /** Stable React key of the step while it is edited. */
  key: string;
  /** What the number field holds: '' while it is empty. */
  requiredApprovals: number | string;
  approvers: ApproverRef[];
}

export interface LineDraft {
  creation: ApproverRef[];
  steps: StepDraft[];
}

/** Who is in each group: group id → member ids. */
export type GroupMembership = ReadonlyMap<string, readonly string[]>;

let keys = 0;
export const stepKey = () => `step-${++keys}`;

export function emptyStep(): StepDraft {
  return { key: stepKey(), requiredApprovals: 1, approvers: [] };
}

/** A multi-select value for an approver: 'member:<id>' or 'group:<id>'. */
export function approverValue(ref: ApproverRef): string {
  return ref.kind === 'MEMBER' ? `member:${ref.memberId}` : `group:${ref.groupId}`;
}

export function approverFromValue(value: string): ApproverRef | null {
  const [kind, id] = value.split(':');
  if (!id) return null;
  if (kind === 'member') return { kind: 'MEMBER', memberId: id };
  if (kind === 'group') return { kind: 'GROUP', groupId: id };
  return null;
}

const refOf = (named: ApprovalLineView['creation'][number]): ApproverRef =>
  named.kind === 'MEMBER' ? { kind: 'MEMBER', memberId: named.id } : { kind: 'GROUP', groupId: named.id };

/** The saved line as a draft to edit; a line without steps starts with one empty step. */
export function draftFromView(view: Pick<ApprovalLineView, 'creation' | 'steps'>): LineDraft {
  const steps = view.steps.map((s) => ({
    key: stepKey(),
    requiredApprovals: s.requiredApprovals,
    approvers: s.approvers.map(refOf),
  }));
  return { creation: view.creation.map(refOf), steps: steps.length > 0 ? steps : [emptyStep()] };
}

/** How many different people can approve: members named directly and the members of named groups. */
export function eligibleCount(approvers: readonly ApproverRef[], groups: GroupMembership): number {
  const people = new Set<string>();
  for (const a of approvers) {
    if (a.kind === 'MEMBER') people.add(a.memberId);
    else for (const id of groups.get(a.groupId) ?? []) people.add(id);
  }
  return people.size;
}

export type StepProblem =
  | { kind: 'no-approvers' }
  | { kind: 'range' }
  | { kind: 'too-many'; eligible: number }
  | { kind: 'no-eligible' };

/**
 * What is wrong with one step, or null: it needs approvers, 1 to 9 required approvals, and never
 * more required approvals than people who can approve (the server refuses that with 4106).
 */
export function stepProblem(step: Pick<StepDraft, 'requiredApprovals' | 'approvers'>, groups: GroupMembership) {
  if (step.approvers.length === 0) return { kind: 'no-approvers' } as const;
  const required = step.requiredApprovals;
  if (typeof required !== 'number' || !Number.isInteger(required) || required < 1) return { kind: 'range' } as const;
  if (required > LIMITS.MAX_STEP_APPROVALS) return { kind: 'range' } as const;
  const eligible = eligibleCount(step.approvers, groups);
  if (eligible === 0) return { kind: 'no-eligible' } as const;
  if (required > eligible) return { kind: 'too-many', eligible } as const;
  return null;
}

/** The message of a step problem in the given language. */
export function stepProblemMessage(problem: StepProblem, lang: AppLanguage, t: TFunction): string {
  switch (problem.kind) {
    case 'no-approvers':
      return t('approvalLine.noApprovers');
    case 'no-eligible':
      return t('approvalLine.noEligible');
    case 'range':
      return validationMessage('validation.stepApprovals.range', lang);
    case 'too-many':
      return t('approvalLine.tooMany', { count: problem.eligible });
  }
}

export function lineIsValid(draft: LineDraft, withCreation: boolean, groups: GroupMembership): boolean {
  if (withCreation && draft.creation.length === 0) return false;
  return draft.steps.length > 0 && draft.steps.every((s) => stepProblem(s, groups) === null);
}

/** The draft as the contracts' template body (only call when `lineIsValid`). */
export function templateFromDraft(draft: LineDraft): ApprovalLineTemplate {
  return {
    creation: draft.creation,
    steps: draft.steps.map((s) => ({ requiredApprovals: Number(s.requiredApprovals), approvers: s.approvers })),
  };
}
