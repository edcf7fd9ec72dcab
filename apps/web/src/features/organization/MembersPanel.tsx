import {
  Box,
  Button,
  Center,
  Group,
  Loader,
  Pagination,
  Paper,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import type { MemberSummary, OrganizationPermission } from '@vaultline/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PlusIcon, SearchIcon } from '../../components/icons';
import { ListFooter } from '../../components/ListFooter';
import { notifyError, notifySuccess } from '../../components/notify';
import { OtpConfirmDialog } from '../../components/OtpConfirmDialog';
import { PageEmptyState } from '../../components/PageEmptyState';
import { toApiError } from '../../lib/error-reader';
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
        <TextInput
          placeholder={t('members.searchPlaceholder')}
          aria-label={t('members.search')}
          leftSection={<SearchIcon size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
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
      {list.isError ? (
        <Box px="md" pb="md">
          <ErrorAlert error={toApiError(list.error)} title={t('members.loadFailed')} />
        </Box>
      ) : null}
      {list.isPending ? (
        <Center py={48}>
          <Loader size="sm" />
        </Center>
      ) : data && data.items.length === 0 ? (
        <PageEmptyState
          title={debounced ? t('members.noMatchTitle') : t('members.emptyTitle')}
          description={debounced ? t('members.noMatchBody', { search: debounced }) : t('members.emptyBody')}
        />
      ) : data ? (
        <Table.ScrollContainer minWidth={880}>
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover data-testid="members-table">
            <Table.Thead bg="gray.0">
              <Table.Tr>
                <Table.Th>{t('members.columns.member')}</Table.Th>
                <Table.Th>{t('members.columns.status')}</Table.Th>
                <Table.Th>{t('members.columns.groups')}</Table.Th>
                <Table.Th>{t('members.columns.permissions')}</Table.Th>
                <Table.Th>{t('members.columns.date')}</Table.Th>
                <Table.Th w={150}>
                  <VisuallyHidden>{t('members.columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((member) => (
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
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
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
