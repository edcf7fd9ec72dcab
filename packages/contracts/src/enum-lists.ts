/*
 * The enumerations of spec section 3 as plain lists, in a module that builds no zod schema: screens that only list or
 * compare values import them without zod's core. enums.ts adds a schema per list and re-exports all of this.
 */

export const LANGUAGES = ['EN', 'KO'] as const;
export const TOKEN_TYPES = ['NATIVE', 'FUNGIBLE', 'NON_FUNGIBLE'] as const;
export const TRANSACTION_STATUSES = ['PENDING', 'CONFIRMED', 'FAILED'] as const;
export const ACTIVITY_TYPES = ['DEPOSIT', 'WITHDRAWAL', 'STAKE', 'CLAIM'] as const;
export const TRANSFER_TYPES = ['TRANSFER', 'STORY_LOCKED_TOKEN_STAKE', 'STORY_LOCKED_TOKEN_CLAIM'] as const;
export const STAKING_PROTOCOLS = ['STORY_LOCKED_STAKING'] as const;
export const WALLET_MEMBER_ROLES = ['MANAGER', 'MEMBER'] as const;
/** Who stands in an approval-line step: one member or a member group. */

export const APPROVER_KINDS = ['MEMBER', 'GROUP'] as const;
export const GROUP_KINDS = ['INDIVIDUAL', 'GROUP'] as const;
export const REQUEST_TYPES = ['WALLET_CREATION', 'WITHDRAWAL', 'STAKING'] as const;
/** The spec's item types, and unstaking (the spec names unstake requests but not their item type). */

export const REQUEST_ITEM_TYPES = [
  'WALLET_CREATION',
  'WITHDRAWAL',
  'STAKING_STAKE',
  'STAKING_UNSTAKE',
  'STAKING_CLAIM',
] as const;
export const MEMBER_STATUSES = ['ACTIVE', 'DELETED', 'INVITED', 'CANCELED'] as const;
/** The permissions over members and groups (the member administrator's preset, see roles.ts). */

export const MEMBER_ADMINISTRATION_PERMISSIONS = [
  'ORG_MEMBER_INVITATION',
  'ORG_MEMBER_DELETION',
  'GROUP_CREATION',
  'GROUP_DELETION',
  'GROUP_UPDATE',
  'MANAGEMENT_PERMISSION_SETTINGS',
] as const;
/** The permissions over wallets and the address book (the wallet administrator's preset, see roles.ts). */

export const WALLET_ADMINISTRATION_PERMISSIONS = [
  'WALLETS_CREATION',
  'WALLETS_VIEW',
  'ADDRESS_BOOK_CREATION',
  'ADDRESS_BOOK_DELETION',
  'ADDRESS_BOOK_UPDATE',
] as const;
export const ORGANIZATION_PERMISSIONS = [
  'OWNER',
  ...MEMBER_ADMINISTRATION_PERMISSIONS,
  ...WALLET_ADMINISTRATION_PERMISSIONS,
] as const;
export const LOGIN_RESULTS = ['INVALID_PASSPHRASE', 'NEED_OTP', 'NEED_IP_VERIFICATION', 'SUCCESS'] as const;
export const CREATED_DELETED = ['CREATED', 'DELETED'] as const;
export const APPROVED_REJECTED = ['APPROVED', 'REJECTED'] as const;
/** How a member's status is shown: 'joined' or 'invited'. */

export const MEMBER_DISPLAY_STATUSES = ['joined', 'invited'] as const;
export type MemberDisplayStatus = (typeof MEMBER_DISPLAY_STATUSES)[number];

/**
 * ACTIVE → 'joined', INVITED → 'invited'. CANCELED and DELETED members are not listed,
 * so they have no displayed status (null).
 */

export function memberDisplayStatus(status: (typeof MEMBER_STATUSES)[number]): MemberDisplayStatus | null {
  if (status === 'ACTIVE') return 'joined';
  if (status === 'INVITED') return 'invited';
  return null;
}

/**
 * Spec section 4's withdrawal request lifecycle: CREATED (in its approval line), EXECUTING, COMPLETED; or
 * VASP_VERIFICATION_FAILED (the counterparty VASP refused the transfer or did not answer: 5100-5108),
 * CANCELED_BEFORE_EXECUTING, CANCELED_AFTER_EXECUTING. Beyond the spec, FAILED: the execution failed for another
 * reason (the network refused the transfer, a sanctions list matched since creation); `failureCode` says which.
 * Calling those a verification failure would send the user to the wrong counterparty.
 */

export const WITHDRAWAL_LIFECYCLES = [
  'CREATED',
  'EXECUTING',
  'COMPLETED',
  'VASP_VERIFICATION_FAILED',
  'CANCELED_BEFORE_EXECUTING',
  'CANCELED_AFTER_EXECUTING',
  'FAILED',
] as const;
