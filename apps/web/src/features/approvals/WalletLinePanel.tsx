import { Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert';
import { EditIcon, FlowIcon } from '../../components/icons';
import { notifySuccess } from '../../components/notify';
import { PageEmptyState } from '../../components/PageEmptyState';
import { formatDateTime } from '../../lib/dates';
import { toApiError } from '../../lib/error-reader';
import { ApprovalLineSteps } from './ApprovalLineSteps';
import { useSaveWalletLine, useWalletLine } from './api';
import { LineEditorForm } from './LazyLineEditorForm';

/** A wallet's approval line: who may request, who approves; its managers edit it (`canEdit`). */
export function WalletLinePanel({ walletId }: { walletId: string }) {
  const { t } = useTranslation();
  const line = useWalletLine(walletId);
  const save = useSaveWalletLine(walletId);
  const [editing, setEditing] = useState(false);

  if (line.isPending) {
    return (
      <Center py={48}>
        <Loader size="sm" />
      </Center>
    );
  }
  if (line.isError) return <ErrorAlert error={toApiError(line.error)} title={t('approvalLine.loadFailed')} />;
  const view = line.data;
  const exists = view.steps.length > 0 || view.creation.length > 0;

  return (
    <Paper withBorder radius="lg" bg="white" p="lg" data-testid="wallet-line">
      <Group justify="space-between" align="flex-start" mb="md">
        <Stack gap={2}>
          <Text fw={700}>{t('approvalLine.walletTitle')}</Text>
          <Text size="sm" c="dimmed" maw={620}>
            {t('approvalLine.walletBody')}
          </Text>
        </Stack>
        {view.canEdit && !editing && exists ? (
          <Button
            variant="light"
            leftSection={<EditIcon size={16} />}
            onClick={() => {
              save.reset();
              setEditing(true);
            }}
            data-testid="line-edit"
          >
            {t('approvalLine.edit')}
          </Button>
        ) : null}
      </Group>

      {editing ? (
        <LineEditorForm
          line={view}
          withCreation
          saving={save.isPending}
          error={save.error}
          onCancel={() => setEditing(false)}
          onSave={(template) =>
            save.mutate(
              { template, exists },
              {
                onSuccess: () => {
                  notifySuccess(t('approvalLine.saved'));
                  setEditing(false);
                },
              },
            )
          }
        />
      ) : exists ? (
        <Stack gap="sm">
          <ApprovalLineSteps line={view} />
          <Text size="xs" c="dimmed">
            {t('approvalLine.updatedAt', { time: formatDateTime(view.updatedAt) })}
          </Text>
        </Stack>
      ) : (
        <Stack align="center" gap="sm">
          <PageEmptyState
            icon={<FlowIcon size={26} />}
            title={t('approvalLine.emptyTitle')}
            description={view.canEdit ? t('approvalLine.emptyManagerBody') : t('approvalLine.emptyBody')}
          />
          {view.canEdit ? (
            <Button leftSection={<FlowIcon size={16} />} onClick={() => setEditing(true)} data-testid="line-setup">
              {t('approvalLine.setUp')}
            </Button>
          ) : null}
        </Stack>
      )}
    </Paper>
  );
}
