import { Button, Group, Paper, Table, Text, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import type { MemberSummary, OrganizationPermission } from '@vaultline/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/DataTable';
import { PlusIcon } from '../../components/icons';
import { ListFooter } from '../../components/ListFooter';
import { ListState } from '../../components/ListState';
import { notifyError, notifySuccess } from '../../components/notify';
import { OtpConfirmDialog } from '../../components/OtpConfirmDialog';
import { SearchInput } from '../../components/SearchInput';
import {
  MEMBERS_PAGE_SIZE,
  type Group as MemberGroup,
  useCancelInvitation,
  useMemberList,
  useMemberPermissions,
  useReinviteMember,
  useRemoveMember,
} from './api';
import { InviteDialog } from './InviteDialog';
import { type MemberControls, MemberRow, memberName } from './MemberRow';
import { PermissionDialog } from './PermissionDialog';
import { holds } from './permissions';

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
  const [page, setPage] = useState(1);
  const list = useMemberList(page, debounced);
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<MemberSummary | null>(null);
  const [removing, setRemoving] = useState<MemberSummary | null>(null);
  const permissions = useMemberPermissions();
  const remove = useRemoveMember();
  const reinvite = useReinviteMember();
  const cancel = useCancelInvitation();

  const controls: MemberControls = {
    invite: holds(myPermissions, 'ORG_MEMBER_INVITATION'),
    remove: holds(myPermissions, 'ORG_MEMBER_DELETION'),
    permissions: holds(myPermissions, 'MANAGEMENT_PERMISSION_SETTINGS'),
  };

  const resend = (member: MemberSummary) =>
    reinvite.mutate(member.id, {
      onSuccess: () => notifySuccess(t('members.resent', { email: member.email })),
      onError: (error) => notifyError(t('members.actions.resend'), error),
    });

  const confirmCancel = (member: MemberSummary) =>
    modals.openConfirmModal({
      title: t('members.cancelTitle'),
      centered: true,
      radius: 'lg',
      children: <Text size="sm">{t('members.cancelBody', { email: member.email })}</Text>,
      labels: { confirm: t('members.actions.cancelInvitation'), cancel: t('common.close') },
      confirmProps: { color: 'orange', 'data-testid': 'confirm-cancel-invitation' } as Record<string, unknown>,
      onConfirm: () =>
        cancel.mutate(member.id, {
          onSuccess: () => notifySuccess(t('members.canceled', { email: member.email })),
          onError: (error) => notifyError(t('members.actions.cancelInvitation'), error),
        }),
    });

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / MEMBERS_PAGE_SIZE)) : 1;

  return (
    <Paper withBorder radius="lg" bg="white" data-testid="members-panel">
      <Group justify="space-between" p="md" gap="sm">
        <SearchInput
          placeholder={t('members.searchPlaceholder')}
          label={t('members.search')}
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
          w={{ base: '100%', sm: 320 }}
          data-testid="member-search"
        />
        {controls.invite ? (
          <Button leftSection={<PlusIcon size={16} />} onClick={() => setInviting(true)} data-testid="invite-open">
            {t('members.invite')}
          </Button>
        ) : null}
      </Group>
      <ListState
        query={list}
        items={data?.items}
        errorTitle={t('members.loadFailed')}
        keepItemsOnError
        empty={{
          title: debounced ? t('members.noMatchTitle') : t('members.emptyTitle'),
          description: debounced ? t('members.noMatchBody', { search: debounced }) : t('members.emptyBody'),
        }}
      >
        {(items) => (
          <DataTable
            minWidth={880}
            testId="members-table"
            head={
              <>
                <Table.Th>{t('members.columns.member')}</Table.Th>
                <Table.Th>{t('members.columns.status')}</Table.Th>
                <Table.Th>{t('members.columns.groups')}</Table.Th>
                <Table.Th>{t('members.columns.permissions')}</Table.Th>
                <Table.Th>{t('members.columns.date')}</Table.Th>
                <Table.Th w={150}>
                  <VisuallyHidden>{t('members.columns.actions')}</VisuallyHidden>
                </Table.Th>
              </>
            }
          >
            {items.map((member) => (
              <MemberRow
                key={member.id}
                member={member}
                isSelf={member.id === meId}
                controls={controls}
                busy={reinvite.isPending && reinvite.variables === member.id}
                onPermissions={(m) => {
                  permissions.reset();
                  setEditing(m);
                }}
                onResend={resend}
                onCancel={confirmCancel}
                onRemove={(m) => {
                  remove.reset();
                  setRemoving(m);
                }}
              />
            ))}
          </DataTable>
        )}
      </ListState>
      {data ? (
        <ListFooter
          label={t('members.total', { count: data.total })}
          total={data.total}
          page={page}
          pages={pages}
          onPageChange={setPage}
          testId="member-total"
        />
      ) : null}

      <InviteDialog
        opened={inviting}
        onClose={() => setInviting(false)}
        groups={groups}
        canSetPermissions={controls.permissions}
      />
      <PermissionDialog
        opened={editing !== null}
        onClose={() => setEditing(null)}
        kind="member"
        subject={editing?.email ?? ''}
        initial={editing?.permissions ?? []}
        inherited={editing?.effectivePermissions.filter((p) => !editing.permissions.includes(p)) ?? []}
        pending={permissions.isPending}
        error={permissions.error}
        onSave={(next) =>
          editing &&
          permissions.mutate(
            { memberId: editing.id, permissions: next },
            {
              onSuccess: () => {
                notifySuccess(t('permissions.saved', { subject: editing.email }));
                setEditing(null);
              },
            },
          )
        }
      />
      <OtpConfirmDialog
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('members.removeTitle')}
        confirmLabel={t('members.actions.remove')}
        pending={remove.isPending}
        error={remove.error}
        testId="remove-member-dialog"
        onConfirm={(otpCode) =>
          removing &&
          remove.mutate(
            { memberId: removing.id, otpCode },
            {
              onSuccess: () => {
                notifySuccess(t('members.removed', { email: removing.email }));
                setRemoving(null);
              },
            },
          )
        }
      >
        {t('members.removeBody', { name: removing ? memberName(removing) || removing.email : '' })}
      </OtpConfirmDialog>
    </Paper>
  );
}
