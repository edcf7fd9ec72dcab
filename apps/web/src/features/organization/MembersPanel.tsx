import { Button } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { MemberSummary, OrganizationPermission } from '@vaultline/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../components/confirm';
import { PlusIcon } from '../../components/icons';
import { ListPanel, ListToolbar, useListPage } from '../../components/ListPanel';
import { lazyDialog } from '../../components/lazy-dialog';
import { notifyOutcome } from '../../components/notify';
import { OtpConfirmDialog } from '../../components/OtpConfirmDialog';
import { SearchInput } from '../../components/SearchInput';
import { useRowDialog } from '../../components/useRowDialog';
import {
  MEMBERS_PAGE_SIZE,
  type Group as MemberGroup,
  type MemberPermissionsInput,
  type MemberRemovalInput,
  useCancelInvitation,
  useMemberList,
  useMemberPermissions,
  useReinviteMember,
  useRemoveMember,
} from './api';
import { type MemberControls, MemberRow, memberName } from './MemberRow';
import { holds } from './permissions';

// Fetched when first opened.
const InviteDialog = lazyDialog(() => import('./InviteDialog').then((m) => m.InviteDialog));
const PermissionDialog = lazyDialog(() => import('./PermissionDialog').then((m) => m.PermissionDialog));

export interface MembersPanelProps {
  /** The caller's permissions as the server reports them (`myPermissions`). */
  myPermissions: readonly OrganizationPermission[];
  meId: string;
  groups: readonly MemberGroup[];
}

/** Members and invitations: search, pages, and the actions the caller's permissions allow. */
export function MembersPanel({ myPermissions, meId, groups }: MembersPanelProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const { page, paging, withFirstPage } = useListPage(MEMBERS_PAGE_SIZE);
  const list = useMemberList(page, debounced);
  const [inviting, setInviting] = useState(false);
  const editing = useRowDialog<MemberSummary, MemberPermissionsInput>(useMemberPermissions());
  const removing = useRowDialog<MemberSummary, MemberRemovalInput>(useRemoveMember());
  const reinvite = useReinviteMember();
  const cancel = useCancelInvitation();

  const controls: MemberControls = {
    invite: holds(myPermissions, 'ORG_MEMBER_INVITATION'),
    remove: holds(myPermissions, 'ORG_MEMBER_DELETION'),
    permissions: holds(myPermissions, 'MANAGEMENT_PERMISSION_SETTINGS'),
  };

  const resend = (member: MemberSummary) =>
    reinvite.mutate(
      member.id,
      notifyOutcome(t('members.resent', { email: member.email }), t('members.actions.resend')),
    );

  const confirmCancel = (member: MemberSummary) =>
    confirmAction({
      title: t('members.cancelTitle'),
      body: t('members.cancelBody', { email: member.email }),
      confirmLabel: t('members.actions.cancelInvitation'),
      cancelLabel: t('common.close'),
      color: 'orange',
      confirmTestId: 'confirm-cancel-invitation',
      onConfirm: () =>
        cancel.mutate(
          member.id,
          notifyOutcome(t('members.canceled', { email: member.email }), t('members.actions.cancelInvitation')),
        ),
    });

  const data = list.data;
  // The members the two dialogs are about, while they are open.
  const edited = editing.row;
  const toRemove = removing.row;

  return (
    <>
      <ListPanel
        testId="members-panel"
        header={
          <ListToolbar>
            <SearchInput
              placeholder={t('members.searchPlaceholder')}
              label={t('members.search')}
              value={search}
              onChange={withFirstPage(setSearch)}
              w={{ base: '100%', sm: 320 }}
              data-testid="member-search"
            />
            {controls.invite ? (
              <Button leftSection={<PlusIcon size={16} />} onClick={() => setInviting(true)} data-testid="invite-open">
                {t('members.invite')}
              </Button>
            ) : null}
          </ListToolbar>
        }
        query={list}
        errorTitle={t('members.loadFailed')}
        keepItemsOnError
        empty={{
          title: debounced ? t('members.noMatchTitle') : t('members.emptyTitle'),
          description: debounced ? t('members.noMatchBody', { search: debounced }) : t('members.emptyBody'),
        }}
        paging={paging(data?.total, { label: (count) => t('members.total', { count }), testId: 'member-total' })}
        table={{
          minWidth: 880,
          testId: 'members-table',
          columns: [
            t('members.columns.member'),
            t('members.columns.status'),
            t('members.columns.groups'),
            t('members.columns.permissions'),
            t('members.columns.date'),
            { label: t('members.columns.actions'), w: 150, srOnly: true },
          ],
        }}
      >
        {(items) =>
          items.map((member) => (
            <MemberRow
              key={member.id}
              member={member}
              isSelf={member.id === meId}
              controls={controls}
              busy={reinvite.isPending && reinvite.variables === member.id}
              onPermissions={editing.open}
              onResend={resend}
              onCancel={confirmCancel}
              onRemove={removing.open}
            />
          ))
        }
      </ListPanel>
      <InviteDialog
        opened={inviting}
        onClose={() => setInviting(false)}
        groups={groups}
        canSetPermissions={controls.permissions}
      />
      <PermissionDialog
        {...editing.dialog}
        kind="member"
        subject={edited?.email ?? ''}
        initial={edited?.permissions ?? []}
        inherited={edited?.effectivePermissions.filter((p) => !edited.permissions.includes(p)) ?? []}
        onSave={(next) =>
          edited &&
          editing.run({ memberId: edited.id, permissions: next }, t('permissions.saved', { subject: edited.email }))
        }
      />
      <OtpConfirmDialog
        {...removing.dialog}
        title={t('members.removeTitle')}
        confirmLabel={t('members.actions.remove')}
        testId="remove-member-dialog"
        onConfirm={(otpCode) =>
          toRemove && removing.run({ memberId: toRemove.id, otpCode }, t('members.removed', { email: toRemove.email }))
        }
      >
        {t('members.removeBody', { name: toRemove ? memberName(toRemove) || toRemove.email : '' })}
      </OtpConfirmDialog>
    </>
  );
}
