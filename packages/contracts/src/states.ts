import { z } from 'zod';
import {
  ADDRESS_BOOK_STATES,
  APPROVAL_STATUSES,
  CUSTOMER_APPROVAL_STATUSES,
  CUSTOMER_REQUEST_STATUSES,
  INVITATION_STATES,
  REQUEST_PROGRESS_STEPS,
  WITHDRAWAL_STATUSES,
  WORKFLOW_DECISION_STATUSES,
} from './state-lists.js';

// The lists and their helpers live in state-lists.ts (no schema there); this module adds a schema per list.
export {
  ADDRESS_BOOK_STATES,
  APPROVAL_STATUSES,
  CUSTOMER_APPROVAL_STATUSES,
  CUSTOMER_REQUEST_STATUSES,
  customerApprovalStatusLabel,
  INVITATION_STATES,
  isCanceledWithdrawalStatus,
  isTerminalAddressBookState,
  isTerminalApprovalStatus,
  isTerminalCustomerRequestStatus,
  isTerminalInvitationState,
  isTerminalWithdrawalStatus,
  isTerminalWorkflowDecisionStatus,
  isUsableAddressBookState,
  REQUEST_PROGRESS_STEPS,
  requestProgressIndex,
  WITHDRAWAL_STATUSES,
  WORKFLOW_DECISION_STATUSES,
} from './state-lists.js';

export const ApprovalStatus = z.enum(APPROVAL_STATUSES);
export type ApprovalStatus = z.infer<typeof ApprovalStatus>;

export const CustomerApprovalStatus = z.enum(CUSTOMER_APPROVAL_STATUSES);
export type CustomerApprovalStatus = z.infer<typeof CustomerApprovalStatus>;

export const CustomerRequestStatus = z.enum(CUSTOMER_REQUEST_STATUSES);
export type CustomerRequestStatus = z.infer<typeof CustomerRequestStatus>;

export const RequestProgressStep = z.enum(REQUEST_PROGRESS_STEPS);
export type RequestProgressStep = z.infer<typeof RequestProgressStep>;

export const WorkflowDecisionStatus = z.enum(WORKFLOW_DECISION_STATUSES);
export type WorkflowDecisionStatus = z.infer<typeof WorkflowDecisionStatus>;

export const WithdrawalStatus = z.enum(WITHDRAWAL_STATUSES);
export type WithdrawalStatus = z.infer<typeof WithdrawalStatus>;

export const AddressBookState = z.enum(ADDRESS_BOOK_STATES);
export type AddressBookState = z.infer<typeof AddressBookState>;

export const InvitationState = z.enum(INVITATION_STATES);
export type InvitationState = z.infer<typeof InvitationState>;
