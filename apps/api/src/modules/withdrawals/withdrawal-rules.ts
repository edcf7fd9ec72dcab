import { P2WPKH_DUST_LIMIT } from '@vaultline/chains';
import {
  type Blockchain,
  type ChainFamily,
  familyOf,
  fromBaseUnits,
  type MessageLanguage,
  type TokenInfo,
  toBaseUnits,
  validationMessage,
} from '@vaultline/contracts';
import { AppError } from '../../http/app-error.js';

/**
 * Native base units held for the network fee of one withdrawal until it settles. No node is asked at creation (the
 * request may wait days for its approvals, fees move meanwhile): these are conservative ceilings of what the
 * planners quote today, and the fee actually paid is what settlement takes from the balance.
 *   btc: ~250 vbytes at up to 40 sat/vB; evm: a token transfer's 65 000 gas at up to 15 gwei;
 *   sol: two signatures and a recipient token account's rent (2 039 280 lamports); eosio: resources, not fees.
 */
const FEE_RESERVE: Record<ChainFamily, { native: bigint; token: bigint }> = {
  btc: { native: 10_000n, token: 10_000n },
  evm: { native: 1_000_000_000_000_000n, token: 1_000_000_000_000_000n },
  sol: { native: 10_000n, token: 3_000_000n },
  eosio: { native: 0n, token: 0n },
};

export function feeReserveOf(blockchain: Blockchain, token: TokenInfo): bigint {
  const reserve = FEE_RESERVE[familyOf(blockchain)];
  return token.type === 'NATIVE' ? reserve.native : reserve.token;
}

/** The smallest amount one transaction can carry: a bitcoin-type output below the dust limit is not relayed. */
export function minimumOf(token: TokenInfo): bigint {
  return token.type === 'NATIVE' && familyOf(token.blockchain) === 'btc' ? P2WPKH_DUST_LIMIT : 1n;
}

/** A schema-shaped validation error on one body field, in the caller's language. */
export const invalid = (lang: MessageLanguage, field: string, key: string, params?: Record<string, unknown>) =>
  new AppError('4000', {
    reason: 'validation',
    issues: [
      { path: `body.${field}`, message: validationMessage(key, lang, params), key, ...(params ? { params } : {}) },
    ],
  });

/** The typed amount in base units, by the spec's amount rules in order: numbers, decimals, positive, minimum. */
export function parseAmount(amount: string, token: TokenInfo, lang: MessageLanguage): bigint {
  const text = amount.trim();
  if (!/^[0-9]*(\.[0-9]*)?$/.test(text) || !/[0-9]/.test(text))
    throw invalid(lang, 'amount', 'validation.amount.notNumeric');
  const fraction = text.split('.')[1] ?? '';
  if (fraction.length > token.decimals)
    throw invalid(lang, 'amount', 'validation.amount.tooManyDecimals', { decimals: token.decimals });
  const units = toBaseUnits(text, token.decimals);
  if (units <= 0n) throw invalid(lang, 'amount', 'validation.amount.notPositive');
  // numeric(78,0) holds the balance columns; anything longer is no balance of ours.
  if (units >= 10n ** 70n) throw invalid(lang, 'amount', 'validation.amount.tooLarge');
  const minimum = minimumOf(token);
  if (units < minimum) {
    throw invalid(lang, 'amount', 'validation.amount.belowMinimum', {
      amount: fromBaseUnits(minimum, token.decimals),
      symbol: token.symbol,
    });
  }
  return units;
}
