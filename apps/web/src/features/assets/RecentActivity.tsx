import { Anchor } from '@mantine/core';
import type { AssetActivity } from '@vaultline/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AssetsIcon } from '../../components/icons';
import { ListPanel } from '../../components/ListPanel';
import { PanelHeader } from '../../components/PanelHeader';
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
    <>
      <ListPanel
        testId="recent-activity"
        header={
          <PanelHeader title={t('activity.recentTitle')} description={t('activity.recentBody')}>
            <Anchor
              component="button"
              type="button"
              size="sm"
              fw={600}
              onClick={onShowAll}
              data-testid="activity-show-all"
            >
              {t('activity.showAll')}
            </Anchor>
          </PanelHeader>
        }
        query={list}
        errorTitle={t('activity.loadFailed')}
        empty={{
          icon: <AssetsIcon size={26} />,
          title: t('activity.emptyTitle'),
          description: t('activity.emptyBody'),
        }}
      >
        {(items) => <ActivityTable items={items} onOpen={setOpen} testId="recent-activity-table" />}
      </ListPanel>
      <ActivityDrawer activity={open} onClose={() => setOpen(null)} />
    </>
  );
}
