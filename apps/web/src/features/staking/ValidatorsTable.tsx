import { Anchor, Badge, Group, Paper, Table, Text } from '@mantine/core';
import type { StakingValidator } from '@vaultline/contracts';
import { useTranslation } from 'react-i18next';
import { NetworkLabel } from '../../components/chain-ui';
import { DataTable } from '../../components/DataTable';
import { ListState } from '../../components/ListState';
import { PanelHeader } from '../../components/PanelHeader';
import { useStakingValidators } from './api';
import { percentText } from './staking-math';
import { AmountValue, tokenTypeLabel } from './staking-ui';

export interface ValidatorsTableProps {
  /** The network's coin symbol of each validator (from its network); 'IP' when not known. */
  symbolOf: (validator: StakingValidator) => string;
  onOpen: (validatorId: string) => void;
}

/** Validators one can stake with: commission, total staked, estimated yearly return, uptime, token kind. */
export function ValidatorsTable({ symbolOf, onOpen }: ValidatorsTableProps) {
  const { t } = useTranslation();
  const validators = useStakingValidators();
  return (
    <Paper withBorder radius="md" component="section" aria-labelledby="staking-validators-title">
      <PanelHeader
        title={<span id="staking-validators-title">{t('staking.validators.title')}</span>}
        description={t('staking.validators.description')}
      />
      <ListState
        query={validators}
        items={validators.data?.items}
        errorTitle={t('staking.loadFailed')}
        empty={{ title: t('staking.validators.empty'), description: '' }}
      >
        {(items) => (
          <DataTable
            minWidth={820}
            testId="validators-table"
            columns={[
              t('staking.validators.name'),
              t('staking.validators.network'),
              { label: t('staking.validators.commission'), align: 'right' },
              { label: t('staking.validators.totalStaked'), align: 'right' },
              { label: t('staking.validators.yearlyReturn'), align: 'right' },
              { label: t('staking.validators.uptime'), align: 'right' },
              t('staking.validators.tokenType'),
            ]}
          >
            {items.map((v) => (
              <Table.Tr
                key={`${v.blockchain}:${v.validatorId}`}
                data-testid="validator-row"
                data-validator-id={v.validatorId}
                style={{ cursor: 'pointer' }}
                onClick={() => onOpen(v.validatorId)}
              >
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Anchor
                      component="button"
                      type="button"
                      fw={600}
                      size="sm"
                      aria-label={t('staking.validators.open', { name: v.name })}
                      data-testid="validator-open"
                      onClick={(event) => {
                        event.stopPropagation();
                        onOpen(v.validatorId);
                      }}
                    >
                      {v.name}
                    </Anchor>
                    {v.active ? null : (
                      <Badge size="xs" color="gray" variant="light" tt="none">
                        {t('staking.validators.inactive')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                {/* The ledger's devnet networks share validator keys: the network tells the rows apart. */}
                <Table.Td>
                  <NetworkLabel chain={v.blockchain} />
                </Table.Td>
                <Table.Td ta="right" data-testid="validator-commission">
                  {percentText(v.commission)}
                </Table.Td>
                <Table.Td ta="right">
                  <AmountValue value={v.totalStaked} symbol={symbolOf(v)} />
                </Table.Td>
                <Table.Td ta="right" data-testid="validator-yearly-return">
                  {percentText(v.estimatedYearlyReturn)}
                </Table.Td>
                <Table.Td ta="right">{percentText(v.uptime)}</Table.Td>
                <Table.Td>
                  <Text size="sm" data-testid="validator-token-type" data-token-type={v.tokenType}>
                    {tokenTypeLabel(t, v.tokenType)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
      </ListState>
    </Paper>
  );
}
