import { Group, Select } from '@mantine/core';
import { DatePickerInput, DatesProvider, type DatesRangeValue } from '@mantine/dates';
import {
  ACTIVITY_TYPES,
  type ActivityFilters,
  type ActivityType,
  type Blockchain,
  SUPPORTED_TOKENS,
  TRANSACTION_STATUSES,
  type TransactionStatus,
} from '@vaultline/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { networkOptions } from '../../components/chain-ui';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { useWalletChoices } from './api';

export interface ActivityFilterBarProps {
  value: ActivityFilters;
  onChange: (next: ActivityFilters) => void;
}

/** One choice per filter; the list call takes arrays, so a choice travels as a one-item array. */
export function ActivityFilterBar({ value, onChange }: ActivityFilterBarProps) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const wallets = useWalletChoices();
  const chain = (value.blockchain?.[0] ?? null) as Blockchain | null;
  const tokens = SUPPORTED_TOKENS.filter((token) => !chain || token.blockchain === chain);
  const [range, setRange] = useState<DatesRangeValue<string>>([value.dateFrom ?? null, value.dateTo ?? null]);
  const set = (patch: Partial<ActivityFilters>) => onChange({ ...value, ...patch });
  const one = <T extends string>(picked: string | null): T[] | undefined => (picked ? [picked as T] : undefined);

  return (
    <Group gap="sm" wrap="wrap" data-testid="activity-filters">
      <Select
        w={160}
        placeholder={t('activity.filters.allWallets')}
        aria-label={t('activity.filters.wallet')}
        data={wallets.data ?? []}
        value={value.walletId?.[0] ?? null}
        onChange={(picked) => set({ walletId: one(picked) })}
        clearable
        searchable
        nothingFoundMessage={t('activity.filters.noMatch')}
        data-testid="activity-filter-wallet"
      />
      <Select
        w={180}
        placeholder={t('walletList.allNetworks')}
        aria-label={t('activity.filters.network')}
        data={networkOptions(lang, (family) => t(`chainFamilies.${family}`))}
        value={chain}
        onChange={(picked) => {
          // A token of another network would make the two filters contradict each other.
          const keep = value.tokenId?.filter((id) => !picked || id.startsWith(`${picked}.`));
          set({ blockchain: one<Blockchain>(picked), tokenId: keep?.length ? keep : undefined });
        }}
        clearable
        searchable
        nothingFoundMessage={t('activity.filters.noMatch')}
        data-testid="activity-filter-network"
      />
      <Select
        w={140}
        placeholder={t('activity.filters.allTokens')}
        aria-label={t('activity.filters.token')}
        data={tokens.map((token) => ({
          value: token.tokenId,
          label: chain ? token.symbol : `${token.symbol} (${token.blockchain})`,
        }))}
        value={value.tokenId?.[0] ?? null}
        onChange={(picked) => set({ tokenId: one(picked) })}
        clearable
        searchable
        nothingFoundMessage={t('activity.filters.noMatch')}
        data-testid="activity-filter-token"
      />
      <Select
        w={120}
        placeholder={t('activity.filters.allTypes')}
        aria-label={t('activity.filters.type')}
        data={ACTIVITY_TYPES.map((type) => ({ value: type, label: t(`activity.types.${type}`) }))}
        value={value.activityType?.[0] ?? null}
        onChange={(picked) => set({ activityType: one<ActivityType>(picked) })}
        clearable
        data-testid="activity-filter-type"
      />
      <Select
        w={120}
        placeholder={t('activity.filters.allStatuses')}
        aria-label={t('activity.filters.status')}
        data={TRANSACTION_STATUSES.map((status) => ({ value: status, label: t(`activity.statuses.${status}`) }))}
        value={value.status?.[0] ?? null}
        onChange={(picked) => set({ status: one<TransactionStatus>(picked) })}
        clearable
        data-testid="activity-filter-status"
      />
      <DatesProvider settings={{ locale: lang, firstDayOfWeek: 0 }}>
        <DatePickerInput
          type="range"
          w={210}
          placeholder={t('activity.filters.period')}
          aria-label={t('activity.filters.period')}
          valueFormat="YYYY-MM-DD"
          value={range}
          onChange={(next) => {
            const [from, to] = next as DatesRangeValue<string>;
            setRange([from, to]);
            // Only a finished range (or a cleared one) filters: a half-picked one waits for its end.
            if ((from && to) || (!from && !to)) set({ dateFrom: from ?? undefined, dateTo: to ?? undefined });
          }}
          clearable
          allowSingleDateInRange
          data-testid="activity-filter-period"
        />
      </DatesProvider>
    </Group>
  );
}
