import { describe, expect, it } from 'vitest';
import {
  approverFromValue,
  approverValue,
  draftFromView,
  eligibleCount,
  lineIsValid,
  stepProblem,
  templateFromDraft,
} from './line-rules';

const groups = new Map([
  ['g1', ['a', 'b']],
  ['g2', ['b', 'c', 'd']],
  ['empty', []],
]);
const member = (memberId: string) => ({ kind: 'MEMBER' as const, memberId });
const group = (groupId: string) => ({ kind: 'GROUP' as const, groupId });

describe('approval line rules', () => {
  it('counts each person once, whether named directly or through groups', () => {
    expect(eligibleCount([member('a'), group('g1')], groups)).toBe(2);
    expect(eligibleCount([group('g1'), group('g2')], groups)).toBe(4);
    expect(eligibleCount([group('empty')], groups)).toBe(0);
    expect(eligibleCount([group('unknown')], groups)).toBe(0);
  });

  it('needs 1 to 9 required approvals, and never more than can approve', () => {
    const approvers = [group('g1'), group('g2')]; // 4 people
    expect(stepProblem({ approvers, requiredApprovals: 1 }, groups)).toBeNull();
    expect(stepProblem({ approvers, requiredApprovals: 4 }, groups)).toBeNull();
    expect(stepProblem({ approvers, requiredApprovals: 5 }, groups)).toEqual({ kind: 'too-many', eligible: 4 });
    expect(stepProblem({ approvers, requiredApprovals: 0 }, groups)).toEqual({ kind: 'range' });
    expect(stepProblem({ approvers, requiredApprovals: 10 }, groups)).toEqual({ kind: 'range' });
    expect(stepProblem({ approvers, requiredApprovals: 1.5 }, groups)).toEqual({ kind: 'range' });
    expect(stepProblem({ approvers, requiredApprovals: '' }, groups)).toEqual({ kind: 'range' });
    expect(stepProblem({ approvers: [], requiredApprovals: 1 }, groups)).toEqual({ kind: 'no-approvers' });
    expect(stepProblem({ approvers: [group('empty')], requiredApprovals: 1 }, groups)).toEqual({
      kind: 'no-eligible',
    });
  });

  it('allows 9 only with at least 9 people', () => {
    const nine = new Map([['big', ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']]]);
    expect(stepProblem({ approvers: [group('big')], requiredApprovals: 9 }, nine)).toBeNull();
    expect(stepProblem({ approvers: [group('big')], requiredApprovals: 10 }, nine)).toEqual({ kind: 'range' });
  });

  it('turns approvers into select values and back', () => {
    expect(approverValue(member('a'))).toBe('member:a');
    expect(approverFromValue('group:g1')).toEqual(group('g1'));
    expect(approverFromValue('nonsense')).toBeNull();
  });

  it('edits a saved line and sends it back as the contracts template', () => {
    const draft = draftFromView({
      creation: [{ kind: 'MEMBER', id: 'a', name: 'A' }],
      steps: [{ requiredApprovals: 2, approvers: [{ kind: 'GROUP', id: 'g1', name: 'G1' }], eligibleCount: 2 }],
    });
    expect(lineIsValid(draft, true, groups)).toBe(true);
    expect(templateFromDraft(draft)).toEqual({
      creation: [member('a')],
      steps: [{ requiredApprovals: 2, approvers: [group('g1')] }],
    });
    // The wallet line needs someone at the creation step; the wallet-creation line has none to set.
    const noCreators = { ...draft, creation: [] };
    expect(lineIsValid(noCreators, true, groups)).toBe(false);
    expect(lineIsValid(noCreators, false, groups)).toBe(true);
  });

  it('starts an empty line with one empty step', () => {
    const draft = draftFromView({ creation: [], steps: [] });
    expect(draft.steps).toHaveLength(1);
    expect(lineIsValid(draft, false, groups)).toBe(false);
  });
});
