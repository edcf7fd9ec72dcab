import { z } from 'zod';

/** Enumerations of spec section 3 (blockchains live in blockchains.ts). */

export const LANGUAGES = ['EN', 'KO'] as const;
export const Language = z.enum(LANGUAGES);
export type Language = z.infer<typeof Language>;

export const TOKEN_TYPES = ['NATIVE', 'FUNGIBLE', 'NON_FUNGIBLE'] as const;
export const TokenType = z.enum(TOKEN_TYPES);
export type TokenType = z.infer<typeof TokenType>;

export const TRANSACTION_STATUSES = ['PENDING', 'CONFIRMED', 'FAILED'] as const;
export const TransactionStatus = z.enum(TRANSACTION_STATUSES);
export type TransactionStatus = z.infer<typeof TransactionStatus>;

export const ACTIVITY_TYPES = ['DEPOSIT', 'WITHDRAWAL', 'STAKE', 'CLAIM'] as const;
export const ActivityType = z.enum(ACTIVITY_TYPES);
export type ActivityType = z.infer<typeof ActivityType>;

export const TRANSFER_TYPES = ['TRANSFER', 'STORY_LOCKED_TOKEN_STAKE', 'STORY_LOCKED_TOKEN_CLAIM'] as const;
export const TransferType = z.enum(TRANSFER_TYPES);
export type TransferType = z.infer<typeof TransferType>;

export const STAKING_PROTOCOLS = ['STORY_LOCKED_STAKING'] as const;
export const StakingProtocol = z.enum(STAKING_PROTOCOLS);
export type StakingProtocol = z.infer<typeof StakingProtocol>;

export const WALLET_MEMBER_ROLES = ['MANAGER', 'MEMBER'] as const;
export const WalletMemberRole = z.enum(WALLET_MEMBER_ROLES);
export type WalletMemberRole = z.infer<typeof WalletMemberRole>;

/** Who stands in an approval-line step: one member or a member group. */
export const APPROVER_KINDS = ['MEMBER', 'GROUP'] as const;
export const ApproverKind = z.enum(APPROVER_KINDS);
export type ApproverKind = z.infer<typeof ApproverKind>;

export const GROUP_KINDS = ['INDIVIDUAL', 'GROUP'] as const;
export const GroupKind = z.enum(GROUP_KINDS);
export type GroupKind = z.infer<typeof GroupKind>;

export const REQUEST_TYPES = ['WALLET_CREATION', 'WITHDRAWAL', 'STAKING'] as const;
export const RequestType = z.enum(REQUEST_TYPES);
export type RequestType = z.infer<typeof RequestType>;

/** The spec's item types, and unstaking (the spec names unstake requests but not their item type). */
export const REQUEST_ITEM_TYPES = [
  'WALLET_CREATION',
  'WITHDRAWAL',
  'STAKING_STAKE',
  'STAKING_UNSTAKE',
  'STAKING_CLAIM',
] as const;
export const RequestItemType = z.enum(REQUEST_ITEM_TYPES);
export type RequestItemType = z.infer<typeof RequestItemType>;

export const MEMBER_STATUSES = ['ACTIVE', 'DELETED', 'INVITED', 'CANCELED'] as const;
export const MemberStatus = z.enum(MEMBER_STATUSES);
export type MemberStatus = z.infer<typeof MemberStatus>;

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
export const OrganizationPermission = z.enum(ORGANIZATION_PERMISSIONS);
export type OrganizationPermission = z.infer<typeof OrganizationPermission>;

export const LOGIN_RESULTS = ['INVALID_PASSPHRASE', 'NEED_OTP', 'NEED_IP_VERIFICATION', 'SUCCESS'] as const;
export const LoginResult = z.enum(LOGIN_RESULTS);
export type LoginResult = z.infer<typeof LoginResult>;

export const CREATED_DELETED = ['CREATED', 'DELETED'] as const;
export const CreatedDeleted = z.enum(CREATED_DELETED);
export type CreatedDeleted = z.infer<typeof CreatedDeleted>;

export const APPROVED_REJECTED = ['APPROVED', 'REJECTED'] as const;
export const ApprovedRejected = z.enum(APPROVED_REJECTED);
export type ApprovedRejected = z.infer<typeof ApprovedRejected>;

/** How a member's status is shown: 'joined' or 'invited'. */
export const MEMBER_DISPLAY_STATUSES = ['joined', 'invited'] as const;
export type MemberDisplayStatus = (typeof MEMBER_DISPLAY_STATUSES)[number];

/**
 * ACTIVE → 'joined', INVITED → 'invited'. CANCELED and DELETED members are not listed,
 * so they have no displayed status (null).
 */
export function memberDisplayStatus(status: MemberStatus): MemberDisplayStatus | null {
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
export const WithdrawalLifecycle = z.enum(WITHDRAWAL_LIFECYCLES);
export type WithdrawalLifecycle = z.infer<typeof WithdrawalLifecycle>;
