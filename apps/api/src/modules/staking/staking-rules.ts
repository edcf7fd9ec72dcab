import {
  type Blockchain,
  fromBaseUnits,
  type MessageLanguage,
  nativeToken,
  STAKING_BLOCKCHAINS,
  STORY_STAKING,
} from '@vaultline/contracts';
import { invalid, parseAmount } from '../withdrawals/withdrawal-rules.js';

/**
 * Native base units held for the gas of one staking transaction until it settles: a contract call's ~200 000 gas at
 * up to 50 gwei (Story's fees are far lower; the gas actually paid is what settlement takes).
 */
const STAKING_GAS_RESERVE = 10_000_000_000_000_000n;

export const stakeFeeReserve = () => STAKING_GAS_RESERVE;
/** An unstake pays the contract's fee in its value, and its gas. */
export const unstakeFeeReserve = () => STAKING_GAS_RESERVE + STORY_STAKING.unstakeFee;

export const isStakingNetwork = (blockchain: string): blockchain is Blockchain =>
  (STAKING_BLOCKCHAINS as readonly string[]).includes(blockchain);

/**
 * A stake's or unstake's amount in base units: the amount rules (numbers, decimals, positive), then whole gwei (the
 * contract's rounding: anything finer would be refunded, so it is refused rather than silently cut) and the minimum.
 */
export function parseStakingAmount(
  text: string,
  blockchain: Blockchain,
  minimum: bigint,
  lang: MessageLanguage,
): bigint {
  const native = nativeToken(blockchain);
  const units = parseAmount(text, native, lang);
  if (units % STORY_STAKING.stakeRounding !== 0n) throw invalid(lang, 'amount', 'validation.staking.roundedToGwei');
  if (units < minimum) {
    throw invalid(lang, 'amount', 'validation.amount.belowMinimum', {
      amount: fromBaseUnits(minimum, native.decimals),
      symbol: native.symbol,
    });
  }
  return units;
}
