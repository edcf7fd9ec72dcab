import type { CallAccess, OrganizationPermission } from '@vaultline/contracts';

/**
 * Who may call what at the organization level: the access rule every call names in contracts (public, any
 * signed-in account, members, operators, or a member holding one permission). Pure; the session plugin asks it
 * for every route, and the object policies beside it (wallet, request, address book, staking) narrow it further.
 */
export interface OrganizationActor {
  kind: 'MEMBER' | 'OPERATOR';
  organizationId: string | null;
  permissions: readonly OrganizationPermission[];
}

/** null when the actor may make the call; else what the 403 names (the missing permission, when one is missing). */
export function callRefusal(
  access: Exclude<CallAccess, 'public' | 'vasp'>,
  actor: OrganizationActor,
): null | { permission?: OrganizationPermission } {
  if (access === 'authenticated') return null;
  if (access === 'member') return actor.kind === 'MEMBER' ? null : {};
  if (access === 'operator') return actor.kind === 'OPERATOR' ? null : {};
  return actor.kind === 'MEMBER' && actor.permissions.includes(access) ? null : { permission: access };
}

/** A member acts in their own organization only; operators act on organizations through their own calls. */
export function inOrganization(actor: OrganizationActor, organizationId: string): boolean {
  return actor.kind === 'MEMBER' && actor.organizationId === organizationId;
}
