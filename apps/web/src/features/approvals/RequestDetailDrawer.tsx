import { Alert, Anchor, Center, Divider, Drawer, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { RequestView } from '@vaultline/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { walletPath } from '../../app/paths';
import { ErrorAlert } from '../../components/ErrorAlert';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { formatDateTime } from '../../lib/dates';
import { readErrorCode, toApiError } from '../../lib/error-reader';
import { ChainAvatar, CopyValueButton, NetworkLabel, useChainLabel } from '../wallets/chain-ui';
import { ApprovalStepsTimeline, RequestProgressStepper } from './ApprovalProgress';
import { useFollowRequest, useRequestDetail } from './api';
import { DecisionPanel } from './DecisionPanel';
import { RequestStatusBadge, RequestTypeBadge, walletRequestContent } from './request-ui';

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
    <Drawer
      opened={!!requestId}
      onClose={onClose}
      position="right"
      size={600}
      padding="lg"
      title={
        <Text fw={700} fz="lg">
          {t('requests.detailTitle')}
        </Text>
      }
      data-testid="request-drawer"
    >
      {detail.isPending ? (
        <Center py={80}>
          <Loader size="sm" />
        </Center>
      ) : detail.isError ? (
        <ErrorAlert error={toApiError(detail.error)} title={t('requests.detailFailed')} />
      ) : (
        <RequestDetail request={detail.data} organizationId={organizationId} />
      )}
    </Drawer>
  );
}

function RequestDetail({ request, organizationId }: { request: RequestView; organizationId: string }) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const chainLabel = useChainLabel();
  const content = walletRequestContent(request);
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
          {content.blockchain ? <ChainAvatar chain={content.blockchain} size={44} /> : null}
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} fz="xl" data-testid="request-title">
              {content.name}
            </Title>
            {content.blockchain ? <NetworkLabel chain={content.blockchain} /> : null}
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
        {content.blockchain ? (
          <Fact label={t('requests.network')}>
            <Text size="sm">{chainLabel(content.blockchain)}</Text>
          </Fact>
        ) : null}
        {content.accountName ? (
          <Fact label={t('requests.accountName')}>
            <Text size="sm" ff="monospace">
              {content.accountName}
            </Text>
          </Fact>
        ) : null}
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
        <Outcome request={request} lang={lang} />
      </Stack>

      <Divider />
      <Stack gap="sm">
        <Text size="sm" fw={700}>
          {t('requests.approvalTitle')}
        </Text>
        {waiting.length > 0 ? (
          <Alert variant="light" color="yellow" radius="md" p="sm" data-testid="waiting-for">
            <Text size="sm">
              {t('requests.waitingFor', { names: waiting.map((a) => a.userName || a.email).join(', ') })}
            </Text>
          </Alert>
        ) : null}
        <ApprovalStepsTimeline request={request} />
      </Stack>

      <DecisionPanel request={request} organizationId={organizationId} />
    </Stack>
  );
}

function Outcome({ request, lang }: { request: RequestView; lang: 'en' | 'ko' }) {
  const { t } = useTranslation();
  const content = walletRequestContent(request);
  if (request.decisionStatus === 'REJECTED' || request.decisionStatus === 'CANCELED') {
    return (
      <Alert variant="light" color={request.decisionStatus === 'REJECTED' ? 'red' : 'gray'} radius="md" p="sm">
        <Text size="sm">{t(`requests.outcome.${request.decisionStatus}`)}</Text>
      </Alert>
    );
  }
  if (request.status === 'FAILED') {
    const reason = request.failureReason ? readErrorCode(request.failureReason, lang).messageIn(lang) : null;
    return (
      <Alert variant="light" color="red" radius="md" p="sm" data-testid="request-failed">
        <Text size="sm">{t('requests.outcome.FAILED')}</Text>
        {reason ? (
          <Text size="sm" mt={4}>
            {reason}
          </Text>
        ) : null}
      </Alert>
    );
  }
  if (request.status === 'COMPLETE' && request.walletId && content.blockchain) {
    return (
      <Alert variant="light" color="teal" radius="md" p="sm" data-testid="request-complete">
        <Group justify="space-between">
          <Text size="sm">{t('requests.outcome.COMPLETE')}</Text>
          <Anchor
            component={Link}
            to={walletPath(content.blockchain, request.walletId)}
            size="sm"
            fw={600}
            data-testid="open-wallet"
          >
            {t('requests.openWallet')}
          </Anchor>
        </Group>
      </Alert>
    );
  }
  if (request.decisionStatus === 'APPROVED') {
    return (
      <Alert variant="light" color="blue" radius="md" p="sm">
        <Text size="sm">{t('requests.outcome.PROCESSING')}</Text>
      </Alert>
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
