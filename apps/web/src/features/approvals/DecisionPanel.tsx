import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { LIMITS, memoSchema, type RequestView } from '@vaultline/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../components/confirm';
import { ErrorAlert } from '../../components/ErrorAlert';
import { notifySuccess } from '../../components/notify';
import { OtpConfirmDialog } from '../../components/OtpConfirmDialog';
import { useContractForm } from '../../lib/contract-form';
import { type Decision, decidable, useDecision } from './api';

export interface DecisionPanelProps {
  request: RequestView;
  organizationId: string;
}

/**
 * Approve or reject with an optional memo when the server says I may (`canApprove`); cancel my own
 * request while it may still be canceled (`canCancel`). Refusals (4107, 4108, 403) are shown here.
 */
export function DecisionPanel({ request, organizationId }: DecisionPanelProps) {
  const { t } = useTranslation();
  const decision = useDecision(organizationId);
  // Checked as it is typed: the decision buttons wait for a memo the server would refuse.
  const form = useContractForm({
    initialValues: { memo: '' },
    rules: { memo: memoSchema },
    validateInputOnChange: true,
  });
  const memo = form.values.memo;
  const memoError = form.errors.memo ?? null;
  const [pending, setPending] = useState<Decision | null>(null);
  // Approve and reject ask for the decider's code first: a session alone decides nothing.
  const [confirming, setConfirming] = useState<'approve' | 'reject' | null>(null);

  if (!decidable(request) || (!request.canApprove && !request.canCancel)) {
    return decision.error ? <ErrorAlert error={decision.error} title={t('requests.decisionFailed')} /> : null;
  }

  const send = (kind: Decision, otpCode?: string) => {
    if (kind !== 'cancel' && memoError) return;
    setPending(kind);
    decision.mutate(
      { request, decision: kind, ...(kind === 'cancel' ? {} : { memo, otpCode }) },
      {
        onSuccess: () => {
          form.reset();
          setConfirming(null);
          notifySuccess(t(`requests.decided.${kind}`));
        },
        onSettled: () => setPending(null),
      },
    );
  };
  const ask = (kind: 'approve' | 'reject') => {
    if (memoError) return;
    decision.reset();
    setConfirming(kind);
  };

  const confirmCancel = () =>
    confirmAction({
      title: t('requests.cancelTitle'),
      body: t('requests.cancelBody'),
      confirmLabel: t('requests.cancelConfirm'),
      cancelLabel: t('requests.keep'),
      color: 'red',
      confirmTestId: 'request-cancel-confirm',
      onConfirm: () => send('cancel'),
    });

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      bg={request.canApprove ? 'white' : 'gray.0'}
      shadow={request.canApprove ? 'md' : undefined}
      // Kept in view at the foot of the drawer while the steps above scroll.
      style={{ position: 'sticky', bottom: 0, zIndex: 2 }}
      data-testid="decision-panel"
    >
      <Stack gap="sm">
        {request.canApprove ? (
          <>
            <Text size="sm" fw={700}>
              {t('requests.yourDecision')}
            </Text>
            <Textarea
              label={t('requests.memo')}
              description={t('requests.memoHint', { max: LIMITS.MEMO_MAX })}
              placeholder={t('requests.memoPlaceholder')}
              autosize
              minRows={2}
              maxRows={5}
              {...form.getInputProps('memo')}
              rightSection={
                <Text size="xs" c={memo.length > LIMITS.MEMO_MAX ? 'red' : 'dimmed'} pr={6}>
                  {memo.length}/{LIMITS.MEMO_MAX}
                </Text>
              }
              rightSectionWidth={64}
              data-testid="decision-memo"
            />
          </>
        ) : null}
        {decision.error && !confirming ? (
          <ErrorAlert error={decision.error} title={t('requests.decisionFailed')} />
        ) : null}
        <Group justify={request.canApprove && request.canCancel ? 'space-between' : 'flex-end'} wrap="nowrap">
          {request.canCancel && !request.canApprove ? (
            <Text size="sm" c="dimmed" style={{ flex: 1 }}>
              {t('requests.cancelHint')}
            </Text>
          ) : null}
          {request.canCancel ? (
            <Button
              variant={request.canApprove ? 'subtle' : 'outline'}
              color={request.canApprove ? 'gray' : 'red'}
              onClick={confirmCancel}
              loading={pending === 'cancel'}
              disabled={decision.isPending && pending !== 'cancel'}
              data-testid="request-cancel"
            >
              {t('requests.cancelRequest')}
            </Button>
          ) : null}
          {request.canApprove ? (
            <Group gap="sm">
              <Button
                variant="outline"
                color="red"
                onClick={() => ask('reject')}
                loading={pending === 'reject'}
                disabled={!!memoError || (decision.isPending && pending !== 'reject')}
                data-testid="request-reject"
              >
                {t('requests.reject')}
              </Button>
              <Button
                color="teal"
                onClick={() => ask('approve')}
                loading={pending === 'approve'}
                disabled={!!memoError || (decision.isPending && pending !== 'approve')}
                data-testid="request-approve"
              >
                {t('requests.approve')}
              </Button>
            </Group>
          ) : null}
        </Group>
      </Stack>
      <OtpConfirmDialog
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t(confirming === 'reject' ? 'requests.confirmReject.title' : 'requests.confirmApprove.title')}
        confirmLabel={t(confirming === 'reject' ? 'requests.reject' : 'requests.approve')}
        pending={decision.isPending}
        error={decision.error}
        onConfirm={(code) => confirming && send(confirming, code)}
        tone={confirming === 'reject' ? 'danger' : 'approve'}
        testId="decision-otp-dialog"
      >
        {t(confirming === 'reject' ? 'requests.confirmReject.body' : 'requests.confirmApprove.body')}
      </OtpConfirmDialog>
    </Paper>
  );
}
