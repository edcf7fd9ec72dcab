import { describe, expect, it } from 'vitest';
import { callRefusal, inOrganization, type OrganizationActor } from './organization.policy.js';

const member = (permissions: OrganizationActor['permissions'] = []): OrganizationActor => ({
  kind: 'MEMBER',
  organizationId: 'org-a',
  permissions,
});
const operator: OrganizationActor = { kind: 'OPERATOR', organizationId: null, permissions: [] };

describe('organization policy', () => {
  it('lets any signed-in account make an "authenticated" call', () => {
    expect(callRefusal('authenticated', member())).toBeNull();
    expect(callRefusal('authenticated', operator)).toBeNull();
  });

  it('keeps member calls to members and operator calls to operators', () => {
    expect(callRefusal('member', member())).toBeNull();
    expect(callRefusal('member', operator)).toEqual({});
    expect(callRefusal('operator', operator)).toBeNull();
    expect(callRefusal('operator', member(['OWNER']))).toEqual({});
  });

  it('asks a member for the named permission and names it when missing; operators never hold one', () => {
    expect(callRefusal('WALLETS_VIEW', member(['WALLETS_VIEW']))).toBeNull();
    expect(callRefusal('WALLETS_VIEW', member(['WALLETS_CREATION']))).toEqual({ permission: 'WALLETS_VIEW' });
    expect(callRefusal('WALLETS_VIEW', operator)).toEqual({ permission: 'WALLETS_VIEW' });
  });

  it('keeps a member inside their own organization', () => {
    expect(inOrganization(member(), 'org-a')).toBe(true);
    expect(inOrganization(member(), 'org-b')).toBe(false);
    expect(inOrganization(operator, 'org-a')).toBe(false);
  });
});
