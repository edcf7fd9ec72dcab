import { z } from 'zod';
import { defineCall } from '../call.js';
import { pagedListBody, pagedResponse } from '../paging.js';
import { OperatorRole } from '../roles.js';
import { emailSchema, personNameSchema, searchSchema, textSchema } from '../validation.js';
import { EncryptedSecret } from './auth.js';
import { InvitationInfo } from './organization.js';

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
] as const;
export const WorkflowType = z.enum(WORKFLOW_TYPES);
export type WorkflowType = z.infer<typeof WorkflowType>;

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
  createdAt: z.iso.datetime(),
});

const workflowParams = z.object({ workflowId: z.uuid() });
const memo = z.string().trim().max(255).optional();
/** Approving or rejecting asks for the operator's own fresh code: a stolen session alone decides nothing. */
const decisionBody = z.strictObject({ memo, otpCode: EncryptedSecret });
const cancelBody = z.strictObject({ memo });
const op = (id: string, method: 'POST', path: string, summary: string) => ({
  id,
  method,
  path,
  summary,
  tag: 'operator',
});

export const operatorOrganizationListCall = defineCall({
  ...op('operatorOrganizationList', 'POST', BASE, 'Organizations under custody (paged)'),
  access: 'operator',
  body: pagedListBody(
    ['name', 'createdAt', 'amlStatus'],
    z.strictObject({
      search: searchSchema,
      amlStatus: z.array(AmlStatus).max(4).optional(),
    }),
  ),
  response: pagedResponse(OperatedOrganization),
});

export const operatorOrganizationGetCall = defineCall({
  ...op('operatorOrganizationGet', 'POST', `${BASE}/{organizationId}`, 'One organization with its workflows'),
  access: 'operator',
  params: z.object({ organizationId: z.uuid() }),
  body: z.strictObject({}),
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

export const amlStatusListCall = defineCall({
  ...op('operatorAmlStatusList', 'POST', `${BASE}/aml-status/list`, 'AML status changes, newest first (paged)'),
  access: 'operator',
  body: pagedListBody(
    ['changedAt'],
    z.strictObject({
      organizationId: z.uuid().optional(),
      status: z.array(AmlStatus).max(4).optional(),
    }),
  ),
  response: pagedResponse(AmlRecord),
});

export const workflowListCall = defineCall({
  ...op('operatorWorkflowList', 'POST', '/api/v1/operations/workflows', 'Operator workflows (paged)'),
  access: 'operator',
  body: pagedListBody(
    ['createdAt'],
    z.strictObject({
      status: z.array(WorkflowStatus).max(4).optional(),
      type: z.array(WorkflowType).max(5).optional(),
      organizationId: z.uuid().optional(),
    }),
  ),
  response: pagedResponse(Workflow),
});

const invitationBody = { token: z.string().min(1).max(256) };

export const ownerInvitationGetCall = defineCall({
  ...op('ownerInvitationGet', 'POST', `${BASE}/owner-invitation/{invitationId}/get`, 'Check an owner invitation link'),
  access: 'public',
  params: z.object({ invitationId: z.uuid() }),
  body: z.strictObject(invitationBody),
  response: InvitationInfo,
});

export const ownerInvitationAcceptCall = defineCall({
  ...op('ownerInvitationAccept', 'POST', `${BASE}/owner-invitation/{invitationId}/accept`, 'Owner sign-up'),
  access: 'public',
  params: z.object({ invitationId: z.uuid() }),
  body: z.strictObject({
    ...invitationBody,
    passphrase: EncryptedSecret,
    userName: personNameSchema,
    firstName: personNameSchema,
    lastName: personNameSchema,
  }),
  response: z.object({ ok: z.literal(true), email: z.string() }),
});

export const ownerInvitationResendCall = defineCall({
  ...op(
    'ownerInvitationResend',
    'POST',
    `${BASE}/owner-invitation/{organizationId}/resend`,
    'Send the owner invitation again',
  ),
  access: 'operator',
  params: z.object({ organizationId: z.uuid() }),
  body: z.strictObject({ email: emailSchema.optional() }),
  response: z.object({ ok: z.literal(true), expiresAt: z.iso.datetime() }),
});

function workflowCalls(prefix: string, idBase: string, create?: z.ZodObject) {
  const decide = <B extends typeof decisionBody | typeof cancelBody>(
    action: 'approve' | 'reject' | 'cancel',
    body: B,
  ) =>
    defineCall({
      ...op(
        `${idBase}${action[0]!.toUpperCase()}${action.slice(1)}`,
        'POST',
        `${BASE}/${prefix}/{workflowId}/${action}`,
        `${action} a workflow`,
      ),
      access: 'operator',
      params: workflowParams,
      body,
      response: Workflow,
    });
  return {
    create: create
      ? defineCall({
          ...op(
            `${idBase}Create`,
            'POST',
            `${BASE}/${prefix}/create`,
            'Start a workflow for another operator to approve',
          ),
          access: 'operator',
          body: create,
          response: Workflow,
        })
      : undefined,
    approve: decide('approve', decisionBody),
    reject: decide('reject', decisionBody),
    cancel: decide('cancel', cancelBody),
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
);
export const organizationUpdateWorkflow = workflowCalls('organization-update-workflow', 'organizationUpdateWorkflow');

export const updateDetailWorkflowCreateCall = defineCall({
  ...op(
    'organizationUpdateDetailWorkflowCreate',
    'POST',
    `${BASE}/organization-update-detail-workflow/create`,
    'Propose new organization details',
  ),
  access: 'operator',
  body: OrganizationDetails.partial().extend({ organizationId: z.uuid() }),
  response: Workflow,
});

export const updateCustodyFeeWorkflowCreateCall = defineCall({
  ...op(
    'organizationUpdateCustodyFeeWorkflowCreate',
    'POST',
    `${BASE}/organization-update-custody-fee-workflow/create`,
    'Propose a new custody fee',
  ),
  access: 'operator',
  body: z.strictObject({ organizationId: z.uuid(), custodyFeeBps }),
  response: Workflow,
});

export const updateAmlStatusWorkflowCreateCall = defineCall({
  ...op(
    'organizationUpdateAmlStatusWorkflowCreate',
    'POST',
    `${BASE}/organization-update-aml-status-workflow/create`,
    'Propose a new AML status',
  ),
  access: 'operator',
  body: z.strictObject({ organizationId: z.uuid(), amlStatus: AmlStatus, reason: textSchema }),
  response: Workflow,
});
