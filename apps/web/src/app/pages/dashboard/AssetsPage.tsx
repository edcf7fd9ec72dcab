import { Box, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AssetsIcon, FlowIcon } from '../../../components/icons';
import { PageHeader } from '../../../components/PageHeader';
import { PageTabs } from '../../../components/PageTabs';
import { ActivityList } from '../../../features/assets/ActivityList';
import { useOrganizationBalances } from '../../../features/assets/api';
import { HoldingsPanel } from '../../../features/assets/HoldingsPanel';
import { RecentActivity } from '../../../features/assets/RecentActivity';
import { useSession } from '../../../features/session/SessionProvider';
import { AddHeldTokenButton } from '../../../features/tokens/AddHeldTokenButton';
import { canManageTokens } from '../../../features/tokens/permissions';

const ASSET_TABS = ['overview', 'activity'] as const;
type AssetTab = (typeof ASSET_TABS)[number];

/** The organization's holdings and their allocation, recent activity, and the full activity list (?tab=activity). */
export function AssetsPage() {
  const { t } = useTranslation();
  const { me } = useSession();
  const [params, setParams] = useSearchParams();
  // The same query as the holdings panel's (one request): the recent activity below it waits for the holdings, whose
  // arrival would otherwise push it down the screen (a layout shift), while its own data loads meanwhile.
  const holdings = useOrganizationBalances();
  const requested = params.get('tab');
  const tab: AssetTab = ASSET_TABS.includes(requested as AssetTab) ? (requested as AssetTab) : 'overview';
  // Until the server says `partial`, a member without "view all wallets" sees only part of the holdings.
  const partialBeforeAnswer = !me.permissions.includes('WALLETS_VIEW') && !me.permissions.includes('OWNER');
  const change = (next: AssetTab) =>
    setParams(
      (current) => {
        const search = new URLSearchParams(current);
        if (next === 'overview') search.delete('tab');
        else search.set('tab', next);
        return search;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader title={t('dashboard.assets.title')} description={t('assets.description')} />
      <PageTabs
        value={tab}
        onChange={change}
        tabs={[
          {
            value: 'overview',
            label: t('assets.tabs.overview'),
            icon: AssetsIcon,
            testId: 'assets-tab-overview',
            panel: (
              <Stack gap="lg">
                <HoldingsPanel
                  partialBeforeAnswer={partialBeforeAnswer}
                  renderAddToken={
                    canManageTokens(me.permissions) ? (token) => <AddHeldTokenButton token={token} /> : undefined
                  }
                />
                <Box display={holdings.isPending ? 'none' : undefined}>
                  <RecentActivity onShowAll={() => change('activity')} />
                </Box>
              </Stack>
            ),
          },
          {
            value: 'activity',
            label: t('assets.tabs.activity'),
            icon: FlowIcon,
            testId: 'assets-tab-activity',
            panel: <ActivityList partialBeforeAnswer={partialBeforeAnswer} />,
          },
        ]}
      />
    </>
  );
}
