import { useQueries, useQuery } from '@tanstack/react-query';
import type { Group, MemberSummary, OrganizationPermission } from '@vaultline/contracts';
import { callApi, lazyCall } from '../../lib/api-client';
import { pickListBody, sortBy, useCursorPagedQuery, useRefreshingMutation } from '../../lib/queries';
import { useSendWithCode } from '../../lib/secrets';

// Each call's definition (and its schemas) arrives with the first call: the screen draws without zod (calls.ts).
const calls = () => import('./calls');
const cancelInvitationCall = lazyCall(calls, 'cancelInvitationCall');
const groupCreateCall = lazyCall(calls, 'groupCreateCall');
const groupDeleteCall = lazyCall(calls, 'groupDeleteCall');
const groupListCall = lazyCall(calls, 'groupListCall');
const groupPermissionsCall = lazyCall(calls, 'groupPermissionsCall');
const groupUpdateCall = lazyCall(calls, 'groupUpdateCall');
const inviteMembersCall = lazyCall(calls, 'inviteMembersCall');
const memberByEmailCall = lazyCall(calls, 'memberByEmailCall');
const memberDeleteCall = lazyCall(calls, 'memberDeleteCall');
const memberListCall = lazyCall(calls, 'memberListCall');
const memberPermissionsCall = lazyCall(calls, 'memberPermissionsCall');
const organizationMeCall = lazyCall(calls, 'organizationMeCall');
const reinviteMemberCall = lazyCall(calls, 'reinviteMemberCall');

/** Every query of this screen starts with this key, so one change refreshes them all. */
export const ORGANIZATION_QUERY = ['organization'] as const;
export const MEMBERS_PAGE_SIZE = 10;

/** The caller's organization and, from the server, what the caller may do in it. */
export function useOrganizationMe() {
  return useQuery({
    queryKey: [...ORGANIZATION_QUERY, 'me'],
    queryFn: ({ signal }) => callApi(organizationMeCall, { signal }),
  });
}

/** One page of members and invitations; the next page is read by the cursor of the one on screen. */
export function useMemberList(page: number, search: string) {
  return useCursorPagedQuery([...ORGANIZATION_QUERY, 'members', search], memberListCall, {
    page,
    size: MEMBERS_PAGE_SIZE,
    sort: sortBy('createdAt', 'ASC'),
    filters: search ? { search } : undefined,
  });
}

/** Joined and invited members to pick from (a group's members); the first 100, which the server allows at most. */
export function useMemberChoices(enabled: boolean) {
  return useQuery({
    queryKey: [...ORGANIZATION_QUERY, 'member-choices'],
    queryFn: ({ signal }) => callApi(memberListCall, { body: pickListBody('email', 'ASC'), signal }),
    enabled,
  });
}

/**
 * Which of the typed emails the organization already has as a member or invitation (the server
 * answers 404 for a free one). Only asked when the caller may invite, as the call requires.
 */
export function useExistingEmails(emails: readonly string[], enabled: boolean): string[] {
  const results = useQueries({
    queries: emails.map((email) => ({
      queryKey: [...ORGANIZATION_QUERY, 'by-email', email.toLowerCase()],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        callApi(memberByEmailCall, { params: { email: email.toLowerCase() }, signal }),
      enabled,
      retry: false,
      staleTime: 30_000,
    })),
  });
  return emails.filter((_, i) => results[i]?.data);
}

export function useGroupList() {
  return useQuery({
    queryKey: [...ORGANIZATION_QUERY, 'groups'],
    queryFn: ({ signal }) => callApi(groupListCall, { body: pickListBody('name', 'ASC'), signal }),
  });
}

/** A change of the organization: its lists are read again once it succeeds. */
function useOrganizationMutation<T, V>(key: string, send: (variables: V) => Promise<T>) {
  return useRefreshingMutation(ORGANIZATION_QUERY, key, send);
}

export interface InviteInput {
  emails: string[];
  permissions: OrganizationPermission[];
  groupIds: string[];
}

export function useInviteMembers() {
  return useOrganizationMutation('invite', (body: InviteInput) => callApi(inviteMembersCall, { body }));
}

export function useReinviteMember() {
  return useOrganizationMutation('reinvite', (memberId: string) => callApi(reinviteMemberCall, { body: { memberId } }));
}

export function useCancelInvitation() {
  return useOrganizationMutation('cancel-invitation', (memberId: string) =>
    callApi(cancelInvitationCall, { body: { memberId } }),
  );
}

export type MemberPermissionsInput = { memberId: string; permissions: OrganizationPermission[] };
export type MemberRemovalInput = { memberId: string; otpCode: string };
export type GroupPermissionsInput = { groupId: string; permissions: OrganizationPermission[] };
export type GroupDeletionInput = { groupId: string; otpCode: string };

export function useMemberPermissions() {
  return useOrganizationMutation('member-permissions', ({ memberId, permissions }: MemberPermissionsInput) =>
    callApi(memberPermissionsCall, { params: { memberId }, body: { permissions } }),
  );
}

/** Removes a member; the caller's code travels encrypted. */
export function useRemoveMember() {
  const sendWithCode = useSendWithCode();
  return useOrganizationMutation('remove-member', ({ memberId, otpCode }: MemberRemovalInput) =>
    sendWithCode(memberDeleteCall, { memberId }, otpCode),
  );
}

export function useCreateGroup() {
  return useOrganizationMutation('create-group', (body: { name: string; memberIds: string[] }) =>
    callApi(groupCreateCall, { body }),
  );
}

export function useUpdateGroup() {
  return useOrganizationMutation(
    'update-group',
    ({ groupId, ...body }: { groupId: string; name?: string; memberIds?: string[] }) =>
      callApi(groupUpdateCall, { params: { groupId }, body }),
  );
}

export function useGroupPermissions() {
  return useOrganizationMutation('group-permissions', ({ groupId, permissions }: GroupPermissionsInput) =>
    callApi(groupPermissionsCall, { params: { groupId }, body: { permissions } }),
  );
}

export function useDeleteGroup() {
  const sendWithCode = useSendWithCode();
  return useOrganizationMutation('delete-group', ({ groupId, otpCode }: GroupDeletionInput) =>
    sendWithCode(groupDeleteCall, { groupId }, otpCode),
  );
}

export type { Group, MemberSummary };
