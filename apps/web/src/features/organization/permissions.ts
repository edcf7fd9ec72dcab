import {
  ASSIGNABLE_PERMISSIONS,
  type OrganizationPermission,
  type OrganizationRole,
  ROLE_PERMISSIONS,
} from '@vaultline/contracts';

/** The presets offered in the permission dialog (ownership is never handed out). */
export const PRESET_ROLES = [
  'WALLET_ADMINISTRATOR',
  'MEMBER_ADMINISTRATOR',
  'MEMBER',
] as const satisfies readonly Exclude<OrganizationRole, 'OWNER'>[];
export type PresetRole = (typeof PRESET_ROLES)[number];

/** The assignable permissions in the groups the dialog shows them in. */
export const PERMISSION_SECTIONS = [
  { key: 'members', permissions: ['ORG_MEMBER_INVITATION', 'ORG_MEMBER_DELETION'] },
  { key: 'groups', permissions: ['GROUP_CREATION', 'GROUP_UPDATE', 'GROUP_DELETION'] },
  { key: 'settings', permissions: ['MANAGEMENT_PERMISSION_SETTINGS'] },
  { key: 'wallets', permissions: ['WALLETS_CREATION', 'WALLETS_VIEW'] },
  { key: 'addressBook', permissions: ['ADDRESS_BOOK_CREATION', 'ADDRESS_BOOK_UPDATE', 'ADDRESS_BOOK_DELETION'] },
] as const satisfies readonly { key: string; permissions: readonly OrganizationPermission[] }[];

/** In the contracts' order, without repeats or anything not assignable. */
export function normalizePermissions(permissions: readonly OrganizationPermission[]): OrganizationPermission[] {
  return ASSIGNABLE_PERMISSIONS.filter((p) => permissions.includes(p));
}

export function presetPermissions(role: PresetRole): OrganizationPermission[] {
  return normalizePermissions(ROLE_PERMISSIONS[role]);
}

/** The preset a set of permissions is exactly, if any. */
export function matchingPreset(permissions: readonly OrganizationPermission[]): PresetRole | null {
  const current = normalizePermissions(permissions).join(',');
  return PRESET_ROLES.find((role) => presetPermissions(role).join(',') === current) ?? null;
}

export function isOwner(permissions: readonly OrganizationPermission[]): boolean {
  return permissions.includes('OWNER');
}

/**
 * What the caller may do, read from the server's own effective list (`myPermissions` or
 * `Me.permissions`, where the owner already holds every permission). Nothing is inferred here.
 */
export function holds(permissions: readonly OrganizationPermission[] | undefined, wanted: OrganizationPermission) {
  return !!permissions?.includes(wanted);
}
