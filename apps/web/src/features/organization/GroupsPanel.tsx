import { Avatar, Button, Group, Paper, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import type { OrganizationPermission } from '@vaultline/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/DataTable';
import { EditIcon, PlusIcon, ShieldIcon, TrashIcon, UsersIcon } from '../../components/icons';
import { ListState } from '../../components/ListState';
import { notifySuccess } from '../../components/notify';
import { OtpConfirmDialog } from '../../components/OtpConfirmDialog';
import { PanelHeader } from '../../components/PanelHeader';
import { RowAction } from '../../components/RowAction';
import { formatDate } from '../../lib/dates';
import { type Group as MemberGroup, useDeleteGroup, useGroupList, useGroupPermissions } from './api';
import { GroupFormDialog } from './GroupFormDialog';
import { PermissionSummary } from './MemberBadges';
import { PermissionDialog } from './PermissionDialog';
import { holds } from './permissions';

function GroupMembers({ group }: { group: MemberGroup }) {
  const { t } = useTranslation();
  if (group.members.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('groups.noMembers')}
      </Text>
    );
  }
  return (
    <Tooltip
      multiline
      w={280}
      withArrow
      label={group.members.map((m) => m.userName || m.email).join(', ')}
      events={{ hover: true, focus: true, touch: true }}
    >
      <Group gap="xs" wrap="nowrap" tabIndex={0} style={{ width: 'fit-content' }}>
        <Avatar.Group spacing="sm">
          {group.members.slice(0, 4).map((m) => (
            <Avatar key={m.id} size={28} radius="xl" color="indigo" variant="light">
              {(m.userName || m.email).slice(0, 1).toUpperCase()}
            </Avatar>
          ))}
        </Avatar.Group>
        <Text size="sm" c="dimmed">
          {t('groups.memberCount', { count: group.members.length })}
        </Text>
      </Group>
    </Tooltip>
  );
}

/** Member groups: create, rename and change members, set permissions, delete with a code. */
export function GroupsPanel({ myPermissions }: { myPermissions: readonly OrganizationPermission[] }) {
  const { t } = useTranslation();
  const list = useGroupList();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<MemberGroup | null>(null);
  const [permissionsOf, setPermissionsOf] = useState<MemberGroup | null>(null);
  const [deleting, setDeleting] = useState<MemberGroup | null>(null);
  const permissions = useGroupPermissions();
  const remove = useDeleteGroup();
  const can = {
    create: holds(myPermissions, 'GROUP_CREATION'),
    update: holds(myPermissions, 'GROUP_UPDATE'),
    remove: holds(myPermissions, 'GROUP_DELETION'),
    permissions: holds(myPermissions, 'MANAGEMENT_PERMISSION_SETTINGS'),
  };
  const groups = list.data?.items ?? [];

  return (
    <Paper withBorder radius="lg" bg="white" data-testid="groups-panel">
      <PanelHeader title={t('groups.title')} description={t('groups.description')} gap={0}>
        {can.create ? (
          <Button
            leftSection={<PlusIcon size={16} />}
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
            data-testid="group-create-open"
          >
            {t('groups.create')}
          </Button>
        ) : null}
      </PanelHeader>
      <ListState
        query={list}
        items={list.data?.items}
        errorTitle={t('groups.loadFailed')}
        keepItemsOnError
        empty={{ title: t('groups.emptyTitle'), description: t('groups.emptyBody'), icon: <UsersIcon size={26} /> }}
      >
        {() => (
          <DataTable
            minWidth={760}
            testId="groups-table"
            head={
              <>
                <Table.Th>{t('groups.columns.name')}</Table.Th>
                <Table.Th>{t('groups.columns.members')}</Table.Th>
                <Table.Th>{t('groups.columns.permissions')}</Table.Th>
                <Table.Th>{t('groups.columns.created')}</Table.Th>
                <Table.Th w={140}>
                  <VisuallyHidden>{t('members.columns.actions')}</VisuallyHidden>
                </Table.Th>
              </>
            }
          >
            {groups.map((group) => (
              <Table.Tr key={group.id} data-testid="group-row" data-name={group.name}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {group.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <GroupMembers group={group} />
                </Table.Td>
                <Table.Td>
                  <PermissionSummary permissions={group.permissions} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDate(group.createdAt)}</Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={2} justify="flex-end" wrap="nowrap">
                    {can.permissions ? (
                      <RowAction
                        label={t('members.actions.permissions')}
                        testId="group-permissions"
                        color="indigo"
                        onClick={() => {
                          permissions.reset();
                          setPermissionsOf(group);
                        }}
                      >
                        <ShieldIcon size={18} />
                      </RowAction>
                    ) : null}
                    {can.update ? (
                      <RowAction
                        label={t('groups.edit')}
                        testId="group-edit"
                        onClick={() => {
                          setEditing(group);
                          setFormOpen(true);
                        }}
                      >
                        <EditIcon size={18} />
                      </RowAction>
                    ) : null}
                    {can.remove ? (
                      <RowAction
                        label={t('groups.delete')}
                        testId="group-delete"
                        color="red"
                        onClick={() => {
                          remove.reset();
                          setDeleting(group);
                        }}
                      >
                        <TrashIcon size={18} />
                      </RowAction>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
      </ListState>

      <GroupFormDialog
        opened={formOpen}
        onClose={() => setFormOpen(false)}
        group={editing}
        canSetPermissions={can.permissions}
      />
      <PermissionDialog
        opened={permissionsOf !== null}
        onClose={() => setPermissionsOf(null)}
        kind="group"
        subject={permissionsOf?.name ?? ''}
        initial={permissionsOf?.permissions ?? []}
        pending={permissions.isPending}
        error={permissions.error}
        onSave={(next) =>
          permissionsOf &&
          permissions.mutate(
            { groupId: permissionsOf.id, permissions: next },
            {
              onSuccess: () => {
                notifySuccess(t('permissions.saved', { subject: permissionsOf.name }));
                setPermissionsOf(null);
              },
            },
          )
        }
      />
      <OtpConfirmDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('groups.deleteTitle')}
        confirmLabel={t('groups.delete')}
        pending={remove.isPending}
        error={remove.error}
        testId="delete-group-dialog"
        onConfirm={(otpCode) =>
          deleting &&
          remove.mutate(
            { groupId: deleting.id, otpCode },
            {
              onSuccess: () => {
                notifySuccess(t('groups.deleted', { name: deleting.name }));
                setDeleting(null);
              },
            },
          )
        }
      >
        {t('groups.deleteBody', { name: deleting?.name ?? '' })}
      </OtpConfirmDialog>
    </Paper>
  );
}
