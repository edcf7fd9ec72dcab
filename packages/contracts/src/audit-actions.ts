/**
 * What the audit log records (issue 19): every change and decision, by area. Schema-free, so a screen can list the
 * actions for its filter before zod's core arrives; `AuditAction` (calls/audit.ts) is the enum of these.
 */
export const AUDIT_ACTIONS = [
  // Sign-in and the account's own security
  'SIGN_IN',
  'SIGN_IN_FAILED',
  'SIGN_OUT',
  'LOGIN_IP_VERIFIED',
  'PASSWORD_CHANGED',
  'PASSWORD_RESET',
  'OTP_REGISTERED',
  // Members, permissions, groups, invitations
  'MEMBER_PERMISSIONS_CHANGED',
  'MEMBER_DELETED',
  'MEMBER_INVITED',
  'INVITATION_CANCELED',
  'INVITATION_ACCEPTED',
  'GROUP_CREATED',
  'GROUP_UPDATED',
  'GROUP_DELETED',
  'WALLET_MEMBER_ADDED',
  'WALLET_MEMBER_ROLE_CHANGED',
  'WALLET_MEMBER_REMOVED',
  // Approval lines and requests
  'APPROVAL_LINE_CHANGED',
  'REQUEST_CREATED',
  'REQUEST_APPROVED',
  'REQUEST_REJECTED',
  'REQUEST_CANCELED',
  // Address book
  'ADDRESS_BOOK_ENTRY_CREATED',
  'ADDRESS_BOOK_ENTRY_DELETED',
  'ADDRESS_BOOK_ENTRY_REVERIFIED',
  // Tokens and exports
  'TOKEN_ADDED',
  'TOKEN_REMOVED',
  'ACTIVITY_EXPORT_REQUESTED',
  'AUDIT_LOG_EXPORTED',
  // The provider's operators
  'OPERATOR_WORKFLOW_PROPOSED',
  'OPERATOR_WORKFLOW_APPROVED',
  'OPERATOR_WORKFLOW_REJECTED',
  'OPERATOR_WORKFLOW_CANCELED',
  'SANCTIONS_IMPORTED',
  // The provider's cold-signing queue
  'COLD_SIGN_REQUEST_SHOWN',
  'COLD_SIGN_REQUEST_CONFIRMED',
  'COLD_SIGNATURE_ACCEPTED',
  'COLD_SIGNATURE_REFUSED',
  'COLD_WALLET_KEY_PROPOSED',
  'COLD_WALLET_KEY_IMPORTED',
  'COLD_WALLET_KEY_DECLINED',
] as const;

export type AuditActionName = (typeof AUDIT_ACTIONS)[number];

/** Who acted: a member, an operator, someone not signed in (a failed sign-in, an invitation link), the engine. */
export const AUDIT_ACTOR_KINDS = ['MEMBER', 'OPERATOR', 'ANONYMOUS', 'SYSTEM'] as const;
export type AuditActorKindName = (typeof AUDIT_ACTOR_KINDS)[number];

/** What an entry is about (its object id names one of these). */
export const AUDIT_OBJECT_TYPES = [
  'account',
  'session',
  'login_ip',
  'member',
  'group',
  'wallet',
  'wallet_creation_line',
  'wallet_approval_line',
  'request',
  'address_book_entry',
  'organization_token',
  'activity_export',
  'audit_log',
  'operator_workflow',
  'sanctions_list',
  'chain_transaction',
] as const;
export type AuditObjectTypeName = (typeof AUDIT_OBJECT_TYPES)[number];
