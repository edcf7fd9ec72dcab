import { Code, Drawer, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/dates';
import type { AuditEntry } from './api';
import { objectName } from './audit-format';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="gray.7" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </Stack>
  );
}

function Fields({ label, value, testId }: { label: string; value: Record<string, unknown> | null; testId: string }) {
  return (
    <Stack gap={4}>
      <Text size="xs" c="gray.7" fw={600}>
        {label}
      </Text>
      <Code block data-testid={testId}>
        {value ? JSON.stringify(value, null, 2) : '—'}
      </Code>
    </Stack>
  );
}

/** One entry whole: who, where from, the object, every field before and after, and its place in the chain. */
export function AuditEntryDrawer({ entry, onClose }: { entry: AuditEntry; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="lg"
      title={
        <Text fw={700} fz="lg">
          {t(`audit.actions.${entry.action}`)}
        </Text>
      }
    >
      {/* The test id on the content: the drawer's root has no box of its own, so it never counts as visible. */}
      <Stack gap="md" data-testid="audit-entry">
        <SimpleGrid cols={2} spacing="md">
          <Field label={t('audit.columns.time')}>{formatDateTime(entry.createdAt)}</Field>
          <Field label={t('audit.columns.actor')}>
            {entry.actor.label} ({t(`audit.actorKinds.${entry.actor.kind}`)})
          </Field>
          <Field label={t('audit.columns.object')}>
            {objectName(t, entry.objectType)} {entry.objectId ?? ''}
          </Field>
          <Field label={t('audit.columns.ip')}>{entry.ip ?? t('audit.nothing')}</Field>
        </SimpleGrid>
        <Field label={t('audit.userAgent')}>{entry.userAgent || t('audit.nothing')}</Field>
        <Group grow align="flex-start">
          <Fields label={t('audit.before')} value={entry.before} testId="audit-before" />
          <Fields label={t('audit.after')} value={entry.after} testId="audit-after" />
        </Group>
        <Field label={`${t('audit.hash')} · ${t('audit.sequence', { seq: entry.seq })}`}>
          <Text span ff="monospace" size="xs" data-testid="audit-hash">
            {entry.hash}
          </Text>
        </Field>
      </Stack>
    </Drawer>
  );
}
