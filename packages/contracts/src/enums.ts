import { z } from 'zod';
import {
  ACTIVITY_TYPES,
  APPROVED_REJECTED,
  APPROVER_KINDS,
  CREATED_DELETED,
  GROUP_KINDS,
  LANGUAGES,
  LOGIN_RESULTS,
  MEMBER_STATUSES,
  ORGANIZATION_PERMISSIONS,
  REQUEST_ITEM_TYPES,
  REQUEST_TYPES,
  STAKING_PROTOCOLS,
  TOKEN_TYPES,
  TRANSACTION_STATUSES,
  TRANSFER_TYPES,
  WALLET_MEMBER_ROLES,
  WITHDRAWAL_LIFECYCLES,
} from './enum-lists.js';

/** Enumerations of spec section 3 (blockchains live in blockchains.ts); the lists themselves live in enum-lists.ts. */
export {
  ACTIVITY_TYPES,
  APPROVED_REJECTED,
  APPROVER_KINDS,
  CREATED_DELETED,
  GROUP_KINDS,
  LANGUAGES,
  LOGIN_RESULTS,
  MEMBER_ADMINISTRATION_PERMISSIONS,
  MEMBER_DISPLAY_STATUSES,
  MEMBER_STATUSES,
  type MemberDisplayStatus,
  memberDisplayStatus,
  ORGANIZATION_PERMISSIONS,
  REQUEST_ITEM_TYPES,
  REQUEST_TYPES,
  STAKING_PROTOCOLS,
  TOKEN_TYPES,
  TRANSACTION_STATUSES,
  TRANSFER_TYPES,
  WALLET_ADMINISTRATION_PERMISSIONS,
  WALLET_MEMBER_ROLES,
  WITHDRAWAL_LIFECYCLES,
} from './enum-lists.js';

export const Language = z.enum(LANGUAGES);
export type Language = z.infer<typeof Language>;

export const TokenType = z.enum(TOKEN_TYPES);
export type TokenType = z.infer<typeof TokenType>;

export const TransactionStatus = z.enum(TRANSACTION_STATUSES);
export type TransactionStatus = z.infer<typeof TransactionStatus>;

export const ActivityType = z.enum(ACTIVITY_TYPES);
export type ActivityType = z.infer<typeof ActivityType>;

export const TransferType = z.enum(TRANSFER_TYPES);
export type TransferType = z.infer<typeof TransferType>;

export const StakingProtocol = z.enum(STAKING_PROTOCOLS);
export type StakingProtocol = z.infer<typeof StakingProtocol>;

export const WalletMemberRole = z.enum(WALLET_MEMBER_ROLES);
export type WalletMemberRole = z.infer<typeof WalletMemberRole>;

export const ApproverKind = z.enum(APPROVER_KINDS);
export type ApproverKind = z.infer<typeof ApproverKind>;

export const GroupKind = z.enum(GROUP_KINDS);
export type GroupKind = z.infer<typeof GroupKind>;

export const RequestType = z.enum(REQUEST_TYPES);
export type RequestType = z.infer<typeof RequestType>;

export const RequestItemType = z.enum(REQUEST_ITEM_TYPES);
export type RequestItemType = z.infer<typeof RequestItemType>;

export const MemberStatus = z.enum(MEMBER_STATUSES);
export type MemberStatus = z.infer<typeof MemberStatus>;

export const OrganizationPermission = z.enum(ORGANIZATION_PERMISSIONS);
export type OrganizationPermission = z.infer<typeof OrganizationPermission>;

export const LoginResult = z.enum(LOGIN_RESULTS);
export type LoginResult = z.infer<typeof LoginResult>;

export const CreatedDeleted = z.enum(CREATED_DELETED);
export type CreatedDeleted = z.infer<typeof CreatedDeleted>;

export const ApprovedRejected = z.enum(APPROVED_REJECTED);
export type ApprovedRejected = z.infer<typeof ApprovedRejected>;

export const WithdrawalLifecycle = z.enum(WITHDRAWAL_LIFECYCLES);
export type WithdrawalLifecycle = z.infer<typeof WithdrawalLifecycle>;
