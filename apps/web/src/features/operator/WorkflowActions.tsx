import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { LIMITS, type Workflow } from '@vaultline/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/DialogForm';
import { FormFooter } from '../../components/FormFooter';
import { notifySuccess } from '../../components/notify';
import { OtpCodeForm } from '../../components/OtpCodeForm';
import { useDecideWorkflow, type WorkflowAction } from './api';
import { WorkflowPayload } from './WorkflowPayload';

const ACTION_COLORS: Record<WorkflowAction, string> = { approve: 'teal', reject: 'red', cancel: 'gray' };

/**
 * Approve and reject when the server says the caller may decide (`canDecide`: never their own
 * workflow), cancel when it says they may cancel (`canCancel`: their own, still in progress).
 */
export function WorkflowActions({ workflow, size = 'xs' }: { workflow: Workflow; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  const [action, setAction] = useState<WorkflowAction | null>(null);
  if (!workflow.canDecide && !workflow.canCancel) return null;
  return (
    <>
      <Group gap={6} wrap="nowrap" justify="flex-end">
        {workflow.canDecide ? (
          <>
            <Button size={size} color="teal" onClick={() => setAction('approve')} data-testid="workflow-approve">
              {t('operator.actions.approve')}
            </Button>
            <Button
              size={size}
              color="red"
              variant="light"
              onClick={() => setAction('reject')}
              data-testid="workflow-reject"
            >
              {t('operator.actions.reject')}
            </Button>
          </>
        ) : null}
        {workflow.canCancel ? (
          <Button size={size} variant="default" onClick={() => setAction('cancel')} data-testid="workflow-cancel">
            {t('operator.actions.cancel')}
          </Button>
        ) : null}
      </Group>
      <DecisionDialog workflow={workflow} action={action} onClose={() => setAction(null)} />
    </>
  );
}

function DecisionDialog({
  workflow,
  action,
  onClose,
}: {
  workflow: Workflow;
  action: WorkflowAction | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormModal
      opened={action !== null}
      onClose={onClose}
      title={action ? t(`operator.decision.${action}Title`) : ''}
      testId="decision-dialog"
    >
      {action ? <DecisionForm key={action} workflow={workflow} action={action} onClose={onClose} /> : null}
    </FormModal>
  );
}

function DecisionForm({
  workflow,
  action,
  onClose,
}: {
  workflow: Workflow;
  action: WorkflowAction;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const decide = useDecideWorkflow();
  const [memo, setMemo] = useState('');
  const send = (otpCode: string) =>
    decide.mutate(
      { workflow, action, memo, otpCode },
      {
        onSuccess: () => {
          notifySuccess(t(`operator.decision.${action}Done`, { type: t(`operator.workflowTypes.${workflow.type}`) }));
          onClose();
        },
      },
    );

  const decided = (
    <>
      <Text size="sm" c="dimmed">
        {t(`operator.decision.${action}Body`)}
      </Text>
      <Stack gap={6} p="sm" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
        <Text size="sm" fw={700}>
          {t(`operator.workflowTypes.${workflow.type}`)}
          {workflow.organizationName ? ` · ${workflow.organizationName}` : ''}
        </Text>
        <WorkflowPayload workflow={workflow} />
      </Stack>
      <Textarea
        label={t('operator.decision.memo')}
        placeholder={t('operator.decision.memoPlaceholder')}
        value={memo}
        onChange={(event) => setMemo(event.currentTarget.value)}
        maxLength={LIMITS.MEMO_MAX}
        autosize
        minRows={2}
        data-testid="decision-memo"
      />
    </>
  );
  const footer = (
    <FormFooter
      error={action === 'cancel' ? decide.error : null}
      onCancel={onClose}
      cancelLabel={t('common.close')}
      submitLabel={t(`operator.actions.${action}`)}
      pending={decide.isPending}
      onSubmit={action === 'cancel' ? () => send('') : undefined}
      submitColor={ACTION_COLORS[action]}
      submitTestId="decision-confirm"
    />
  );

  // Canceling one's own workflow needs no code.
  if (action === 'cancel') {
    return (
      <Stack gap="md">
        {decided}
        {footer}
      </Stack>
    );
  }
  // Approving and rejecting ask for the operator's own code: a session alone decides nothing.
  return (
    <OtpCodeForm
      onSubmit={send}
      pending={decide.isPending}
      error={decide.error}
      errorTitle={t('common.failedTitle')}
      header={decided}
      field={{ description: t('common.otpConfirmHint'), withAsterisk: true }}
    >
      {footer}
    </OtpCodeForm>
  );
}
