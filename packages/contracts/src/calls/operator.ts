import { z } from 'zod';
import { Blockchain } from '../blockchains.js';
import { defineDecisionCalls, EmptyBody, tagged } from '../call.js';
import type { ErrorCode } from '../errors.js';
import { definePagedListCall } from '../paging.js';
import { OperatorRole } from '../roles.js';
import { emailSchema, eosAccountNameSchema, personNameSchema, searchSchema, textSchema } from '../validation.js';
import { EncryptedSecret } from './auth.js';
import { InvitationInfo, InvitationSignupAnswer, invitationSignupFields } from './organization.js';

const BASE = '/api/v1/operations/organizations';

export const AML_STATUSES = ['NOT_CHECKED', 'CLEARED', 'UNDER_REVIEW', 'BLOCKED'] as const;
export const AmlStatus = z.enum(AML_STATUSES);
export type AmlStatus = z.infer<typeof AmlStatus>;

export const WORKFLOW_TYPES = [
  'ORGANIZATION_CREATION',
  'OWNER_INVITATION',
  'ORGANIZATION_UPDATE_DETAIL',
  'ORGANIZATION_UPDATE_CUSTODY_FEE',
  'ORGANIZATION_UPDATE_AML_STATUS',
  'COLD_WALLET_IMPORT',
  'ORGANIZATION_UPDATE_CUSTODY_POLICY',
] as const;
export const WorkflowType = z.enum(WORKFLOW_TYPES);
export type WorkflowType = z.infer<typeof WorkflowType>;

/** How an organization's new wallets are kept: keys in the engine (HOT), or on the provider's air-gapped signer. */
export const WALLET_CUSTODY_MODES = ['HOT', 'COLD'] as const;
export const WalletCustodyMode = z.enum(WALLET_CUSTODY_MODES);
export type WalletCustodyMode = z.infer<typeof WalletCustodyMode>;
/** Signing operators each transaction of a cold wallet needs: 2 puts a second pair of eyes on what is signed. */
export const ColdSignersRequired = z.union([z.literal(1), z.literal(2)]);

export const WorkflowStatus = z.enum(['IN_PROGRESS', 'APPROVED', 'REJECTED', 'CANCELED']);

/** Custody fee in basis points of assets under custody per year (0.01 % steps, at most 10 %). */
export const custodyFeeBps = z.number().int().min(0).max(1000);
const businessNumber = z
  .string()
  .trim()
  .regex(/^[0-9]{3}-?[0-9]{2}-?[0-9]{5}$/, { error: 'validation.businessNumber.invalid' });

export const OrganizationDetails = z.strictObject({
  name: textSchema.max(100, { error: 'validation.text.tooLong100' }),
  businessRegistrationNumber: businessNumber,
  representativeName: personNameSchema,
});

export const Operator = z.object({
  id: z.uuid(),
  email: z.string(),
  userName: z.string(),
  role: OperatorRole.nullable(),
});

export const Workflow = z.object({
  id: z.uuid(),
  type: WorkflowType,
  status: WorkflowStatus,
  organizationId: z.uuid().nullable(),
  organizationName: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
  createdBy: Operator,
  createdAt: z.iso.datetime(),
  decidedBy: Operator.nullable(),
  decidedAt: z.iso.datetime().nullable(),
  memo: z.string().nullable(),
  /** Whether the caller may approve or reject it (not its creator, and a deciding role). */
  canDecide: z.boolean(),
  canCancel: z.boolean(),
});
export type Workflow = z.infer<typeof Workflow>;

export const OperatedOrganization = z.object({
  id: z.uuid(),
  name: z.string(),
  businessRegistrationNumber: z.string(),
  representativeName: z.string(),
  custodyFeeBps: z.number().int(),
  amlStatus: AmlStatus,
  amlCheckedAt: z.iso.datetime().nullable(),
  /** Masked unless the operator may view emails. */
  ownerEmail: z.string().nullable(),
  ownerStatus: z.enum(['NONE', 'INVITED', 'ACTIVE']),
  memberCount: z.number().int(),
  /**
   * The custody policy of the organization's new wallets: COLD makes each approved wallet creation wait in the
   * signing queue for the account key of the provider's air-gapped signer, kept with `coldSignersRequired`.
   */
  newWalletCustody: WalletCustodyMode,
  coldSignersRequired: ColdSignersRequired,
  createdAt: z.iso.datetime(),
});

const workflowParams = z.object({ workflowId: z.uuid() });
const memo = z.string().trim().max(255).optional();
/** Approving or rejecting asks for the operator's own fresh code: a stolen session alone decides nothing. */
const decisionBody = z.strictObject({ memo, otpCode: EncryptedSecret });
const cancelBody = z.strictObject({ memo });
const operatorCall = tagged('operator');

export const operatorOrganizationListCall = definePagedListCall({
  id: 'operatorOrganizationList',
  path: BASE,
  tag: 'operator',
  summary: 'Organizations under custody (paged)',
  access: 'operator',
  sortFields: ['name', 'createdAt', 'amlStatus'],
  filters: z.strictObject({
    search: searchSchema,
    amlStatus: z.array(AmlStatus).max(4).optional(),
  }),
  item: OperatedOrganization,
});

export const operatorOrganizationGetCall = operatorCall({
  id: 'operatorOrganizationGet',
  method: 'POST',
  path: `${BASE}/{organizationId}`,
  summary: 'One organization with its workflows',
  access: 'operator',
  errors: ['404'],
  params: z.object({ organizationId: z.uuid() }),
  body: EmptyBody,
  response: OperatedOrganization.extend({ workflows: z.array(Workflow) }),
});

export const AmlRecord = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  organizationName: z.string(),
  status: AmlStatus,
  reason: z.string(),
  changedBy: Operator.nullable(),
  changedAt: z.iso.datetime(),
});

export const amlStatusListCall = definePagedListCall({
  id: 'operatorAmlStatusList',
  path: `${BASE}/aml-status/list`,
  tag: 'operator',
  summary: 'AML status changes, newest first (paged)',
  access: 'operator',
  sortFields: ['changedAt'],
  filters: z.strictObject({
    organizationId: z.uuid().optional(),
    status: z.array(AmlStatus).max(4).optional(),
  }),
  item: AmlRecord,
});

export const workflowListCall = definePagedListCall({
  id: 'operatorWorkflowList',
  path: '/api/v1/operations/workflows',
  tag: 'operator',
  summary: 'Operator workflows (paged)',
  access: 'operator',
  sortFields: ['createdAt'],
  filters: z.strictObject({
    status: z.array(WorkflowStatus).max(4).optional(),
    type: z.array(WorkflowType).max(5).optional(),
    organizationId: z.uuid().optional(),
  }),
  item: Workflow,
});

const invitationBody = { token: z.string().min(1).max(256) };
const invitationParams = z.object({ invitationId: z.uuid() });

export const ownerInvitationGetCall = operatorCall({
  id: 'ownerInvitationGet',
  method: 'POST',
  path: `${BASE}/owner-invitation/{invitationId}/get`,
  summary: 'Check an owner invitation link',
  access: 'public',
  errors: ['4016', '4017', '4018', '4019', '4031'],
  params: invitationParams,
  body: z.strictObject(invitationBody),
  response: InvitationInfo,
});

export const ownerInvitationAcceptCall = operatorCall({
  id: 'ownerInvitationAccept',
  method: 'POST',
  path: `${BASE}/owner-invitation/{invitationId}/accept`,
  summary: 'Owner sign-up',
  access: 'public',
  errors: ['4016', '4017', '4018', '4019', '4031', '14', '15'],
  params: invitationParams,
  body: z.strictObject({ ...invitationBody, ...invitationSignupFields }),
  response: InvitationSignupAnswer,
});

export const ownerInvitationResendCall = operatorCall({
  id: 'ownerInvitationResend',
  method: 'POST',
  path: `${BASE}/owner-invitation/{organizationId}/resend`,
  summary: 'Send the owner invitation again',
  access: 'operator',
  errors: ['404'],
  params: z.object({ organizationId: z.uuid() }),
  body: z.strictObject({ email: emailSchema.optional() }),
  response: z.object({ ok: z.literal(true), expiresAt: z.iso.datetime() }),
});

/** A workflow family's calls: its creation (when it has one of its own) and the decisions on it. */
function workflowCalls(
  prefix: string,
  idBase: string,
  create?: z.ZodObject,
  errors: { create?: readonly ErrorCode[]; approve?: readonly ErrorCode[] } = {},
) {
  // Every decision: the workflow (404), still open (4104); approve and reject: not one's own (4105), with the
  // decider's fresh authenticator code (4004 wrong, 4034 already used).
  const decide: ErrorCode[] = ['404', '4104', '4105', '4004', '4034'];
  return {
    create: create
      ? operatorCall({
          id: `${idBase}Create`,
          method: 'POST',
          path: `${BASE}/${prefix}/create`,
          summary: 'Start a workflow for another operator to approve',
          access: 'operator',
          body: create,
          response: Workflow,
          ...(errors.create ? { errors: errors.create } : {}),
        })
      : undefined,
    ...defineDecisionCalls({
      idPrefix: idBase,
      base: `${BASE}/${prefix}/{workflowId}`,
      tag: 'operator',
      subject: 'a workflow',
      access: 'operator',
      params: workflowParams,
      decisionBody,
      cancelBody,
      response: Workflow,
      errors: { approve: [...decide, ...(errors.approve ?? [])], reject: decide, cancel: ['404', '4104'] },
    }),
  };
}

export const organizationCreationWorkflow = workflowCalls(
  'organization-creation-workflow',
  'organizationCreationWorkflow',
  OrganizationDetails.extend({ custodyFeeBps }),
);
export const ownerInvitationWorkflow = workflowCalls(
  'owner-invitation-workflow',
  'ownerInvitationWorkflow',
  z.strictObject({ organizationId: z.uuid(), email: emailSchema }),
  // The organization (404), one open invitation at a time (4012), no owner or account with that email yet.
  { create: ['404', '4012', '4024', '4027'], approve: ['4024', '4027'] },
);
/**
 * A cold wallet, proposed by one operator and approved by another: its name, network and the account key the
 * air-gapped signer exported (the QR parts of a crypto-hdkey, in any order). Vaultline keeps the public key alone.
 */
export const coldWalletImportWorkflow = workflowCalls(
  'cold-wallet-import-workflow',
  'coldWalletImportWorkflow',
  z.strictObject({
    organizationId: z.uuid(),
    walletName: textSchema,
    blockchain: Blockchain,
    accountParts: z.array(z.string().trim().min(1).max(2000)).min(1).max(400),
    /** Signing operators each transaction needs: 2 puts a second pair of eyes on what the signer signs. */
    signersRequired: ColdSignersRequired.default(1),
    /**
     * EOS-type networks only, and there required: the account the key controls (an address on those chains is an
     * account name, not a key). On the devnet the approval registers it with the key, as a hot wallet's creation does;
     * on a network with a real node the account must exist already, its owner and active permissions the key's alone.
     */
    accountName: eosAccountNameSchema.optional(),
  }),
  // The organization (404); an account name missing on an EOS-type network or given on another (4000); the wallet
  // name's rules (1, 2) and uniqueness (4006), the address or account already a wallet's (4109); the key's QR parts:
  // unreadable (40000), incomplete (40001), a key of another kind or network (40002). On an EOS-type network with a
  // real node, at proposal and again at approval: an account the node does not know, or not the key's alone (4000),
  // the node not answering (503).
  {
    create: ['404', '1', '2', '4000', '4006', '4109', '40000', '40001', '40002', '503'],
    approve: ['4000', '4006', '4109', '503'],
  },
);
export const organizationUpdateWorkflow = workflowCalls('organization-update-workflow', 'organizationUpdateWorkflow');

/**
 * The create call of one kind of organization update (`organization-update-<kind>-workflow`); every kind is then
 * decided through `organizationUpdateWorkflow`. Its body names the organization and what would change.
 */
function updateWorkflowCreate<B extends z.ZodType>(kind: string, summary: string, body: B) {
  const name = kind.replace(/(^|-)([a-z])/g, (_, __, letter: string) => letter.toUpperCase());
  return operatorCall({
    id: `organizationUpdate${name}WorkflowCreate`,
    method: 'POST',
    path: `${BASE}/organization-update-${kind}-workflow/create`,
    summary,
    access: 'operator',
    body,
    response: Workflow,
    errors: ['404'],
  });
}

export const updateDetailWorkflowCreateCall = updateWorkflowCreate(
  'detail',
  'Propose new organization details',
  OrganizationDetails.partial().extend({ organizationId: z.uuid() }),
);
export const updateCustodyFeeWorkflowCreateCall = updateWorkflowCreate(
  'custody-fee',
  'Propose a new custody fee',
  z.strictObject({ organizationId: z.uuid(), custodyFeeBps }),
);
export const updateAmlStatusWorkflowCreateCall = updateWorkflowCreate(
  'aml-status',
  'Propose a new AML status',
  z.strictObject({ organizationId: z.uuid(), amlStatus: AmlStatus, reason: textSchema }),
);
/**
 * The custody policy of an organization's new wallets (existing wallets keep theirs): COLD makes every wallet
 * creation its approval line approves wait at signing until a signing operator imports the account key its
 * air-gapped signer exports; HOT goes back to keys derived in the engine. Wallet creations already waiting keep
 * waiting for their key.
 */
export const updateCustodyPolicyWorkflowCreateCall = updateWorkflowCreate(
  'custody-policy',
  'Propose how new wallets are kept (hot or cold)',
  z.strictObject({
    organizationId: z.uuid(),
    newWalletCustody: WalletCustodyMode,
    coldSignersRequired: ColdSignersRequired.default(1),
  }),
);
