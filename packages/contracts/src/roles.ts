import { z } from 'zod';
import type { OrganizationPermission } from './enums.js';
import { ASSIGNABLE_PERMISSIONS, OPERATOR_ROLES, ORGANIZATION_ROLES } from './role-facts.js';

// The role presets, abilities and helpers live in role-facts.ts (no schema there); this module adds the schemas.
export {
  ASSIGNABLE_PERMISSIONS,
  effectivePermissions,
  maskEmail,
  OPERATOR_ABILITIES,
  OPERATOR_ROLES,
  ORGANIZATION_ROLES,
  operatorCan,
  ROLE_PERMISSIONS,
} from './role-facts.js';

export const OrganizationRole = z.enum(ORGANIZATION_ROLES);
export type OrganizationRole = z.infer<typeof OrganizationRole>;

export const AssignablePermission = z.enum(
  ASSIGNABLE_PERMISSIONS as [OrganizationPermission, ...OrganizationPermission[]],
);

export const OperatorRole = z.enum(OPERATOR_ROLES);
export type OperatorRole = z.infer<typeof OperatorRole>;
