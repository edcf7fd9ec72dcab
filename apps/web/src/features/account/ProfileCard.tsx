import { Avatar, Badge, Group, Stack, Text } from '@mantine/core';
import type { Me } from '@vaultline/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountIcon } from '../../components/icons';
import { operatorRoleOf } from '../../lib/enum-guards';
import { SettingsSection } from './SettingsSection';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md" py={6}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} ta="right" style={{ wordBreak: 'break-all' }} component="div">
        {children}
      </Text>
    </Group>
  );
}

/** The operator's custody role, translated; an unknown value is shown as the server sent it. */
function OperatorRoleBadge({ role }: { role: string | null }) {
  const { t } = useTranslation();
  const known = operatorRoleOf(role);
  return (
    <Stack gap={2} align="flex-end">
      <Badge variant="light" radius="sm" tt="none" data-testid="operator-role" data-role={role ?? ''}>
        {known ? t(`operatorRoles.${known}`) : (role ?? '—')}
      </Badge>
      {known ? (
        <Text size="xs" c="dimmed" fw={400}>
          {t(`operatorRoleDescriptions.${known}`)}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Who is signed in: email, and the organization (or the operator role for provider staff). */
export function ProfileCard({ me, name }: { me: Me; name: string }) {
  const { t } = useTranslation();
  return (
    <SettingsSection section="profile" icon={AccountIcon} testId="profile-card">
      <Group gap="md" wrap="nowrap">
        <Avatar size={48} radius="xl" color="indigo" variant="filled">
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={700} truncate="end">
            {name}
          </Text>
          <Text size="sm" c="dimmed" truncate="end">
            {me.email}
          </Text>
        </Stack>
      </Group>
      <Stack gap={0}>
        <Row label={t('settings.profile.email')}>{me.email}</Row>
        {me.kind === 'OPERATOR' ? (
          <Row label={t('settings.profile.operatorRole')}>
            <OperatorRoleBadge role={me.operatorRole} />
          </Row>
        ) : (
          <Row label={t('settings.profile.organization')}>
            <span data-testid="profile-organization">
              {me.organization?.name ?? t('settings.profile.noOrganization')}
            </span>
          </Row>
        )}
      </Stack>
    </SettingsSection>
  );
}
