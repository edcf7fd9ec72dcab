import { Anchor, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { AssetActivity } from '@vaultline/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert';
import { AssetsIcon } from '../../components/icons';
import { PageEmptyState } from '../../components/PageEmptyState';
import { toApiError } from '../../lib/error-reader';
import { ActivityDrawer } from './ActivityDrawer';
import { ActivityTable } from './ActivityTable';
import { useActivities } from './api';

const NO_FILTERS = {};

export interface RecentActivityProps {
  /** Opens the full list (a tab of the assets page). */
  onShowAll: () => void;
}

/** The ten latest activities of the visible wallets. */
export function RecentActivity({ onShowAll }: RecentActivityProps) {
  const { t } = useTranslation();
  const list = useActivities(NO_FILTERS, 1, 10);
  const [open, setOpen] = useState<AssetActivity | null>(null);
  return (
    <Paper withBorder radius="lg" bg="white" data-testid="recent-activity">
      <Group justify="space-between" p="md">
        <Stack gap={2}>
          <Text fw={700}>{t('activity.recentTitle')}</Text>
          <Text size="sm" c="dimmed">
            {t('activity.recentBody')}
          </Text>
        </Stack>
        <Anchor component="button" type="button" size="sm" fw={600} onClick={onShowAll} data-testid="activity-show-all">
          {t('activity.showAll')}
        </Anchor>
      </Group>
      {list.isError ? (
        <Stack p="md" pt={0}>
          <ErrorAlert error={toApiError(list.error)} title={t('activity.loadFailed')} />
        </Stack>
      ) : list.isPending ? (
        <Center py={48}>
          <Loader size="sm" />
        </Center>
      ) : list.data.items.length === 0 ? (
        <PageEmptyState
          icon={<AssetsIcon size={26} />}
          title={t('activity.emptyTitle')}
          description={t('activity.emptyBody')}
        />
      ) : (
        <ActivityTable items={list.data.items} onOpen={setOpen} testId="recent-activity-table" />
      )}
      <ActivityDrawer activity={open} onClose={() => setOpen(null)} />
    </Paper>
  );
}
