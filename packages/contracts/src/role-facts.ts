import {
  MEMBER_ADMINISTRATION_PERMISSIONS,
  ORGANIZATION_PERMISSIONS,
  WALLET_ADMINISTRATION_PERMISSIONS,
} from './enum-lists.js';

/*
 * Organization and operator roles of spec section 6 as plain lists, presets and helpers, in a module that builds no zod
 * schema: screens that check a role or list permissions import them without zod's core. roles.ts adds the schemas and
 * re-exports all of this.
 */

type OrganizationPermission = (typeof ORGANIZATION_PERMISSIONS)[number];
type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];
type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** Organization roles of spec section 6, each a preset of organization permissions. */
export const ORGANIZATION_ROLES = ['OWNER', 'WALLET_ADMINISTRATOR', 'MEMBER_ADMINISTRATOR', 'MEMBER'] as const;

export const ROLE_PERMISSIONS: Record<OrganizationRole, readonly OrganizationPermission[]> = {
  OWNER: ORGANIZATION_PERMISSIONS,
  WALLET_ADMINISTRATOR: WALLET_ADMINISTRATION_PERMISSIONS,
  MEMBER_ADMINISTRATOR: MEMBER_ADMINISTRATION_PERMISSIONS,
  MEMBER: [],
};

/** Permissions a member or group may be given by others; ownership is never handed out this way. */
export const ASSIGNABLE_PERMISSIONS = ORGANIZATION_PERMISSIONS.filter((p) => p !== 'OWNER');

/** What a member may do: their own permissions and their groups'; the owner holds every one. */
export function effectivePermissions(
  own: readonly OrganizationPermission[],
  groups: readonly (readonly OrganizationPermission[])[],
): OrganizationPermission[] {
  const all = new Set<OrganizationPermission>([...own, ...groups.flat()]);
  if (all.has('OWNER')) return [...ORGANIZATION_PERMISSIONS];
  return ORGANIZATION_PERMISSIONS.filter((p) => all.has(p));
}

/** Operator-side custody roles of spec section 6. */
export const OPERATOR_ROLES = ['ADMINISTRATOR', 'MANAGER', 'SIGNER', 'VIEWER', 'OPERATOR', 'EMAIL_VIEWER'] as const;

/**
 * Who starts operator workflows, who decides them (never their own: maker-checker), who sees emails unmasked, and
 * who replaces a sanctions list: it takes effect at once with no second operator, so only the deciding roles may.
 */
export const OPERATOR_ABILITIES = {
  createWorkflow: ['ADMINISTRATOR', 'MANAGER', 'OPERATOR'],
  decideWorkflow: ['ADMINISTRATOR', 'MANAGER'],
  viewEmails: ['ADMINISTRATOR', 'EMAIL_VIEWER'],
  importSanctions: ['ADMINISTRATOR', 'MANAGER'],
  /** The cold-signing queue; an administrator too where the provider's policy says so (COLD_SIGNING_ADMINISTRATORS). */
  signCold: ['SIGNER'],
} as const satisfies Record<string, readonly OperatorRole[]>;

export function operatorCan(role: OperatorRole | null | undefined, ability: keyof typeof OPERATOR_ABILITIES): boolean {
  return !!role && (OPERATOR_ABILITIES[ability] as readonly OperatorRole[]).includes(role);
}

/** `kim@example.com` → `k**@example.com`: operators without the email-viewer role see addresses masked. */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at <= 0) return '***';
  const local = email.slice(0, at);
  return `${local[0]}${'*'.repeat(Math.max(2, local.length - 1))}${email.slice(at)}`;
}
