import { Anchor, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { RequestView } from '@vaultline/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CopyValueButton } from '../../components/chain-ui';
import { DetailDrawer } from '../../components/DetailDrawer';
import { Notice } from '../../components/Notice';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { formatDateTime } from '../../lib/dates';
import { readErrorCode } from '../../lib/error-reader';
import type { RequestOutcome, RequestPresentation } from '../../shared/requests/request-renderer';
import { useRequestPresentation } from '../../shared/requests/request-renderers';
import { ApprovalStepsTimeline, RequestProgressStepper } from './ApprovalProgress';
import { useFollowRequest, useRequestDetail } from './api';
import { DecisionPanel } from './DecisionPanel';
import { RequestStatusBadge, RequestTypeBadge } from './request-ui';

export interface RequestDetailDrawerProps {
  requestId: string | null;
  organizationId: string;
  onClose: () => void;
}

/** One request: its progress, every approval step with decisions and memos, and my actions on it. */
export function RequestDetailDrawer({ requestId, organizationId, onClose }: RequestDetailDrawerProps) {
  const { t } = useTranslation();
  const detail = useRequestDetail(requestId);
  useFollowRequest(detail.data);
  return (
    <DetailDrawer
      opened={!!requestId}
      onClose={onClose}
      size={600}
      padding="lg"
      title={t('requests.detailTitle')}
      testId="request-drawer"
      detail={detail}
      errorTitle={t('requests.detailFailed')}
    >
      {(request) => <RequestDetail request={request} organizationId={organizationId} />}
    </DetailDrawer>
  );
}

function RequestDetail({ request, organizationId }: { request: RequestView; organizationId: string }) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const view = useRequestPresentation(request);
  const waiting = request.steps
    .flatMap((s) => s.approvers)
    .filter(
      (a, i, all) => request.waitingFor.includes(a.memberId) && all.findIndex((b) => b.memberId === a.memberId) === i,
    );

  return (
    <Stack gap="lg" data-testid="request-detail" data-request-id={request.id}>
      <Stack gap="xs">
        <Group justify="space-between">
          <RequestTypeBadge request={request} />
          <RequestStatusBadge request={request} />
        </Group>
        <Group gap="md" wrap="nowrap" mt={4}>
          {view.mark?.(44)}
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} fz="xl" data-testid="request-title">
              {view.title}
            </Title>
            {view.caption?.('sm')}
          </Stack>
        </Group>
      </Stack>

      <SimpleGrid cols={2} spacing="md" verticalSpacing="sm">
        <Fact label={t('requests.columns.initiator')}>
          <Text size="sm">{request.initiator.userName || request.initiator.email}</Text>
          <Text size="xs" c="dimmed">
            {request.initiator.email}
          </Text>
        </Fact>
        <Fact label={t('requests.columns.created')}>
          <Text size="sm">{formatDateTime(request.createdAt)}</Text>
        </Fact>
        {view.facts.map((fact) => (
          <Fact key={fact.label} label={fact.label}>
            {fact.value}
          </Fact>
        ))}
        <Fact label={t('requests.requestId')}>
          <Group gap={2} wrap="nowrap">
            <Text size="xs" ff="monospace" truncate="end">
              {request.id}
            </Text>
            <CopyValueButton value={request.id} label={t('requests.copyId')} />
          </Group>
        </Fact>
        <Fact label={t('requests.updated')}>
          <Text size="sm">{formatDateTime(request.updatedAt)}</Text>
        </Fact>
      </SimpleGrid>

      <Divider />
      <Stack gap="sm">
        <Text size="sm" fw={700}>
          {t('requests.progressTitle')}
        </Text>
        <RequestProgressStepper request={request} />
        <Outcome request={request} view={view} lang={lang} />
      </Stack>

      <Divider />
      <Stack gap="sm">
        <Text size="sm" fw={700}>
          {t('requests.approvalTitle')}
        </Text>
        {waiting.length > 0 ? (
          <Notice color="yellow" p="sm" testId="waiting-for">
            <Text size="sm">
              {t('requests.waitingFor', { names: waiting.map((a) => a.userName || a.email).join(', ') })}
            </Text>
          </Notice>
        ) : null}
        <ApprovalStepsTimeline request={request} />
      </Stack>

      <DecisionPanel request={request} organizationId={organizationId} />
    </Stack>
  );
}

function Outcome({ request, view, lang }: { request: RequestView; view: RequestPresentation; lang: 'en' | 'ko' }) {
  const { t } = useTranslation();
  const { completedLink } = view;
  const say = (key: RequestOutcome) => view.outcome?.[key] ?? t(`requests.outcome.${key}`);
  if (request.decisionStatus === 'REJECTED' || request.decisionStatus === 'CANCELED') {
    return (
      <Notice color={request.decisionStatus === 'REJECTED' ? 'red' : 'gray'} p="sm">
        <Text size="sm" data-testid="request-outcome">
          {say(request.decisionStatus)}
        </Text>
      </Notice>
    );
  }
  if (request.status === 'FAILED') {
    const reason = request.failureReason ? readErrorCode(request.failureReason, lang).messageIn(lang) : null;
    return (
      <Notice color="red" p="sm" testId="request-failed">
        <Text size="sm">{t('requests.outcome.FAILED')}</Text>
        {reason ? (
          <Text size="sm" mt={4}>
            {reason}
          </Text>
        ) : null}
      </Notice>
    );
  }
  if (request.status === 'COMPLETE' && completedLink) {
    return (
      <Notice color="teal" p="sm" testId="request-complete">
        <Group justify="space-between">
          <Text size="sm">{say('COMPLETE')}</Text>
          <Anchor component={Link} to={completedLink.to} size="sm" fw={600} data-testid={completedLink.testId}>
            {completedLink.label}
          </Anchor>
        </Group>
      </Notice>
    );
  }
  // At the provider's air-gapped signer (a cold wallet's transaction, or a cold wallet's key): it may take a while.
  if (request.decisionStatus === 'APPROVED' && request.progress === 'SIGNING') {
    return (
      <Notice color="blue" p="sm" testId="request-signing">
        <Text size="sm">{say('SIGNING')}</Text>
      </Notice>
    );
  }
  if (request.decisionStatus === 'APPROVED') {
    return (
      <Notice color="blue" p="sm">
        <Text size="sm">{say('PROCESSING')}</Text>
      </Notice>
    );
  }
  return null;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </Stack>
  );
}
