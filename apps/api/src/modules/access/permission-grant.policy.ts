import type { OrganizationPermission } from '@vaultline/contracts';
import { AppError } from '../../http/app-error.js';

/**
 * The one rule for every change of who may do what in an organization: nobody grants or takes away, directly
 * or through a group, a permission they could not set themselves. Setting permissions is the power of OWNER and
 * MANAGEMENT_PERMISSION_SETTINGS; OWNER itself is changed only by an owner.
 *
 * Every path that changes effective permissions goes through here: a member's own permissions, a group's
 * permissions, a group's members (joining or leaving a group that carries permissions), deleting such a group,
 * removing a member, and inviting with permissions or into groups.
 */

/** The power the actor lacks for a change from `before` to `after`, or null when they may make it. */
export function missingGrantPower(
  actor: readonly OrganizationPermission[],
  before: readonly OrganizationPermission[],
  after: readonly OrganizationPermission[],
): 'OWNER' | 'MANAGEMENT_PERMISSION_SETTINGS' | null {
  const changed = [...before.filter((p) => !after.includes(p)), ...after.filter((p) => !before.includes(p))];
  if (changed.length === 0) return null;
  if (actor.includes('OWNER')) return null;
  if (changed.includes('OWNER')) return 'OWNER';
  return actor.includes('MANAGEMENT_PERMISSION_SETTINGS') ? null : 'MANAGEMENT_PERMISSION_SETTINGS';
}

/** Throws the catalogue's 403, naming the power the actor lacks, when the change is not theirs to make. */
export function assertMayChangePermissions(
  actor: readonly OrganizationPermission[],
  before: readonly OrganizationPermission[],
  after: readonly OrganizationPermission[],
): void {
  const missing = missingGrantPower(actor, before, after);
  if (missing) throw new AppError('403', { reason: 'grant', permission: missing });
}
