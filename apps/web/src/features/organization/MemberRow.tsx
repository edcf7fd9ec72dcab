import { Avatar, Group, Stack, Table, Text } from '@mantine/core';
import type { MemberSummary } from '@vaultline/contracts';
import { useTranslation } from 'react-i18next';
import { CloseIcon, RefreshIcon, ShieldIcon, TrashIcon } from '../../components/icons';
import { RowActions } from '../../components/RowAction';
import { formatDate } from '../../lib/dates';
import { MemberStatusBadge, NameBadges, PermissionSummary } from './MemberBadges';
import { isOwner } from './permissions';

/** Which row controls the caller gets: straight from the server's `myPermissions`. */
export interface MemberControls {
  invite: boolean;
  remove: boolean;
  permissions: boolean;
}

export interface MemberRowProps {
  member: MemberSummary;
  isSelf: boolean;
  controls: MemberControls;
  busy: boolean;
  onPermissions: (member: MemberSummary) => void;
  onResend: (member: MemberSummary) => void;
  onCancel: (member: MemberSummary) => void;
  onRemove: (member: MemberSummary) => void;
}

export function memberName(member: Pick<MemberSummary, 'userName' | 'firstName' | 'lastName'>): string {
  return member.userName || [member.firstName, member.lastName].filter(Boolean).join(' ');
}

/** One member or invitation, with the controls the caller's permissions allow. */
export function MemberRow({ member, isSelf, controls, busy, ...on }: MemberRowProps) {
  const { t } = useTranslation();
  const name = memberName(member);
  const owner = isOwner(member.effectivePermissions);
  const invited = member.displayStatus === 'invited';
  const when = invited ? member.invitation?.expiresAt : member.createdAt;

  // The owner is never changed here, and nobody removes themselves.
  const may = {
    permissions: controls.permissions && !owner,
    handleInvitation: controls.invite && invited,
    remove: controls.remove && !invited && !owner && !isSelf,
  };
  return (
    <Table.Tr data-testid="member-row" data-email={member.email}>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <Avatar size={34} radius="xl" color={invited ? 'gray' : 'indigo'} variant="light">
            {(name || member.email).slice(0, 1).toUpperCase()}
          </Avatar>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Group gap={6} wrap="nowrap">
              <Text size="sm" fw={600} truncate="end">
                {name || member.email}
              </Text>
              {isSelf ? (
                <Text size="xs" c="indigo.7" fw={600}>
                  {t('members.you')}
                </Text>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed" truncate="end" fs={name ? undefined : 'italic'}>
              {name ? member.email : t('members.noName')}
            </Text>
          </Stack>
        </Group>
      </Table.Td>
      <Table.Td>
        <MemberStatusBadge member={member} />
      </Table.Td>
      <Table.Td>
        <NameBadges names={member.groups.map((g) => g.name)} empty={t('members.noGroups')} />
      </Table.Td>
      <Table.Td>
        <PermissionSummary permissions={member.effectivePermissions} />
      </Table.Td>
      <Table.Td>
        <Text size="xs" c="dimmed">
          {invited ? t('members.invitedUntil') : t('members.joinedOn')}
        </Text>
        <Text size="sm">{when ? formatDate(when) : '—'}</Text>
      </Table.Td>
      <Table.Td>
        <RowActions
          actions={[
            may.permissions && {
              label: t('members.actions.permissions'),
              testId: 'member-permissions',
              color: 'indigo',
              icon: ShieldIcon,
              onClick: () => on.onPermissions(member),
            },
            may.handleInvitation && {
              label: t('members.actions.resend'),
              testId: 'member-resend',
              icon: RefreshIcon,
              loading: busy,
              onClick: () => on.onResend(member),
            },
            may.handleInvitation && {
              label: t('members.actions.cancelInvitation'),
              testId: 'member-cancel-invitation',
              color: 'orange',
              icon: CloseIcon,
              onClick: () => on.onCancel(member),
            },
            may.remove && {
              label: t('members.actions.remove'),
              testId: 'member-remove',
              color: 'red',
              icon: TrashIcon,
              onClick: () => on.onRemove(member),
            },
          ]}
        />
      </Table.Td>
    </Table.Tr>
  );
}
