import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { blockchainLabel, type StakingOverviewItem } from '@vaultline/contracts';
import { useTranslation } from 'react-i18next';
import { NetworkLabel } from '../../components/chain-ui';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageEmptyState } from '../../components/PageEmptyState';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { useStakingOverview } from './api';
import { RewardsChart } from './RewardsChart';
import { amountText } from './staking-math';
import { Figure } from './staking-ui';

/** The organization's staking per protocol and network: staked, claimable, rewards, and rewards over time. */
export function StakingOverview() {
  const { t } = useTranslation();
  const overview = useStakingOverview();
  if (overview.error) return <ErrorAlert error={overview.error} title={t('staking.loadFailed')} />;
  if (!overview.data) return null;
  if (overview.data.items.length === 0) {
    return (
      <Paper withBorder radius="lg" bg="white" data-testid="staking-overview">
        <PageEmptyState title={t('dashboard.staking.emptyTitle')} description={t('dashboard.staking.emptyBody')} />
      </Paper>
    );
  }
  return (
    <Stack gap="md" data-testid="staking-overview">
      {overview.data.items.map((item) => (
        <OverviewCard key={`${item.stakingProtocol}:${item.blockchain}`} item={item} />
      ))}
    </Stack>
  );
}

function OverviewCard({ item }: { item: StakingOverviewItem }) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const amount = (value: string) => amountText(value, item.symbol);
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-label={`${t('staking.overview.title')} · ${blockchainLabel(item.blockchain, lang)}`}
      data-testid="staking-overview-item"
      data-blockchain={item.blockchain}
    >
      <Stack gap="md">
        <NetworkLabel chain={item.blockchain} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Figure
            label={t('staking.overview.totalStaked')}
            value={amount(item.totalStaked)}
            hint={t('staking.overview.counts', { positions: item.positions, wallets: item.wallets })}
            testId="overview-total-staked"
          />
          <Figure
            label={t('staking.overview.claimable')}
            value={amount(item.claimable.total)}
            hint={t('staking.overview.claimableParts', {
              principal: amount(item.claimable.principal),
              rewards: amount(item.claimable.rewards),
            })}
            testId="overview-claimable"
          />
          <Figure
            label={t('staking.overview.rewardsEarned')}
            value={amount(item.rewardsEarned)}
            testId="overview-rewards-earned"
          />
        </SimpleGrid>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t('staking.chart.title')}
          </Text>
          <RewardsChart points={item.rewardsHistory} symbol={item.symbol} />
        </Stack>
      </Stack>
    </Paper>
  );
}
