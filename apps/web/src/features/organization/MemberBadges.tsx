import { Badge, Group, Text, Tooltip } from '@mantine/core';
import type { MemberSummary, OrganizationPermission } from '@vaultline/contracts';
import { useTranslation } from 'react-i18next';
import { isOwner, matchingPreset, normalizePermissions } from './permissions';

/** Joined or invited, and an invitation past its 24 hours marked as expired. */
export function MemberStatusBadge({ member }: { member: MemberSummary }) {
  const { t } = useTranslation();
  if (member.displayStatus === 'joined') {
    return (
      <Badge variant="light" color="teal" radius="sm" data-testid="member-status">
        {t('members.status.joined')}
      </Badge>
    );
  }
  return (
    <Group gap={6} wrap="nowrap">
      <Badge variant="light" color="blue" radius="sm" data-testid="member-status">
        {t('members.status.invited')}
      </Badge>
      {member.invitation?.expired ? (
        <Badge variant="outline" color="orange" radius="sm" data-testid="invitation-expired">
          {t('members.status.expired')}
        </Badge>
      ) : null}
    </Group>
  );
}

/** Owner, a role preset's name when the permissions are exactly one, or how many there are. */
export function PermissionSummary({ permissions }: { permissions: readonly OrganizationPermission[] }) {
  const { t } = useTranslation();
  if (isOwner(permissions)) {
    return (
      <Badge variant="filled" color="violet" radius="sm" tt="none" data-testid="permission-summary">
        {t('roles.OWNER')}
      </Badge>
    );
  }
  const assigned = normalizePermissions(permissions);
  if (assigned.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="permission-summary">
        {t('permissions.none')}
      </Text>
    );
  }
  const preset = matchingPreset(assigned);
  if (!preset && assigned.length <= 2) {
    return (
      <Group gap={4} data-testid="permission-summary">
        {assigned.map((p) => (
          <Badge key={p} variant="light" color="indigo" radius="sm" tt="none">
            {t(`permissions.labels.${p}`)}
          </Badge>
        ))}
      </Group>
    );
  }
  const label = preset ? t(`roles.${preset}`) : t('permissions.count', { count: assigned.length });
  return (
    <Tooltip
      multiline
      w={260}
      withArrow
      label={assigned.map((p) => t(`permissions.labels.${p}`)).join(' · ')}
      events={{ hover: true, focus: true, touch: true }}
    >
      <Badge variant="light" color="indigo" radius="sm" tt="none" tabIndex={0} data-testid="permission-summary">
        {label}
      </Badge>
    </Tooltip>
  );
}

/** A member's (or group's) groups as small badges. */
export function NameBadges({ names, empty }: { names: readonly string[]; empty: string }) {
  if (names.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Group gap={4}>
      {names.map((name) => (
        <Badge key={name} variant="default" radius="sm" tt="none" fw={500}>
          {name}
        </Badge>
      ))}
    </Group>
  );
}
