import { describe, expect, it } from 'vitest';
import {
  canCancel,
  canCreate,
  cancel,
  customerApprovalStatus,
  decide,
  initialStatus,
  type LineTemplate,
  type RequestState,
  snapshot,
  validateTemplate,
  waitingFor,
} from './approvals.policy.js';

const groups: Record<string, string[]> = { ops: ['g1', 'g2', 'g3'], solo: ['s1'] };
const members = (id: string) => groups[id] ?? [];

const template: LineTemplate = {
  creation: [
    { kind: 'MEMBER', memberId: 'maker' },
    { kind: 'GROUP', groupId: 'solo' },
  ],
  steps: [
    { requiredApprovals: 1, approvers: [{ kind: 'MEMBER', memberId: 'boss' }] },
    {
      requiredApprovals: 2,
      approvers: [
        { kind: 'GROUP', groupId: 'ops' },
        { kind: 'MEMBER', memberId: 'g1' },
      ],
    },
  ],
};

const fresh = (): RequestState => ({
  status: 'CREATED',
  initiatorId: 'maker',
  steps: snapshot(template, members, false),
  decisions: [],
});

function apply(state: RequestState, who: string, d: 'APPROVED' | 'REJECTED' = 'APPROVED') {
  const r = decide(state, who, d);
  if ('code' in r) throw new Error(r.code);
  return r;
}

describe('approval line policy', () => {
  it('validates templates: 1 to 9 approvals per step, never more than the eligible approvers', () => {
    expect(validateTemplate(template, members)).toBeNull();
    expect(validateTemplate({ ...template, steps: [] }, members)).toEqual({ code: 'step-required', step: 2 });
    const tooMany = {
      ...template,
      steps: [{ requiredApprovals: 4, approvers: [{ kind: 'GROUP' as const, groupId: 'ops' }] }],
    };
    expect(validateTemplate(tooMany, members)).toEqual({ code: 'too-many-required', step: 2, eligible: 3 });
    const ten = { ...template, steps: [{ requiredApprovals: 10, approvers: [] }] };
    expect(validateTemplate(ten, members)).toEqual({ code: 'required-range', step: 2 });
    const nine = Array.from({ length: 9 }, (_, i) => ({ kind: 'MEMBER' as const, memberId: `m${i}` }));
    expect(validateTemplate({ ...template, steps: [{ requiredApprovals: 9, approvers: nine }] }, members)).toBeNull();
  });

  it('lets only the creation step create, members directly or through a group', () => {
    expect(canCreate(template, 'maker', members)).toBe(true);
    expect(canCreate(template, 's1', members)).toBe(true);
    expect(canCreate(template, 'boss', members)).toBe(false);
  });

  it('walks the steps: quorum per step, group members counting once each, then approved', () => {
    let s = fresh();
    expect(customerApprovalStatus(s)).toEqual({ status: 'CREATED' });
    expect(waitingFor(s)).toEqual(['boss']);
    expect(decide(s, 'g1', 'APPROVED')).toEqual({ code: 'not-eligible' });
    s = apply(s, 'boss').state;
    expect(customerApprovalStatus(s)).toEqual({ status: 'STEP_APPROVED', step: 1 });
    expect(waitingFor(s).sort()).toEqual(['g1', 'g2', 'g3']);
    const afterOne = apply(s, 'g1');
    expect(afterOne.approvedNow).toBe(false);
    expect(decide(afterOne.state, 'g1', 'APPROVED')).toEqual({ code: 'already-decided' });
    const done = apply(afterOne.state, 'g3');
    expect(done.approvedNow).toBe(true);
    expect(done.state.status).toBe('APPROVED');
    expect(customerApprovalStatus(done.state)).toEqual({ status: 'APPROVED' });
    expect(decide(done.state, 'g2', 'APPROVED')).toEqual({ code: 'not-pending' });
  });

  it('rejects on one rejection and cancels the steps after it', () => {
    const s = apply(apply(fresh(), 'boss').state, 'g2', 'REJECTED').state;
    expect(s.status).toBe('REJECTED');
    expect(s.steps.map((x) => x.status)).toEqual(['APPROVED', 'REJECTED']);
    expect(decide(s, 'g1', 'APPROVED')).toEqual({ code: 'not-pending' });
  });

  it('skips every step for an exempt requester (owner or wallet manager)', () => {
    const steps = snapshot(template, members, true);
    expect(steps.map((s) => s.status)).toEqual(['SKIPPED', 'SKIPPED']);
    expect(initialStatus(steps)).toBe('APPROVED');
    expect(initialStatus(snapshot(template, members, false))).toBe('CREATED');
  });

  it('keeps the snapshot: later group changes do not change a request', () => {
    const s = fresh();
    groups.ops = ['g1'];
    expect(s.steps[1]!.eligible.sort()).toEqual(['g1', 'g2', 'g3']);
    groups.ops = ['g1', 'g2', 'g3'];
  });

  it('lets only the initiator cancel, while the request is still in its approval line', () => {
    expect(cancel(fresh(), 'boss')).toEqual({ code: 'not-initiator' });
    const canceled = cancel(fresh(), 'maker');
    expect('code' in canceled ? canceled : canceled.status).toBe('CANCELED');
    // Approved means handed to the engine: processing, no longer cancelable.
    for (const status of ['APPROVED', 'EXECUTING', 'COMPLETE', 'FAILED', 'REJECTED', 'CANCELED'] as const) {
      expect(cancel({ ...fresh(), status }, 'maker')).toEqual({ code: 'not-pending' });
    }
  });

  it("follows the type's cancel rule: a type may allow cancelling during execution, recorded as after executing", () => {
    const rule = ['CREATED', 'EXECUTING'] as const;
    const before = cancel(fresh(), 'maker', rule);
    expect('code' in before ? before : before.stage).toBe('BEFORE_EXECUTING');
    const during = cancel({ ...fresh(), status: 'EXECUTING' }, 'maker', rule);
    expect('code' in during ? during : [during.status, during.stage]).toEqual(['CANCELED', 'AFTER_EXECUTING']);
    expect(cancel({ ...fresh(), status: 'APPROVED' }, 'maker', rule)).toEqual({ code: 'not-pending' });
    expect(canCancel({ ...fresh(), status: 'EXECUTING' }, 'maker', rule)).toBe(true);
  });

  it('offers cancel (canCancel) exactly when the cancel call would accept it', () => {
    const states = ['CREATED', 'APPROVED', 'EXECUTING', 'COMPLETE', 'FAILED', 'REJECTED', 'CANCELED'] as const;
    for (const status of states) {
      for (const who of ['maker', 'boss']) {
        const state = { ...fresh(), status };
        expect(canCancel(state, who), `${status} by ${who}`).toBe(!('code' in cancel(state, who)));
      }
    }
    expect(canCancel(fresh(), 'maker')).toBe(true);
    expect(canCancel({ ...fresh(), status: 'APPROVED' }, 'maker')).toBe(false);
    expect(canCancel({ ...fresh(), status: 'EXECUTING' }, 'maker')).toBe(false);
  });
});
