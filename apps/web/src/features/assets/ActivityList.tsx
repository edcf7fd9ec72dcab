import { Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ActivityFilters, AssetActivity } from '@vaultline/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AssetsIcon, DownloadIcon } from '../../components/icons';
import { ListPagination } from '../../components/ListFooter';
import { ListState } from '../../components/ListState';
import { PartialHoldingsNotice } from '../../components/PartialHoldingsNotice';
import { ActivityDrawer } from './ActivityDrawer';
import { ActivityFilterBar } from './ActivityFilterBar';
import { ActivityTable } from './ActivityTable';
import { ACTIVITY_PAGE_SIZE, compactFilters, useActivities } from './api';
import { ExportDialog } from './ExportDialog';

/** Every activity of the visible wallets with filters, the detail drawer and the CSV export. */
export function ActivityList({ partialBeforeAnswer }: { partialBeforeAnswer: boolean }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<ActivityFilters>({});
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<AssetActivity | null>(null);
  const [exporting, exportDialog] = useDisclosure(false);
  const list = useActivities(filters, page);
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE));
  const filtered = Object.keys(compactFilters(filters)).length > 0;
  const partial = list.data ? list.data.partial : partialBeforeAnswer;

  return (
    <>
      {partial ? <PartialHoldingsNotice /> : null}
      <Paper withBorder radius="lg" bg="white" data-testid="activity-list">
        <Stack gap="sm" p="md">
          <Group justify="space-between" gap="sm">
            <Text fw={700}>{t('activity.title')}</Text>
            <Group gap="sm">
              {list.isFetching ? <Loader size="xs" /> : null}
              <Text size="sm" c="dimmed" data-testid="activity-total">
                {t('activity.total', { count: total })}
              </Text>
              <Button
                variant="light"
                leftSection={<DownloadIcon size={16} />}
                onClick={exportDialog.open}
                data-testid="export-open"
              >
                {t('export.open')}
              </Button>
            </Group>
          </Group>
          <ActivityFilterBar
            value={filters}
            onChange={(next) => {
              setFilters(next);
              setPage(1);
            }}
          />
        </Stack>
        <ListState
          query={list}
          items={list.data?.items}
          errorTitle={t('activity.loadFailed')}
          loaderPy={64}
          empty={{
            icon: <AssetsIcon size={26} />,
            title: filtered ? t('activity.noMatchTitle') : t('activity.emptyTitle'),
            description: filtered ? t('activity.noMatchBody') : t('activity.emptyBody'),
          }}
        >
          {(items) => <ActivityTable items={items} onOpen={setOpen} />}
        </ListState>
        <ListPagination page={page} pages={pages} onPageChange={setPage} />
      </Paper>
      <ActivityDrawer activity={open} onClose={() => setOpen(null)} />
      <ExportDialog opened={exporting} onClose={exportDialog.close} filters={filters} />
    </>
  );
}
