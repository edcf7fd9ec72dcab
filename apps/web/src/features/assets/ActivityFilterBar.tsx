import { type ComboboxData, Group, Select } from '@mantine/core';
import {
  ACTIVITY_TYPES,
  type ActivityFilters,
  type Blockchain,
  SUPPORTED_TOKENS,
  TRANSACTION_STATUSES,
} from '@vaultline/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNetworkOptions } from '../../components/chain-ui';
import { type DayRange, DayRangeInput } from '../../components/DayRangeInput';
import { useWalletChoices } from './api';

export interface ActivityFilterBarProps {
  value: ActivityFilters;
  onChange: (next: ActivityFilters) => void;
}

/** The filters chosen from a list; each holds an array in the call but offers one choice here. */
type ListFilter = 'walletId' | 'blockchain' | 'tokenId' | 'activityType' | 'status';

interface FilterChoice {
  field: ListFilter;
  width: number;
  placeholder: string;
  label: string;
  data: ComboboxData;
  /** Long lists can be typed into. */
  searchable?: boolean;
  /** The filters a pick sets; by default only its own field. */
  pick?: (picked: string | null) => Partial<ActivityFilters>;
  testId: string;
}

/** One choice per filter; the list call takes arrays, so a choice travels as a one-item array. */
export function ActivityFilterBar({ value, onChange }: ActivityFilterBarProps) {
  const { t } = useTranslation();
  const wallets = useWalletChoices();
  const networks = useNetworkOptions();
  const chain = (value.blockchain?.[0] ?? null) as Blockchain | null;
  const tokens = SUPPORTED_TOKENS.filter((token) => !chain || token.blockchain === chain);
  const [range, setRange] = useState<DayRange>([value.dateFrom ?? null, value.dateTo ?? null]);
  const set = (patch: Partial<ActivityFilters>) => onChange({ ...value, ...patch });
  const one = (picked: string | null) => (picked ? [picked] : undefined);

  const choices: FilterChoice[] = [
    {
      field: 'walletId',
      width: 160,
      placeholder: t('activity.filters.allWallets'),
      label: t('activity.filters.wallet'),
      data: wallets.data ?? [],
      searchable: true,
      testId: 'activity-filter-wallet',
    },
    {
      field: 'blockchain',
      width: 180,
      placeholder: t('walletList.allNetworks'),
      label: t('activity.filters.network'),
      data: networks,
      searchable: true,
      pick: (picked) => {
        // A token of another network would make the two filters contradict each other.
        const keep = value.tokenId?.filter((id) => !picked || id.startsWith(`${picked}.`));
        return { blockchain: one(picked) as Blockchain[] | undefined, tokenId: keep?.length ? keep : undefined };
      },
      testId: 'activity-filter-network',
    },
    {
      field: 'tokenId',
      width: 140,
      placeholder: t('activity.filters.allTokens'),
      label: t('activity.filters.token'),
      data: tokens.map((token) => ({
        value: token.tokenId,
        label: chain ? token.symbol : `${token.symbol} (${token.blockchain})`,
      })),
      searchable: true,
      testId: 'activity-filter-token',
    },
    {
      field: 'activityType',
      width: 120,
      placeholder: t('activity.filters.allTypes'),
      label: t('activity.filters.type'),
      data: ACTIVITY_TYPES.map((type) => ({ value: type, label: t(`activity.types.${type}`) })),
      testId: 'activity-filter-type',
    },
    {
      field: 'status',
      width: 120,
      placeholder: t('activity.filters.allStatuses'),
      label: t('activity.filters.status'),
      data: TRANSACTION_STATUSES.map((status) => ({ value: status, label: t(`activity.statuses.${status}`) })),
      testId: 'activity-filter-status',
    },
  ];

  return (
    <Group gap="sm" wrap="wrap" data-testid="activity-filters">
      {choices.map((choice) => (
        <Select
          key={choice.field}
          w={choice.width}
          placeholder={choice.placeholder}
          aria-label={choice.label}
          data={choice.data}
          value={value[choice.field]?.[0] ?? null}
          // The values offered are the field's own, so the one-item array has the field's type.
          onChange={(picked) => set(choice.pick ? choice.pick(picked) : { [choice.field]: one(picked) })}
          clearable
          searchable={choice.searchable}
          nothingFoundMessage={choice.searchable ? t('activity.filters.noMatch') : undefined}
          data-testid={choice.testId}
        />
      ))}
      <DayRangeInput
        w={210}
        placeholder={t('activity.filters.period')}
        aria-label={t('activity.filters.period')}
        value={range}
        onChange={([from, to]) => {
          setRange([from, to]);
          // Only a finished range (or a cleared one) filters: a half-picked one waits for its end.
          if ((from && to) || (!from && !to)) set({ dateFrom: from ?? undefined, dateTo: to ?? undefined });
        }}
        clearable
        testId="activity-filter-period"
      />
    </Group>
  );
}
