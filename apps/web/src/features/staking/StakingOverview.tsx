import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { blockchainLabel, type StakingOverviewItem } from '@vaultline/contracts';
import { useTranslation } from 'react-i18next';
import { NetworkLabel } from '../../components/chain-ui';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageEmptyState } from '../../components/PageEmptyState';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { useStakingOverview } from './api';
import { RewardsChart } from './RewardsChart';
import { amountText, exactAmountText, isPositiveDecimal } from './staking-math';
import { AmountValue, Figure } from './staking-ui';

/** The organization's staking per protocol and network: staked, claimable, rewards, and rewards over time. */
export function StakingOverview() {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const overview = useStakingOverview();
  if (overview.error) return <ErrorAlert error={overview.error} title={t('staking.loadFailed')} />;
  if (!overview.data) return null;
  // A network where the organization has nothing (no position, nothing staked, claimable or earned) gets one line
  // naming it, not a card of zeros and an empty chart; with nothing anywhere, the page's empty state.
  const [used, idle] = partition(overview.data.items, hasStaking);
  if (used.length === 0) {
    return (
      <Paper withBorder radius="lg" bg="white" data-testid="staking-overview">
        <PageEmptyState title={t('dashboard.staking.emptyTitle')} description={t('dashboard.staking.emptyBody')} />
      </Paper>
    );
  }
  return (
    <Stack gap="md" data-testid="staking-overview">
      {used.map((item) => (
        <OverviewCard key={`${item.stakingProtocol}:${item.blockchain}`} item={item} />
      ))}
      {idle.length > 0 ? (
        <Text size="sm" c="dimmed" data-testid="staking-overview-idle">
          {t('staking.overview.nothingOn', {
            networks: idle.map((item) => blockchainLabel(item.blockchain, lang)).join(', '),
          })}
        </Text>
      ) : null}
    </Stack>
  );
}

function hasStaking(item: StakingOverviewItem): boolean {
  return (
    item.positions > 0 ||
    [item.totalStaked, item.claimable.total, item.rewardsEarned].some((value) => isPositiveDecimal(value))
  );
}

function partition<T>(items: readonly T[], test: (item: T) => boolean): [T[], T[]] {
  return [items.filter(test), items.filter((item) => !test(item))];
}

function OverviewCard({ item }: { item: StakingOverviewItem }) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const amount = (value: string) => amountText(value, item.symbol);
  const amountValue = (value: string) => <AmountValue value={value} symbol={item.symbol} />;
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
            value={amountValue(item.totalStaked)}
            hint={t('staking.overview.counts', { positions: item.positions, wallets: item.wallets })}
            testId="overview-total-staked"
          />
          <Figure
            label={t('staking.overview.claimable')}
            value={amountValue(item.claimable.total)}
            hint={t('staking.overview.claimableParts', {
              principal: amount(item.claimable.principal),
              rewards: amount(item.claimable.rewards),
            })}
            hintTitle={t('staking.overview.claimableParts', {
              principal: exactAmountText(item.claimable.principal, item.symbol),
              rewards: exactAmountText(item.claimable.rewards, item.symbol),
            })}
            testId="overview-claimable"
          />
          <Figure
            label={t('staking.overview.rewardsEarned')}
            value={amountValue(item.rewardsEarned)}
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
