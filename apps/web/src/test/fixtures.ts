import type { Group, MemberSummary, OrganizationPermission, Workflow } from '@vaultline/contracts';
import { MEMBER_ID } from './fake-api';
import { jsonResponse } from './render';

/** Answers of the organization and operator calls, for screen tests. */

export const ORG_ID = '6a1f3c2e-1b4d-4c5e-9f7a-3b2c1d0e9f8a';
export const KIM_ID = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
export const LEE_ID = '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a';
export const GROUP_ID = '3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b';
export const WORKFLOW_ID = '4f5a6b7c-8d9e-4f0a-9b2c-3d4e5f6a7b8c';

export function member(overrides: Partial<MemberSummary> = {}): MemberSummary {
  return {
    id: KIM_ID,
    email: 'kim@example.com',
    firstName: 'Minsu',
    lastName: 'Kim',
    userName: 'Minsu Kim',
    status: 'ACTIVE',
    displayStatus: 'joined',
    permissions: [],
    effectivePermissions: [],
    groups: [],
    invitation: null,
    createdAt: '2026-01-02T03:04:05.000Z',
    ...overrides,
  };
}

export function invited(overrides: Partial<MemberSummary> = {}): MemberSummary {
  return member({
    id: LEE_ID,
    email: 'lee@example.com',
    firstName: '',
    lastName: '',
    userName: '',
    status: 'INVITED',
    displayStatus: 'invited',
    invitation: { id: WORKFLOW_ID, expiresAt: '2026-01-03T03:04:05.000Z', expired: false },
    ...overrides,
  });
}

export function owner(): MemberSummary {
  return member({
    id: MEMBER_ID,
    email: 'owner@demo.vaultline.local',
    userName: 'Minji Kim',
    permissions: ['OWNER'],
    effectivePermissions: ['OWNER', 'ORG_MEMBER_INVITATION'],
  });
}

export function group(overrides: Partial<Group> = {}): Group {
  return {
    id: GROUP_ID,
    name: 'Treasury',
    permissions: ['WALLETS_CREATION'],
    members: [{ id: KIM_ID, email: 'kim@example.com', userName: 'Minsu Kim' }],
    createdAt: '2026-01-02T03:04:05.000Z',
    ...overrides,
  };
}

/** One page holding every item: the last, so no cursor follows (lists without cursors ignore the field). */
export const paged = <T>(items: T[]) =>
  jsonResponse({ items, page: 1, size: 10, total: items.length, nextCursor: null });

export const organizationAnswer = (myPermissions: OrganizationPermission[]) =>
  jsonResponse({
    id: ORG_ID,
    name: 'Demo Custody',
    myPermissions,
    memberCount: 3,
    createdAt: '2026-01-01T00:00:00.000Z',
  });

const operatorA = { id: MEMBER_ID, email: 'operator.a@vaultline.local', userName: 'Jun Park', role: 'ADMINISTRATOR' };
const operatorB = { id: KIM_ID, email: 'operator.b@vaultline.local', userName: 'Sora Lee', role: 'MANAGER' };

export function workflow(overrides: Partial<Workflow> = {}): Workflow {
  return {
    id: WORKFLOW_ID,
    type: 'ORGANIZATION_CREATION',
    status: 'IN_PROGRESS',
    organizationId: null,
    organizationName: 'Hanbit Asset',
    payload: {
      name: 'Hanbit Asset',
      businessRegistrationNumber: '123-45-67890',
      representativeName: 'Hong Gildong',
      custodyFeeBps: 25,
    },
    createdBy: operatorB as Workflow['createdBy'],
    createdAt: '2026-01-02T03:04:05.000Z',
    decidedBy: null,
    decidedAt: null,
    memo: null,
    canDecide: false,
    canCancel: false,
    ...overrides,
  };
}

export const operators = { a: operatorA as Workflow['createdBy'], b: operatorB as Workflow['createdBy'] };

/** The handlers of the organization screen for a caller with these permissions. */
export function organizationHandlers(
  myPermissions: OrganizationPermission[],
  members: MemberSummary[],
  groups: Group[] = [],
) {
  return {
    'GET /api/v1/organizations/me': () => organizationAnswer(myPermissions),
    'POST /api/v1/organization/members': () => paged(members),
    'POST /api/v1/organization/groups': () => paged(groups),
  };
}
