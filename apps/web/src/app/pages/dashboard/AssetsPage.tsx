import { Stack, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AssetsIcon, FlowIcon } from '../../../components/icons';
import { PageHeader } from '../../../components/PageHeader';
import { ActivityList } from '../../../features/assets/ActivityList';
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
  const requested = params.get('tab');
  const tab: AssetTab = ASSET_TABS.includes(requested as AssetTab) ? (requested as AssetTab) : 'overview';
  // Until the server says `partial`, a member without "view all wallets" sees only part of the holdings.
  const partialBeforeAnswer = !me.permissions.includes('WALLETS_VIEW') && !me.permissions.includes('OWNER');
  const change = (next: string | null) =>
    setParams(
      (current) => {
        const search = new URLSearchParams(current);
        if (!next || next === 'overview') search.delete('tab');
        else search.set('tab', next);
        return search;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader title={t('dashboard.assets.title')} description={t('assets.description')} />
      <Tabs value={tab} onChange={change} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="overview" leftSection={<AssetsIcon size={16} />} data-testid="assets-tab-overview">
            {t('assets.tabs.overview')}
          </Tabs.Tab>
          <Tabs.Tab value="activity" leftSection={<FlowIcon size={16} />} data-testid="assets-tab-activity">
            {t('assets.tabs.activity')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview">
          <Stack gap="lg">
            <HoldingsPanel
              partialBeforeAnswer={partialBeforeAnswer}
              renderAddToken={
                canManageTokens(me.permissions) ? (token) => <AddHeldTokenButton token={token} /> : undefined
              }
            />
            <RecentActivity onShowAll={() => change('activity')} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="activity">
          <ActivityList partialBeforeAnswer={partialBeforeAnswer} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
