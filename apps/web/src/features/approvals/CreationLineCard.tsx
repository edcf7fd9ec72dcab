import { Badge, Box, Button, Group, Modal, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ApprovalLineView } from '@vaultline/contracts';
import { Fragment, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert';
import { EditIcon, FlowIcon, WalletIcon } from '../../components/icons';
import { notifySuccess } from '../../components/notify';
import { toApiError } from '../../lib/error-reader';
import { ApproverChips } from './ApprovalLineSteps';
import { useCreationLine, useUpdateCreationLine } from './api';
import { LineEditorForm } from './LazyLineEditorForm';

/**
 * The organization's wallet-creation approval line as a left-to-right flow; holders of "Set
 * permissions" (`canEdit` from the server) change its steps in a dialog.
 */
export function CreationLineCard() {
  const { t } = useTranslation();
  const line = useCreationLine();
  const update = useUpdateCreationLine();
  const [editing, setEditing] = useState(false);

  return (
    <Paper withBorder radius="lg" bg="white" p="lg" data-testid="creation-line-card">
      <Group justify="space-between" align="flex-start" mb="md" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={38} radius="md" variant="light" color="indigo">
            <FlowIcon size={20} />
          </ThemeIcon>
          <Stack gap={2}>
            <Text fw={700}>{t('approvalLine.creationLineTitle')}</Text>
            <Text size="sm" c="dimmed">
              {t('approvalLine.creationLineBody')}
            </Text>
          </Stack>
        </Group>
        {line.data?.canEdit ? (
          <Button
            variant="light"
            leftSection={<EditIcon size={16} />}
            onClick={() => {
              update.reset();
              setEditing(true);
            }}
            data-testid="creation-line-edit"
          >
            {t('approvalLine.edit')}
          </Button>
        ) : null}
      </Group>
      {line.isPending ? (
        <Skeleton h={64} radius="md" />
      ) : line.isError ? (
        <ErrorAlert error={toApiError(line.error)} title={t('approvalLine.loadFailed')} />
      ) : (
        <LineFlow line={line.data} />
      )}
      <Modal
        opened={editing && !!line.data}
        onClose={() => setEditing(false)}
        title={t('approvalLine.creationLineEditTitle')}
        size="xl"
        radius="lg"
        centered
        data-testid="creation-line-dialog"
      >
        {editing && line.data ? (
          <LineEditorForm
            line={line.data}
            withCreation={false}
            saving={update.isPending}
            error={update.error}
            onCancel={() => setEditing(false)}
            onSave={(template) =>
              update.mutate(template.steps, {
                onSuccess: () => {
                  notifySuccess(t('approvalLine.saved'));
                  setEditing(false);
                },
              })
            }
          />
        ) : null}
      </Modal>
    </Paper>
  );
}

/** Request → step 1 → step 2 …, wrapping on narrow screens. */
function LineFlow({ line }: { line: ApprovalLineView }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" align="stretch" data-testid="creation-line-flow">
      <FlowBox label={t('approvalLine.creationBadge')} testId="creation-line-request">
        <Group gap={6} wrap="nowrap">
          <WalletIcon size={15} />
          <Text size="sm">{t('approvalLine.creatorsShort')}</Text>
        </Group>
      </FlowBox>
      {line.steps.map((step, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: steps have no identity besides their position
        <Fragment key={index}>
          <Arrow />
          <FlowBox
            label={t('approvalLine.stepBadge', { step: index + 1 })}
            testId="creation-line-step"
            extra={
              <Badge size="sm" variant="outline" radius="sm" tt="none" data-testid="line-step-required">
                {t('approvalLine.requiredOf', { required: step.requiredApprovals, eligible: step.eligibleCount })}
              </Badge>
            }
          >
            <ApproverChips approvers={step.approvers} />
          </FlowBox>
        </Fragment>
      ))}
      <Arrow />
      <FlowBox label={t('approvalLine.doneBadge')} testId="creation-line-done">
        <Text size="sm" c="dimmed">
          {t('approvalLine.doneShort')}
        </Text>
      </FlowBox>
    </Group>
  );
}

function FlowBox({
  label,
  extra,
  testId,
  children,
}: {
  label: string;
  extra?: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Box
      px="md"
      py="sm"
      bg="gray.0"
      style={{ borderRadius: 'var(--mantine-radius-md)', border: '1px solid var(--mantine-color-gray-2)' }}
      data-testid={testId}
    >
      <Group gap="xs" mb={6} justify="space-between" wrap="nowrap">
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" lts={0.4}>
          {label}
        </Text>
        {extra}
      </Group>
      {children}
    </Box>
  );
}

function Arrow() {
  return (
    <Text c="gray.5" fw={700} style={{ alignSelf: 'center' }} aria-hidden>
      →
    </Text>
  );
}
