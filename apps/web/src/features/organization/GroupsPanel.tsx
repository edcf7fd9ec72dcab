import { Avatar, Button, Group, Table, Text, Tooltip } from '@mantine/core';
import type { OrganizationPermission } from '@vaultline/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditIcon, PlusIcon, ShieldIcon, TrashIcon, UsersIcon } from '../../components/icons';
import { ListPanel } from '../../components/ListPanel';
import { lazyDialog } from '../../components/lazy-dialog';
import { OtpConfirmDialog } from '../../components/OtpConfirmDialog';
import { PanelHeader } from '../../components/PanelHeader';
import { RowActions } from '../../components/RowAction';
import { useRowDialog } from '../../components/useRowDialog';
import { formatDate } from '../../lib/dates';
import {
  type GroupDeletionInput,
  type GroupPermissionsInput,
  type Group as MemberGroup,
  useDeleteGroup,
  useGroupList,
  useGroupPermissions,
} from './api';
import { PermissionSummary } from './MemberBadges';
import { holds } from './permissions';

// Fetched when first opened.
const GroupFormDialog = lazyDialog(() => import('./GroupFormDialog').then((m) => m.GroupFormDialog));
const PermissionDialog = lazyDialog(() => import('./PermissionDialog').then((m) => m.PermissionDialog));

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
  const permissions = useRowDialog<MemberGroup, GroupPermissionsInput>(useGroupPermissions());
  const deleting = useRowDialog<MemberGroup, GroupDeletionInput>(useDeleteGroup());
  // The groups the two dialogs are about, while they are open.
  const permissionsOf = permissions.row;
  const toDelete = deleting.row;
  const can = {
    create: holds(myPermissions, 'GROUP_CREATION'),
    update: holds(myPermissions, 'GROUP_UPDATE'),
    remove: holds(myPermissions, 'GROUP_DELETION'),
    permissions: holds(myPermissions, 'MANAGEMENT_PERMISSION_SETTINGS'),
  };

  return (
    <>
      <ListPanel
        testId="groups-panel"
        header={
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
        }
        query={list}
        errorTitle={t('groups.loadFailed')}
        keepItemsOnError
        empty={{ title: t('groups.emptyTitle'), description: t('groups.emptyBody'), icon: <UsersIcon size={26} /> }}
        table={{
          minWidth: 760,
          testId: 'groups-table',
          columns: [
            t('groups.columns.name'),
            t('groups.columns.members'),
            t('groups.columns.permissions'),
            t('groups.columns.created'),
            { label: t('members.columns.actions'), w: 140, srOnly: true },
          ],
        }}
      >
        {(items) =>
          items.map((group) => (
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
                <RowActions
                  actions={[
                    can.permissions && {
                      label: t('members.actions.permissions'),
                      testId: 'group-permissions',
                      color: 'indigo',
                      icon: ShieldIcon,
                      onClick: () => permissions.open(group),
                    },
                    can.update && {
                      label: t('groups.edit'),
                      testId: 'group-edit',
                      icon: EditIcon,
                      onClick: () => {
                        setEditing(group);
                        setFormOpen(true);
                      },
                    },
                    can.remove && {
                      label: t('groups.delete'),
                      testId: 'group-delete',
                      color: 'red',
                      icon: TrashIcon,
                      onClick: () => deleting.open(group),
                    },
                  ]}
                />
              </Table.Td>
            </Table.Tr>
          ))
        }
      </ListPanel>

      <GroupFormDialog
        opened={formOpen}
        onClose={() => setFormOpen(false)}
        group={editing}
        canSetPermissions={can.permissions}
      />
      <PermissionDialog
        {...permissions.dialog}
        kind="group"
        subject={permissionsOf?.name ?? ''}
        initial={permissionsOf?.permissions ?? []}
        onSave={(next) =>
          permissionsOf &&
          permissions.run(
            { groupId: permissionsOf.id, permissions: next },
            t('permissions.saved', { subject: permissionsOf.name }),
          )
        }
      />
      <OtpConfirmDialog
        {...deleting.dialog}
        title={t('groups.deleteTitle')}
        confirmLabel={t('groups.delete')}
        testId="delete-group-dialog"
        onConfirm={(otpCode) =>
          toDelete && deleting.run({ groupId: toDelete.id, otpCode }, t('groups.deleted', { name: toDelete.name }))
        }
      >
        {t('groups.deleteBody', { name: toDelete?.name ?? '' })}
      </OtpConfirmDialog>
    </>
  );
}
