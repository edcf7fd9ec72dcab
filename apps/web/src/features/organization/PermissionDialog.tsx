import { Badge, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { OrganizationPermission } from '@vaultline/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/DialogForm';
import { ErrorAlert } from '../../components/ErrorAlert';
import type { ApiError } from '../../lib/error-reader';
import {
  matchingPreset,
  normalizePermissions,
  PERMISSION_SECTIONS,
  PRESET_ROLES,
  presetPermissions,
} from './permissions';

export interface PermissionDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Whose permissions: a member's email or a group's name. */
  subject: string;
  kind: 'member' | 'group';
  initial: readonly OrganizationPermission[];
  /** A member's permissions that come from their groups (shown, not edited here). */
  inherited?: readonly OrganizationPermission[];
  pending: boolean;
  error: ApiError | null;
  onSave: (permissions: OrganizationPermission[]) => void;
}

/** The organization-level permission dialog of a member or a group: presets and the 11 permissions. */
export function PermissionDialog(props: PermissionDialogProps) {
  const { t } = useTranslation();
  return (
    <FormModal
      opened={props.opened}
      onClose={props.onClose}
      title={t('permissions.dialogTitle')}
      size={940}
      testId="permission-dialog"
    >
      <PermissionForm key={`${props.subject}|${props.initial.join(',')}`} {...props} />
    </FormModal>
  );
}

function PermissionForm({
  subject,
  kind,
  initial,
  inherited = [],
  pending,
  error,
  onClose,
  onSave,
}: PermissionDialogProps) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<OrganizationPermission[]>(() => normalizePermissions(initial));
  const preset = matchingPreset(selected);
  const toggle = (permission: OrganizationPermission, on: boolean) =>
    setSelected((current) =>
      normalizePermissions(on ? [...current, permission] : current.filter((p) => p !== permission)),
    );

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t(kind === 'member' ? 'permissions.memberSubject' : 'permissions.groupSubject', { subject })}
      </Text>
      <Paper withBorder radius="md" px="md" py="sm" bg="gray.0">
        <Group gap="sm" justify="space-between">
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" lts={0.6}>
            {t('permissions.presets')}
          </Text>
          <Group gap="xs">
            {PRESET_ROLES.map((role) => (
              <Button
                key={role}
                size="xs"
                radius="xl"
                variant={preset === role ? 'filled' : 'default'}
                data-testid={`preset-${role}`}
                aria-pressed={preset === role}
                onClick={() => setSelected(presetPermissions(role))}
              >
                {t(`roles.${role}`)}
              </Button>
            ))}
          </Group>
        </Group>
      </Paper>
      {error ? <ErrorAlert error={error} title={t('common.failedTitle')} /> : null}
      <Stack gap="sm">
        {PERMISSION_SECTIONS.map((section) => (
          <Stack key={section.key} gap={6}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" lts={0.6}>
              {t(`permissions.sections.${section.key}`)}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" verticalSpacing="sm">
              {section.permissions.map((permission) => {
                const checked = selected.includes(permission);
                return (
                  <Paper
                    key={permission}
                    withBorder
                    radius="md"
                    px="sm"
                    py={10}
                    style={{
                      borderColor: checked ? 'var(--mantine-color-indigo-4)' : undefined,
                      background: checked ? 'var(--mantine-color-indigo-0)' : undefined,
                    }}
                  >
                    <Checkbox
                      checked={checked}
                      onChange={(event) => toggle(permission, event.currentTarget.checked)}
                      data-permission={permission}
                      label={
                        <Group gap={6} wrap="nowrap">
                          <Text size="sm" fw={600} component="span">
                            {t(`permissions.labels.${permission}`)}
                          </Text>
                          {inherited.includes(permission) && !checked ? (
                            <Badge size="xs" variant="light" color="gray" radius="sm">
                              {t('permissions.fromGroup')}
                            </Badge>
                          ) : null}
                        </Group>
                      }
                      description={t(`permissions.descriptions.${permission}`)}
                    />
                  </Paper>
                );
              })}
            </SimpleGrid>
          </Stack>
        ))}
      </Stack>
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" data-testid="permission-count">
          {t('permissions.selectedCount', { count: selected.length })}
        </Text>
        <Group gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button loading={pending} onClick={() => onSave(selected)} data-testid="permission-save">
            {t('common.save')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
