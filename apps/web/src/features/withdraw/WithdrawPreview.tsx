import { Avatar, Badge, Divider, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { WithdrawalPreview } from '@vaultline/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert';
import { AlertIcon, CheckIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import type { ApiError } from '../../lib/error-reader';

export interface WithdrawPreviewProps {
  preview: WithdrawalPreview | undefined;
  loading: boolean;
  error: ApiError | null;
}

/** '1,234.5 ETH' of a decimal string. */
export function decimalText(value: string, symbol: string): string {
  const [whole = '0', fraction] = value.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''} ${symbol}`;
}

function Row({ label, value, testId, strong }: { label: string; value: string; testId: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} data-testid={testId} ta="right">
        {value}
      </Text>
    </Group>
  );
}

/** Before submitting: what can leave the wallet, the fee held for it, and who will have to approve. */
export function WithdrawPreview({ preview, loading, error }: WithdrawPreviewProps) {
  const { t } = useTranslation();
  let body: ReactNode;
  if (error) body = <ErrorAlert error={error} title={t('withdraw.preview.failed')} />;
  else if (!preview)
    body = loading ? (
      <Group justify="center" py="lg">
        <Loader size="sm" />
      </Group>
    ) : (
      <Text size="sm" c="dimmed" data-testid="withdraw-preview-empty">
        {t('withdraw.preview.choose')}
      </Text>
    );
  else body = <PreviewBody preview={preview} />;
  return (
    <Paper withBorder radius="md" p="lg" data-testid="withdraw-preview" data-loading={loading || undefined}>
      <Text fw={700} mb="md">
        {t('withdraw.preview.title')}
      </Text>
      {body}
    </Paper>
  );
}

function PreviewBody({ preview }: { preview: WithdrawalPreview }) {
  const { t } = useTranslation();
  const { symbol } = preview.token;
  const amount = (value: string) => decimalText(value, symbol);
  const held = preview.locked !== '0' || preview.staked !== '0';
  return (
    <Stack gap="sm">
      <Row
        label={t('withdraw.preview.withdrawable')}
        value={amount(preview.withdrawable)}
        testId="preview-withdrawable"
        strong
      />
      {held ? (
        <Text size="xs" c="dimmed" data-testid="preview-held">
          {t('withdraw.preview.held', {
            balance: amount(preview.balance),
            locked: amount(preview.locked),
            staked: amount(preview.staked),
          })}
        </Text>
      ) : null}
      <Row label={t('withdraw.preview.max')} value={amount(preview.maxAmount)} testId="preview-max" />
      <Row
        label={t('withdraw.preview.feeReserve', { symbol: preview.fee.symbol })}
        value={decimalText(preview.fee.reserve, preview.fee.symbol)}
        testId="preview-fee"
      />
      {preview.fee.estimate === null ? null : (
        <Row
          label={t('withdraw.preview.feeEstimate')}
          value={decimalText(preview.fee.estimate, preview.fee.symbol)}
          testId="preview-fee-estimate"
        />
      )}
      <Text size="xs" c="dimmed">
        {t('withdraw.preview.feeHint')}
      </Text>
      {preview.fee.covered ? null : (
        <Notice color="orange" p="sm" icon={AlertIcon} testId="preview-fee-short">
          <Text size="sm">
            {t('withdraw.preview.feeShort', {
              reserve: decimalText(preview.fee.reserve, preview.fee.symbol),
              available: decimalText(preview.fee.available, preview.fee.symbol),
            })}
          </Text>
        </Notice>
      )}
      <Divider my={4} />
      <Text size="sm" fw={700}>
        {t('withdraw.preview.approvalTitle')}
      </Text>
      <Approval approval={preview.approval} />
    </Stack>
  );
}

function Approval({ approval }: { approval: WithdrawalPreview['approval'] }) {
  const { t } = useTranslation();
  if (!approval.canRequest) {
    return (
      <Notice color="red" p="sm" icon={AlertIcon} testId="preview-cannot-request">
        <Text size="sm">{t('withdraw.preview.cannotRequest')}</Text>
      </Notice>
    );
  }
  if (approval.exempt || approval.steps.length === 0) {
    return (
      <Notice color="teal" p="sm" icon={CheckIcon} testId="preview-exempt">
        <Text size="sm">{t(approval.exempt ? 'withdraw.preview.exempt' : 'withdraw.preview.noSteps')}</Text>
      </Notice>
    );
  }
  return (
    <Stack gap="sm" data-testid="preview-steps">
      {approval.steps.map((step, index) => (
        <Stack key={step.step} gap={6} data-testid="preview-step" data-required={step.requiredApprovals}>
          <Group gap="xs">
            <Badge size="sm" variant="light" color="indigo" radius="sm" tt="none">
              {t('approvalLine.stepBadge', { step: index + 1 })}
            </Badge>
            <Text size="xs" c="dimmed">
              {t('withdraw.preview.required', { count: step.requiredApprovals, of: step.approvers.length })}
            </Text>
          </Group>
          {step.approvers.map((approver) => (
            <Group key={approver.memberId} gap="xs" wrap="nowrap" pl={4} data-testid="preview-approver">
              <Avatar size={22} radius="xl" color="gray" variant="light">
                {(approver.userName || approver.email).slice(0, 1).toUpperCase()}
              </Avatar>
              <Text size="sm" truncate="end" style={{ minWidth: 0 }}>
                {approver.userName || approver.email}
                <Text span size="xs" c="dimmed" ml={6}>
                  {approver.email}
                </Text>
              </Text>
            </Group>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
