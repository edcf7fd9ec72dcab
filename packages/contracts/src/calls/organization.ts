import { z } from 'zod';
import { defineCall } from '../call.js';
import { MemberStatus, OrganizationPermission } from '../enums.js';
import { pagedListBody, pagedResponse } from '../paging.js';
import { AssignablePermission } from '../roles.js';
import { emailSchema, personNameSchema, searchSchema, textSchema } from '../validation.js';
import { EncryptedSecret } from './auth.js';

/** The body of destructive calls: a fresh authenticator code (spec: "authentication body"). */
export const AuthenticationBody = z.strictObject({ otpCode: EncryptedSecret });

const ok = z.object({ ok: z.literal(true) });
const permissions = z.array(AssignablePermission).max(20);

export const MemberSummary = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userName: z.string(),
  status: MemberStatus,
  /** As the screens show it: joined or invited. */
  displayStatus: z.enum(['joined', 'invited']).nullable(),
  permissions: z.array(OrganizationPermission),
  effectivePermissions: z.array(OrganizationPermission),
  groups: z.array(z.object({ id: z.uuid(), name: z.string() })),
  invitation: z.object({ id: z.uuid(), expiresAt: z.iso.datetime(), expired: z.boolean() }).nullable(),
  createdAt: z.iso.datetime(),
});
export type MemberSummary = z.infer<typeof MemberSummary>;

export const Organization = z.object({
  id: z.uuid(),
  name: z.string(),
  /** What the caller may do here, so screens show only the controls that will work. */
  myPermissions: z.array(OrganizationPermission),
  memberCount: z.number().int(),
  createdAt: z.iso.datetime(),
});

export const organizationMeCall = defineCall({
  id: 'organizationMe',
  method: 'GET',
  path: '/api/v1/organizations/me',
  tag: 'organization',
  summary: "The caller's organization and the caller's permissions in it",
  access: 'member',
  response: Organization,
});

export const memberListCall = defineCall({
  id: 'memberList',
  method: 'POST',
  path: '/api/v1/organization/members',
  tag: 'members',
  summary: 'Members and invitations of the organization (paged)',
  access: 'member',
  body: pagedListBody(
    ['email', 'userName', 'status', 'createdAt'],
    z.strictObject({
      status: z.array(MemberStatus).max(4).optional(),
      search: searchSchema,
      groupId: z.uuid().optional(),
    }),
  ),
  response: pagedResponse(MemberSummary),
});

export const memberByEmailCall = defineCall({
  id: 'memberByEmail',
  method: 'GET',
  path: '/api/v1/organization/members/email/{email}',
  tag: 'members',
  summary: 'A member or invitation of the organization by email (404 when none)',
  access: 'ORG_MEMBER_INVITATION',
  params: z.object({ email: emailSchema }),
  response: MemberSummary,
});

export const memberPermissionsCall = defineCall({
  id: 'memberUpdatePermissions',
  method: 'PATCH',
  path: '/api/v1/organization/members/{memberId}/permissions',
  tag: 'members',
  summary: "Set a member's own organization permissions",
  access: 'MANAGEMENT_PERMISSION_SETTINGS',
  params: z.object({ memberId: z.uuid() }),
  body: z.strictObject({ permissions }),
  response: MemberSummary,
});

export const memberDeleteCall = defineCall({
  id: 'memberDelete',
  method: 'DELETE',
  path: '/api/v1/organization/members/{memberId}',
  tag: 'members',
  summary: 'Remove a member (authenticator code required)',
  access: 'ORG_MEMBER_DELETION',
  params: z.object({ memberId: z.uuid() }),
  body: AuthenticationBody,
  response: ok,
});

// --- invitations -----------------------------------------------------------------------------

const invitationRef = { invitationId: z.uuid(), token: z.string().min(1).max(256) };

export const InvitationInfo = z.object({
  invitationId: z.uuid(),
  email: z.string(),
  organizationName: z.string(),
  kind: z.enum(['MEMBER', 'OWNER']),
  expiresAt: z.iso.datetime(),
});

export const inviteMembersCall = defineCall({
  id: 'invitationInvite',
  method: 'POST',
  path: '/api/v1/organization/invitations/invite-organization-member',
  tag: 'invitations',
  summary: 'Invite one or more people by email (valid 24 hours)',
  access: 'ORG_MEMBER_INVITATION',
  body: z.strictObject({
    emails: z.array(emailSchema).min(1).max(50),
    permissions: permissions.default([]),
    groupIds: z.array(z.uuid()).max(20).default([]),
  }),
  response: z.object({ invited: z.array(MemberSummary) }),
});

export const reinviteMemberCall = defineCall({
  id: 'invitationReinvite',
  method: 'POST',
  path: '/api/v1/organization/invitations/re-invite-organization-member',
  tag: 'invitations',
  summary: 'Send an invitation again with a new 24-hour link',
  access: 'ORG_MEMBER_INVITATION',
  body: z.strictObject({ memberId: z.uuid() }),
  response: MemberSummary,
});

export const cancelInvitationCall = defineCall({
  id: 'invitationCancel',
  method: 'POST',
  path: '/api/v1/organization/invitations/cancel-organization-member-invitation',
  tag: 'invitations',
  summary: 'Cancel a pending invitation',
  access: 'ORG_MEMBER_INVITATION',
  body: z.strictObject({ memberId: z.uuid() }),
  response: ok,
});

export const verifyInvitationCall = defineCall({
  id: 'invitationVerify',
  method: 'POST',
  path: '/api/v1/organization/invitations/verify-organization-member-invitation',
  tag: 'invitations',
  summary: 'Check an invitation link before sign-up',
  access: 'public',
  body: z.strictObject(invitationRef),
  response: InvitationInfo,
});

export const acceptInvitationCall = defineCall({
  id: 'invitationAccept',
  method: 'POST',
  path: '/api/v1/organization/invitations/accept-organization-member-invitation',
  tag: 'invitations',
  summary: 'Sign up: set names and a password; authenticator registration follows at sign-in',
  access: 'public',
  body: z.strictObject({
    ...invitationRef,
    passphrase: EncryptedSecret,
    userName: personNameSchema,
    firstName: personNameSchema,
    lastName: personNameSchema,
  }),
  response: z.object({ ok: z.literal(true), email: z.string() }),
});

// --- groups ----------------------------------------------------------------------------------

export const Group = z.object({
  id: z.uuid(),
  name: z.string(),
  permissions: z.array(OrganizationPermission),
  members: z.array(z.object({ id: z.uuid(), email: z.string(), userName: z.string() })),
  createdAt: z.iso.datetime(),
});
export type Group = z.infer<typeof Group>;

const groupName = textSchema.max(100, { error: 'validation.text.tooLong100' });
const groupParams = z.object({ groupId: z.uuid() });

export const groupCreateCall = defineCall({
  id: 'groupCreate',
  method: 'POST',
  path: '/api/v1/organization/groups/create',
  tag: 'groups',
  summary: 'Create a member group',
  access: 'GROUP_CREATION',
  body: z.strictObject({ name: groupName, memberIds: z.array(z.uuid()).max(500).default([]) }),
  response: Group,
});

export const groupListCall = defineCall({
  id: 'groupList',
  method: 'POST',
  path: '/api/v1/organization/groups',
  tag: 'groups',
  summary: 'Member groups of the organization (paged)',
  access: 'member',
  body: pagedListBody(['name', 'createdAt'], z.strictObject({ search: searchSchema })),
  response: pagedResponse(Group),
});

export const groupUpdateCall = defineCall({
  id: 'groupUpdate',
  method: 'PATCH',
  path: '/api/v1/organization/groups/{groupId}',
  tag: 'groups',
  summary: 'Rename a group or change its members',
  access: 'GROUP_UPDATE',
  params: groupParams,
  body: z.strictObject({ name: groupName.optional(), memberIds: z.array(z.uuid()).max(500).optional() }),
  response: Group,
});

export const groupPermissionsCall = defineCall({
  id: 'groupUpdatePermissions',
  method: 'PATCH',
  path: '/api/v1/organization/groups/{groupId}/permissions',
  tag: 'groups',
  summary: "Set a group's organization permissions",
  access: 'MANAGEMENT_PERMISSION_SETTINGS',
  params: groupParams,
  body: z.strictObject({ permissions }),
  response: Group,
});

export const groupDeleteCall = defineCall({
  id: 'groupDelete',
  method: 'DELETE',
  path: '/api/v1/organization/groups/{groupId}',
  tag: 'groups',
  summary: 'Delete a group (authenticator code required)',
  access: 'GROUP_DELETION',
  params: groupParams,
  body: AuthenticationBody,
  response: ok,
});
