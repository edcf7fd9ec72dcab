import { Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ActivityFilters, AssetActivity } from '@vaultline/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AssetsIcon, DownloadIcon } from '../../components/icons';
import { ListPanel, useListPage } from '../../components/ListPanel';
import { ListTotal } from '../../components/ListTotal';
import { lazyDialog } from '../../components/lazy-dialog';
import { PartialHoldingsNotice } from '../../components/PartialHoldingsNotice';
import { ActivityDrawer } from './ActivityDrawer';
import { ActivityFilterBar } from './ActivityFilterBar';
import { ActivityTable } from './ActivityTable';
import { ACTIVITY_PAGE_SIZE, compactFilters, useActivities } from './api';

// Fetched when first opened.
const ExportDialog = lazyDialog(() => import('./ExportDialog').then((m) => m.ExportDialog));

/** Every activity of the visible wallets with filters, the detail drawer and the CSV export. */
export function ActivityList({ partialBeforeAnswer }: { partialBeforeAnswer: boolean }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<ActivityFilters>({});
  const { page, paging, withFirstPage } = useListPage(ACTIVITY_PAGE_SIZE);
  const [open, setOpen] = useState<AssetActivity | null>(null);
  const [exporting, exportDialog] = useDisclosure(false);
  const list = useActivities(filters, page);
  const total = list.data?.total ?? 0;
  const filtered = Object.keys(compactFilters(filters)).length > 0;
  const partial = list.data ? list.data.partial : partialBeforeAnswer;

  return (
    <>
      {partial ? <PartialHoldingsNotice /> : null}
      <ListPanel
        testId="activity-list"
        header={
          <Stack gap="sm" p="md">
            <Group justify="space-between" gap="sm">
              <Text fw={700}>{t('activity.title')}</Text>
              <Group gap="sm">
                <ListTotal
                  label={t('activity.total', { count: total })}
                  fetching={list.isFetching}
                  testId="activity-total"
                />
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
            <ActivityFilterBar value={filters} onChange={withFirstPage(setFilters)} />
          </Stack>
        }
        query={list}
        errorTitle={t('activity.loadFailed')}
        loaderPy={64}
        empty={{
          icon: <AssetsIcon size={26} />,
          title: filtered ? t('activity.noMatchTitle') : t('activity.emptyTitle'),
          description: filtered ? t('activity.noMatchBody') : t('activity.emptyBody'),
        }}
        paging={paging(total)}
      >
        {(items) => <ActivityTable items={items} onOpen={setOpen} />}
      </ListPanel>
      <ActivityDrawer activity={open} onClose={() => setOpen(null)} />
      <ExportDialog opened={exporting} onClose={exportDialog.close} filters={filters} />
    </>
  );
}
