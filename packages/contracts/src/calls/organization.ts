import { z } from 'zod';
import { OkAnswer, tagged } from '../call.js';
import { MemberStatus, OrganizationPermission } from '../enums.js';
import { CURSOR_ANSWER, CURSOR_BODY, definePagedListCall } from '../paging.js';
import { AssignablePermission } from '../roles.js';
import { emailSchema, personNameSchema, searchSchema, textSchema } from '../validation.js';
import { EncryptedSecret } from './auth.js';

/** The body of destructive calls: a fresh authenticator code (spec: "authentication body"). */
export const AuthenticationBody = z.strictObject({ otpCode: EncryptedSecret });

const permissions = z.array(AssignablePermission).max(20);
const organizationCall = tagged('organization');
const membersCall = tagged('members');
const invitationsCall = tagged('invitations');
const groupsCall = tagged('groups');

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

export const organizationMeCall = organizationCall({
  id: 'organizationMe',
  method: 'GET',
  path: '/api/v1/organizations/me',
  summary: "The caller's organization and the caller's permissions in it",
  access: 'member',
  errors: ['404'],
  response: Organization,
});

export const memberListCall = definePagedListCall({
  id: 'memberList',
  path: '/api/v1/organization/members',
  tag: 'members',
  summary: 'Members and invitations of the organization (paged)',
  access: 'member',
  sortFields: ['email', 'userName', 'status', 'createdAt'],
  filters: z.strictObject({
    status: z.array(MemberStatus).max(4).optional(),
    search: searchSchema,
    groupId: z.uuid().optional(),
  }),
  item: MemberSummary,
  bodyExtras: CURSOR_BODY,
  answerExtras: CURSOR_ANSWER,
});

export const memberByEmailCall = membersCall({
  id: 'memberByEmail',
  method: 'GET',
  path: '/api/v1/organization/members/email/{email}',
  summary: 'A member or invitation of the organization by email (404 when none)',
  access: 'ORG_MEMBER_INVITATION',
  errors: ['404'],
  params: z.object({ email: emailSchema }),
  response: MemberSummary,
});

export const memberPermissionsCall = membersCall({
  id: 'memberUpdatePermissions',
  method: 'PATCH',
  path: '/api/v1/organization/members/{memberId}/permissions',
  summary: "Set a member's own organization permissions",
  access: 'MANAGEMENT_PERMISSION_SETTINGS',
  errors: ['404', '4101'],
  params: z.object({ memberId: z.uuid() }),
  body: z.strictObject({ permissions }),
  response: MemberSummary,
});

export const memberDeleteCall = membersCall({
  id: 'memberDelete',
  method: 'DELETE',
  path: '/api/v1/organization/members/{memberId}',
  summary: 'Remove a member (authenticator code required)',
  access: 'ORG_MEMBER_DELETION',
  errors: ['404', '4101', '4102', '4004', '4034'],
  params: z.object({ memberId: z.uuid() }),
  body: AuthenticationBody,
  response: OkAnswer,
});

// --- invitations -----------------------------------------------------------------------------

const memberRef = z.strictObject({ memberId: z.uuid() });
const invitationRef = { invitationId: z.uuid(), token: z.string().min(1).max(256) };

export const InvitationInfo = z.object({
  invitationId: z.uuid(),
  email: z.string(),
  organizationName: z.string(),
  kind: z.enum(['MEMBER', 'OWNER']),
  expiresAt: z.iso.datetime(),
});

/** What signing up by an invitation (a member's or an owner's) sets: the password, encrypted, and the names. */
export const invitationSignupFields = {
  passphrase: EncryptedSecret,
  userName: personNameSchema,
  firstName: personNameSchema,
  lastName: personNameSchema,
};
export const InvitationSignupAnswer = z.object({ ok: z.literal(true), email: z.string() });

export const inviteMembersCall = invitationsCall({
  id: 'invitationInvite',
  method: 'POST',
  path: '/api/v1/organization/invitations/invite-organization-member',
  summary: 'Invite one or more people by email (valid 24 hours)',
  access: 'ORG_MEMBER_INVITATION',
  errors: ['404', '4024', '4027'],
  body: z.strictObject({
    emails: z.array(emailSchema).min(1).max(50),
    permissions: permissions.default([]),
    groupIds: z.array(z.uuid()).max(20).default([]),
  }),
  response: z.object({ invited: z.array(MemberSummary) }),
});

export const reinviteMemberCall = invitationsCall({
  id: 'invitationReinvite',
  method: 'POST',
  path: '/api/v1/organization/invitations/re-invite-organization-member',
  summary: 'Send an invitation again with a new 24-hour link',
  access: 'ORG_MEMBER_INVITATION',
  errors: ['404'],
  body: memberRef,
  response: MemberSummary,
});

export const cancelInvitationCall = invitationsCall({
  id: 'invitationCancel',
  method: 'POST',
  path: '/api/v1/organization/invitations/cancel-organization-member-invitation',
  summary: 'Cancel a pending invitation',
  access: 'ORG_MEMBER_INVITATION',
  errors: ['404'],
  body: memberRef,
  response: OkAnswer,
});

export const verifyInvitationCall = invitationsCall({
  id: 'invitationVerify',
  method: 'POST',
  path: '/api/v1/organization/invitations/verify-organization-member-invitation',
  summary: 'Check an invitation link before sign-up',
  access: 'public',
  errors: ['4016', '4017', '4018', '4019', '4031'],
  body: z.strictObject(invitationRef),
  response: InvitationInfo,
});

export const acceptInvitationCall = invitationsCall({
  id: 'invitationAccept',
  method: 'POST',
  path: '/api/v1/organization/invitations/accept-organization-member-invitation',
  summary: 'Sign up: set names and a password; authenticator registration follows at sign-in',
  access: 'public',
  errors: ['4016', '4017', '4018', '4019', '4031', '14', '15'],
  body: z.strictObject({ ...invitationRef, ...invitationSignupFields }),
  response: InvitationSignupAnswer,
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

export const groupCreateCall = groupsCall({
  id: 'groupCreate',
  method: 'POST',
  path: '/api/v1/organization/groups/create',
  summary: 'Create a member group',
  access: 'GROUP_CREATION',
  errors: ['4100', '4103'],
  body: z.strictObject({ name: groupName, memberIds: z.array(z.uuid()).max(500).default([]) }),
  response: Group,
});

export const groupListCall = definePagedListCall({
  id: 'groupList',
  path: '/api/v1/organization/groups',
  tag: 'groups',
  summary: 'Member groups of the organization (paged)',
  access: 'member',
  sortFields: ['name', 'createdAt'],
  filters: z.strictObject({ search: searchSchema }),
  item: Group,
});

export const groupUpdateCall = groupsCall({
  id: 'groupUpdate',
  method: 'PATCH',
  path: '/api/v1/organization/groups/{groupId}',
  summary: 'Rename a group or change its members',
  access: 'GROUP_UPDATE',
  errors: ['404', '4100', '4103'],
  params: groupParams,
  body: z.strictObject({ name: groupName.optional(), memberIds: z.array(z.uuid()).max(500).optional() }),
  response: Group,
});

export const groupPermissionsCall = groupsCall({
  id: 'groupUpdatePermissions',
  method: 'PATCH',
  path: '/api/v1/organization/groups/{groupId}/permissions',
  summary: "Set a group's organization permissions",
  access: 'MANAGEMENT_PERMISSION_SETTINGS',
  errors: ['404'],
  params: groupParams,
  body: z.strictObject({ permissions }),
  response: Group,
});

export const groupDeleteCall = groupsCall({
  id: 'groupDelete',
  method: 'DELETE',
  path: '/api/v1/organization/groups/{groupId}',
  summary: 'Delete a group (authenticator code required)',
  access: 'GROUP_DELETION',
  errors: ['404', '4004', '4034'],
  params: groupParams,
  body: AuthenticationBody,
  response: OkAnswer,
});
