import { Badge, Group, Stack, Text } from '@mantine/core';
import { Blockchain, customerApprovalStatusLabel, type RequestView } from '@vaultline/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AppLanguage } from '../../i18n';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { ChainAvatar, NetworkLabel } from '../wallets/chain-ui';

/** What a wallet-creation request asks for, read from its content. */
export interface WalletRequestContent {
  name: string;
  blockchain: Blockchain | null;
  accountName: string | null;
}

export function walletRequestContent(request: RequestView): WalletRequestContent {
  const { name, blockchain, accountName } = request.content;
  const chain = Blockchain.safeParse(blockchain);
  return {
    name: typeof name === 'string' ? name : (request.walletName ?? ''),
    blockchain: chain.success ? chain.data : null,
    accountName: typeof accountName === 'string' ? accountName : null,
  };
}

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

/** The request's subject: for a wallet creation, the wallet's name and network. */
export function RequestContent({ request }: { request: RequestView }) {
  const content = walletRequestContent(request);
  return (
    <Group gap="sm" wrap="nowrap" data-testid="request-content">
      {content.blockchain ? <ChainAvatar chain={content.blockchain} size={30} /> : null}
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} truncate="end">
          {content.name}
        </Text>
        {content.blockchain ? <NetworkLabel chain={content.blockchain} size="xs" /> : null}
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
