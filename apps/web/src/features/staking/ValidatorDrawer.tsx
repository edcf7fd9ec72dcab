import { Button, Divider, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CopyValueButton } from '../../components/chain-ui';
import { DataTable } from '../../components/DataTable';
import { DetailDrawer } from '../../components/DetailDrawer';
import { formatDateTime } from '../../lib/dates';
import { type StakingValidatorDetail, useStakingValidator } from './api';
import { symbolOfChain } from './StakingWallets';
import { percentText } from './staking-math';
import { AmountValue, Figure, lockLabel, periodLabel, StateBadge, tokenTypeLabel } from './staking-ui';

export interface ValidatorDrawerProps {
  validatorId: string | null;
  onClose: () => void;
  /** Opens the stake form with this validator chosen. */
  onStake: (validatorId: string) => void;
}

/** One validator: its terms, its periods with lock and multiplier, the minimum, and the organization's positions. */
export function ValidatorDrawer({ validatorId, onClose, onStake }: ValidatorDrawerProps) {
  const { t } = useTranslation();
  const detail = useStakingValidator(validatorId);
  return (
    <DetailDrawer
      opened={!!validatorId}
      onClose={onClose}
      size={640}
      padding="lg"
      title={detail.data?.name ?? t('staking.validator.title')}
      testId="validator-drawer"
      detail={detail}
      errorTitle={t('staking.validator.loadFailed')}
    >
      {(validator) => <ValidatorBody validator={validator} onStake={onStake} />}
    </DetailDrawer>
  );
}

function ValidatorBody({
  validator,
  onStake,
}: {
  validator: StakingValidatorDetail;
  onStake: (validatorId: string) => void;
}) {
  const { t } = useTranslation();
  const symbol = symbolOfChain(validator.blockchain);
  const amount = (value: string) => <AmountValue value={value} symbol={symbol} />;
  return (
    <Stack gap="lg" data-testid="validator-detail" data-validator-id={validator.validatorId}>
      <Stack gap={2}>
        <Text size="xs" c="dimmed">
          {t('staking.validator.operatorAddress')}
        </Text>
        <Group gap={2} wrap="nowrap">
          <Text size="sm" ff="monospace" truncate="end" data-testid="validator-operator-address">
            {validator.operatorAddress}
          </Text>
          <CopyValueButton value={validator.operatorAddress} label={t('staking.validator.copyAddress')} />
        </Group>
      </Stack>
      <SimpleGrid cols={{ base: 2, sm: 3 }}>
        <Figure
          label={t('staking.validators.commission')}
          value={percentText(validator.commission)}
          testId="validator-detail-commission"
        />
        <Figure
          label={t('staking.validators.yearlyReturn')}
          value={percentText(validator.estimatedYearlyReturn)}
          testId="validator-detail-yearly-return"
        />
        <Figure
          label={t('staking.validators.uptime')}
          value={percentText(validator.uptime)}
          testId="validator-detail-uptime"
        />
        <Figure
          label={t('staking.validators.tokenType')}
          value={tokenTypeLabel(t, validator.tokenType)}
          testId="validator-detail-token-type"
        />
        <Figure
          label={t('staking.validator.minimum')}
          value={amount(validator.minimumStakableAmount)}
          testId="validator-detail-minimum"
        />
        <Figure
          label={t('staking.validator.organizationStaked')}
          value={amount(validator.organizationStaked)}
          testId="validator-detail-organization-staked"
        />
      </SimpleGrid>
      <Button onClick={() => onStake(validator.validatorId)} disabled={!validator.active} data-testid="validator-stake">
        {t('staking.validator.stakeHere')}
      </Button>
      <Divider />
      <Stack gap="xs">
        <Text fw={700} component="h3" size="md">
          {t('staking.validator.periodsTitle')}
        </Text>
        <DataTable
          minWidth={420}
          testId="validator-periods"
          highlightOnHover={false}
          columns={[
            t('staking.validator.period'),
            t('staking.validator.lock'),
            { label: t('staking.validator.rewardMultiplier'), align: 'right' },
          ]}
        >
          {validator.periods.map((p) => (
            <Table.Tr key={p.period} data-testid="validator-period" data-period={p.period}>
              <Table.Td>{periodLabel(t, p.period)}</Table.Td>
              <Table.Td>{lockLabel(t, p.lockSeconds)}</Table.Td>
              <Table.Td ta="right">{t('staking.multiplier', { value: p.rewardMultiplier })}</Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      </Stack>
      <Stack gap="xs">
        <Text fw={700} component="h3" size="md">
          {t('staking.validator.positionsTitle')}
        </Text>
        {validator.positions.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="validator-no-positions">
            {t('staking.validator.noPositions')}
          </Text>
        ) : (
          <DataTable
            minWidth={520}
            testId="validator-positions"
            highlightOnHover={false}
            columns={[
              t('staking.positions.period'),
              t('staking.positions.state'),
              { label: t('staking.positions.amount'), align: 'right' },
              { label: t('staking.positions.rewards'), align: 'right' },
              t('staking.positions.lockedUntil'),
            ]}
          >
            {validator.positions.map((p) => (
              <Table.Tr key={p.positionId} data-testid="validator-position" data-position-id={p.positionId}>
                <Table.Td>{periodLabel(t, p.period)}</Table.Td>
                <Table.Td>
                  <StateBadge state={p.state} />
                </Table.Td>
                <Table.Td ta="right">{amount(p.amount)}</Table.Td>
                <Table.Td ta="right">{amount(p.rewards)}</Table.Td>
                <Table.Td>{formatDateTime(p.lockedUntil)}</Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
      </Stack>
    </Stack>
  );
}
