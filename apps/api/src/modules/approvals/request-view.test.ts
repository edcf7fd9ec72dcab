import { describe, expect, it } from 'vitest';
import type { AuthContext } from '../auth/session.service.js';
import type { ApprovalsRepository, RequestRow } from './approvals.repository.js';
import { describeRequests } from './request-view.js';

/**
 * `canCancel` of the request view, state by state: the screens show "Cancel request" from it, so it must be
 * true exactly when the cancel call would accept it (only the initiator, only while still in approval).
 */

const INITIATOR = '11111111-1111-4111-8111-111111111111';
const APPROVER = '22222222-2222-4222-8222-222222222222';

const repo = {
  related: async () => ({ decisions: [], people: new Map(), walletNames: new Map() }),
} as unknown as ApprovalsRepository;

const auth = (accountId: string) => ({ accountId, kind: 'MEMBER', permissions: [] }) as unknown as AuthContext;

function row(status: RequestRow['status']): RequestRow {
  const now = new Date('2026-01-01T00:00:00Z');
  return {
    id: '33333333-3333-4333-8333-333333333333',
    organizationId: '44444444-4444-4444-8444-444444444444',
    walletId: null,
    type: 'WALLET_CREATION',
    itemType: 'WALLET_CREATION',
    payload: { kind: 'WALLET_CREATION', blockchain: 'SEPOLIA', family: 'evm', name: 'Ops' },
    status,
    progress: 'REQUEST',
    initiatorId: INITIATOR,
    steps: [{ requiredApprovals: 1, eligible: [APPROVER], status: status === 'CREATED' ? 'PENDING' : 'APPROVED' }],
    failureReason: null,
    createdAt: now,
    updatedAt: now,
  } as unknown as RequestRow;
}

async function canCancelOf(status: RequestRow['status'], accountId: string) {
  const [view] = await describeRequests(repo, auth(accountId), [row(status)]);
  return view?.canCancel;
}

describe('request view: canCancel', () => {
  it('is offered to the initiator while the request waits for approval', async () => {
    expect(await canCancelOf('CREATED', INITIATOR)).toBe(true);
    expect(await canCancelOf('CREATED', APPROVER)).toBe(false);
  });

  it('is not offered once the request is approved and processing, nor after it ended', async () => {
    for (const status of ['APPROVED', 'EXECUTING', 'COMPLETE', 'FAILED', 'REJECTED', 'CANCELED'] as const) {
      expect(await canCancelOf(status, INITIATOR), status).toBe(false);
    }
  });
});
