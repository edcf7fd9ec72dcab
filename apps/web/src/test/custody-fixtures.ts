import type { ApprovalLineView, CallResponse, RequestView, Wallet, walletMemberAddCall } from '@vaultline/contracts';
import { type fakeApi, MEMBER_ID } from './fake-api';
import { GROUP_ID, KIM_ID } from './fixtures';

/** Answers of the wallet and approval calls, for the screen tests of the wallets and approvals features. */

/** Handlers of `fakeApi`, keyed 'METHOD /path'. */
export type Handlers = NonNullable<Parameters<typeof fakeApi>[0]>;

export const WALLET_ID = '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d';
export const REQUEST_ID = '6b7c8d9e-0f1a-4b2c-9d3e-4f5a6b7c8d9e';

export function wallet(overrides: Partial<Wallet> = {}): Wallet {
  return {
    id: WALLET_ID,
    name: 'Treasury',
    blockchain: 'SEPOLIA',
    family: 'evm',
    address: '0x52908400098527886E0F7030069857D2E4169EE7',
    publicKey: '02b4632d08485ff1df2db55b9dafd23347d1c47a457072a1e87be26896549a8737',
    derivationPath: "m/44'/60'/0'/0/0",
    custody: 'HOT',
    myRole: 'MANAGER',
    memberCount: 2,
    createdAt: '2026-03-02T01:02:03.000Z',
    ...overrides,
  };
}

type WalletMember = CallResponse<typeof walletMemberAddCall>;

export function walletMember(overrides: Partial<WalletMember> = {}): WalletMember {
  return {
    id: '7c8d9e0f-1a2b-4c3d-8e4f-5a6b7c8d9e0f',
    memberId: MEMBER_ID,
    email: 'owner@demo.vaultline.local',
    userName: 'Minji Kim',
    role: 'MANAGER',
    createdAt: '2026-03-02T01:02:03.000Z',
    ...overrides,
  };
}

type Approver = RequestView['steps'][number]['approvers'][number];

export const ownerApprover = (overrides: Partial<Approver> = {}): Approver => ({
  memberId: MEMBER_ID,
  email: 'owner@demo.vaultline.local',
  userName: 'Minji Kim',
  decision: null,
  memo: null,
  decidedAt: null,
  ...overrides,
});

export const kimApprover = (overrides: Partial<Approver> = {}): Approver => ({
  memberId: KIM_ID,
  email: 'kim@example.com',
  userName: 'Minsu Kim',
  decision: null,
  memo: null,
  decidedAt: null,
  ...overrides,
});

/** A wallet-creation request by Kim, waiting for the signed-in owner at its only step. */
export function requestView(overrides: Partial<RequestView> = {}): RequestView {
  return {
    id: REQUEST_ID,
    type: 'WALLET_CREATION',
    itemType: 'WALLET_CREATION',
    walletId: null,
    walletName: null,
    content: { kind: 'WALLET_CREATION', name: 'Treasury', blockchain: 'SEPOLIA', family: 'evm' },
    initiator: { id: KIM_ID, email: 'kim@example.com', userName: 'Minsu Kim' },
    status: 'CREATED',
    decisionStatus: 'IN_PROGRESS',
    approval: { status: 'CREATED' },
    progress: 'REQUEST',
    steps: [{ step: 2, requiredApprovals: 1, status: 'PENDING', approvers: [ownerApprover()] }],
    waitingFor: [MEMBER_ID],
    canApprove: true,
    canCancel: false,
    failureReason: null,
    createdAt: '2026-03-02T01:02:03.000Z',
    updatedAt: '2026-03-02T01:02:03.000Z',
    ...overrides,
  };
}

/** The default wallet-creation line: one step, the owner approves. */
export function creationLine(overrides: Partial<ApprovalLineView> = {}): ApprovalLineView {
  return {
    scope: 'WALLET_CREATION',
    walletId: null,
    creation: [],
    steps: [
      { requiredApprovals: 1, approvers: [{ kind: 'MEMBER', id: MEMBER_ID, name: 'Minji Kim' }], eligibleCount: 1 },
    ],
    updatedAt: '2026-03-02T01:02:03.000Z',
    canEdit: true,
    ...overrides,
  };
}

export const treasuryGroup = { kind: 'GROUP' as const, id: GROUP_ID, name: 'Treasury' };
