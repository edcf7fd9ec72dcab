import { Badge, Group, Stack, Text } from '@mantine/core';
import type { AmlStatus, Workflow } from '@vaultline/contracts';
import { useTranslation } from 'react-i18next';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { formatDateTime, formatRelative } from '../../lib/dates';

export const AML_COLORS: Record<AmlStatus, string> = {
  NOT_CHECKED: 'gray',
  CLEARED: 'teal',
  UNDER_REVIEW: 'yellow',
  BLOCKED: 'red',
};

const WORKFLOW_STATUS_COLORS: Record<Workflow['status'], string> = {
  IN_PROGRESS: 'blue',
  APPROVED: 'teal',
  REJECTED: 'red',
  CANCELED: 'gray',
};

const OWNER_STATUS_COLORS = { NONE: 'gray', INVITED: 'blue', ACTIVE: 'teal' } as const;

/** Basis points as the percentage people read: 125 → '1.25%'. */
export function formatFee(bps: number): string {
  return `${(bps / 100).toFixed(2)}%`;
}

export function AmlBadge({ status }: { status: AmlStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={AML_COLORS[status]} radius="sm" data-testid="aml-status" data-status={status}>
      {t(`operator.aml.${status}`)}
    </Badge>
  );
}

export function WorkflowStatusBadge({ status }: { status: Workflow['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={WORKFLOW_STATUS_COLORS[status]} radius="sm" data-testid="workflow-status">
      {t(`operator.workflowStatus.${status}`)}
    </Badge>
  );
}

export function OwnerStatusBadge({ status }: { status: keyof typeof OWNER_STATUS_COLORS }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={OWNER_STATUS_COLORS[status]} radius="sm" tt="none" data-testid="owner-status">
      {t(`operator.ownerStatus.${status}`)}
    </Badge>
  );
}

/** Who did something and when: name (or email), role, and the time with a relative hint. */
export function ActorStamp({ person, at }: { person: Workflow['createdBy'] | null; at: string | null }) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  if (!person || !at) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap">
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {person.userName || person.email}
        </Text>
        {person.role ? (
          <Badge size="xs" variant="light" color="gray" radius="sm" tt="none" fw={600}>
            {t(`operatorRoles.${person.role}`)}
          </Badge>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {`${formatDateTime(at)} · ${formatRelative(at, lang)}`}
      </Text>
    </Stack>
  );
}
