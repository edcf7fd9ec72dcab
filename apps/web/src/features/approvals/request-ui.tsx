import { Badge, Group, Stack, Text } from '@mantine/core';
import { customerApprovalStatusLabel, type RequestView } from '@vaultline/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AppLanguage } from '../../i18n';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { useRequestPresentation } from '../../shared/requests/request-renderers';

export type StatusTone = { key: StatusKey; color: string; label: string };
type StatusKey = 'rejected' | 'canceled' | 'failed' | 'complete' | 'executing' | 'approval';

/**
 * One status for a request: a decision that ended it (rejected, canceled), the custody provider's
 * progress (processing, complete, failed), or else the customer approval status ('step 1 approved').
 */
export function requestStatus(request: RequestView, lang: AppLanguage, t: TFunction): StatusTone {
  if (request.decisionStatus === 'REJECTED')
    return { key: 'rejected', color: 'red', label: t('requests.status.rejected') };
  if (request.decisionStatus === 'CANCELED')
    return { key: 'canceled', color: 'gray', label: t('requests.status.canceled') };
  if (request.status === 'FAILED') return { key: 'failed', color: 'red', label: t('requests.status.failed') };
  if (request.status === 'COMPLETE') return { key: 'complete', color: 'teal', label: t('requests.status.complete') };
  if (request.status === 'EXECUTING' || request.decisionStatus === 'APPROVED') {
    return { key: 'executing', color: 'blue', label: t('requests.status.executing') };
  }
  const label = customerApprovalStatusLabel(request.approval.status, lang, request.approval.step);
  return {
    key: 'approval',
    color: request.approval.status === 'STEP_APPROVED' ? 'indigo' : 'yellow',
    label: lang === 'en' ? label.charAt(0).toUpperCase() + label.slice(1) : label,
  };
}

export function RequestStatusBadge({ request }: { request: RequestView }) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const status = requestStatus(request, lang, t);
  return (
    <Badge
      variant="light"
      color={status.color}
      radius="sm"
      tt="none"
      data-testid="request-status"
      data-status={status.key}
    >
      {status.label}
    </Badge>
  );
}

/** The request's subject in a list row, as its type presents it (a wallet creation: the wallet's name and network). */
export function RequestSummary({ request }: { request: RequestView }) {
  const view = useRequestPresentation(request);
  return (
    <Group gap="sm" wrap="nowrap" data-testid="request-content">
      {view.mark?.(30)}
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} truncate="end">
          {view.title}
        </Text>
        {view.caption?.('xs')}
      </Stack>
    </Group>
  );
}

export function RequestTypeBadge({ request }: { request: RequestView }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color="indigo" radius="sm" tt="none" data-testid="request-type">
      {t(`requests.types.${request.type}`)}
    </Badge>
  );
}
