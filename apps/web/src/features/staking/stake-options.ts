import {
  STAKING_PERIODS,
  type StakingPeriod,
  type StakingProtocolInfo,
  type StakingValidator,
} from '@vaultline/contracts';
import type { TFunction } from 'i18next';
import { percentText } from './staking-math';
import { lockLabel, periodLabel } from './staking-ui';

/** The stake form's select options, apart from the form's state. */

/**
 * The active validators on `chain` (any while no network is chosen) plus the one chosen: one option per key (a
 * Select refuses duplicate values), the entry on the chosen network first.
 */
export function validatorOptions(
  t: TFunction,
  validators: readonly StakingValidator[],
  chain: string | undefined,
  chosenId: string,
) {
  return validators
    .filter((v) => v.active && (!chain || v.blockchain === chain || v.validatorId === chosenId))
    .sort((a, b) => Number(b.blockchain === chain) - Number(a.blockchain === chain))
    .filter((v, i, list) => list.findIndex((o) => o.validatorId === v.validatorId) === i)
    .map((v) => ({
      value: v.validatorId,
      label: t('staking.form.validatorOption', { name: v.name, commission: percentText(v.commission) }),
    }));
}

/** The protocol's periods with their lock and multiplier ('Short · 90 days lock · rewards ×1.10'); names alone before it is read. */
export function periodOptions(t: TFunction, periods: StakingProtocolInfo['periods']) {
  const values: readonly StakingPeriod[] = periods.length > 0 ? periods.map((p) => p.period) : STAKING_PERIODS;
  return values.map((value) => {
    const info = periods.find((p) => p.period === value);
    return {
      value,
      label: info
        ? t('staking.form.periodOption', {
            period: periodLabel(t, value),
            lock: lockLabel(t, info.lockSeconds),
            multiplier: info.rewardMultiplier,
          })
        : periodLabel(t, value),
    };
  });
}
