// The validator set of a Story network that runs on a node, read from Story's consensus-layer API and kept in
// staking_validators (the same rows the devnet's ledger set fills), so the screens, the stake rules and the rewards
// estimate read one table whatever the source. The API's shapes are piplabs/story's `client/server` (amino JSON in
// `{ code, msg, error }`); amounts there are the consensus layer's unit, gwei (10^9 base units of IP).
import { isValidValidatorCmpPubkey } from '@vaultline/chains';
import type { Blockchain, StakingTokenType } from '@vaultline/contracts';
import { z } from 'zod';
import { type Db, transaction } from '../../db/client.js';
import { stakingValidatorsRepository } from './staking.repository.js';

const GWEI = 10n ** 9n;
/** Cosmos decimals ("0.070000000000000000"): at most 18 fractional digits. */
const decimal = z.string().regex(/^\d{1,40}(\.\d{1,18})?$/);
const integer = z.string().regex(/^\d{1,40}$/);

export const StoryValidator = z.object({
  operator_address: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
  consensus_pubkey: z.object({ value: z.string().max(100) }),
  jailed: z.boolean().optional(),
  /** 3 is BOND_STATUS_BONDED (amino JSON numbers it; the gRPC gateway spells it). */
  status: z.union([z.number(), z.string()]),
  tokens: integer,
  description: z.object({ moniker: z.string().optional() }).optional(),
  commission: z.object({ commission_rates: z.object({ rate: decimal }) }),
  /** 0 locked, 1 unlocked: a delegation to it counts as its kind (the consensus layer reads this, not the sender). */
  support_token_type: z.number().int().min(0).max(1).optional(),
  rewards_tokens: decimal.optional(),
});
export type StoryValidator = z.infer<typeof StoryValidator>;

/** What the engine's client of the API hands over for one network, already checked against the shapes above. */
export interface StoryValidatorSet {
  validators: StoryValidator[];
  /** mint params `inflations_per_year` (gwei per year) and distribution params `ubi` (the part not for stakers). */
  inflationsPerYear: string;
  ubi: string;
  /** `missed_blocks_counter` per compressed key (0x hex), and the window it counts in. */
  missedBlocks: Map<string, bigint>;
  signedBlocksWindow: bigint;
}

/** A decimal string as an integer scaled by 10^18, without floats. */
function scaled(text: string): bigint {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole!) * 10n ** 18n + BigInt(fraction.padEnd(18, '0').slice(0, 18));
}
const ONE = 10n ** 18n;

const bpsOf = (ratio: string) => Number((scaled(ratio) * 10_000n) / ONE);

/** The validator's consensus key as IPTokenStaking takes it: 33 compressed bytes, 0x hex; null if it is not one. */
export function validatorIdOf(v: StoryValidator): string | null {
  const bytes = Buffer.from(v.consensus_pubkey.value, 'base64');
  const hex = `0x${bytes.toString('hex')}`;
  return bytes.length === 33 && isValidValidatorCmpPubkey(hex) ? hex : null;
}

const isBonded = (v: StoryValidator) => (v.status === 3 || v.status === 'BOND_STATUS_BONDED') && !v.jailed;

/**
 * The yearly reward of one rewards-weighted token before commission, in basis points: the year's inflation less
 * the UBI share, over every bonded validator's rewards tokens (stake already weighted by period and token kind, which
 * is why the ledger's estimate multiplies them back in).
 */
export function rewardRateBps(set: Pick<StoryValidatorSet, 'validators' | 'inflationsPerYear' | 'ubi'>): number {
  const weighted = set.validators.filter(isBonded).reduce((sum, v) => sum + scaled(v.rewards_tokens ?? v.tokens), 0n);
  if (weighted === 0n) return 0;
  const forStakers = (scaled(set.inflationsPerYear) * (ONE - scaled(set.ubi))) / ONE;
  return Number((forStakers * 10_000n) / weighted);
}

/** The rows one API reading makes: only validators with a usable key and a signing record enter the list. */
export function validatorRowsOf(blockchain: Blockchain, set: StoryValidatorSet) {
  const rate = rewardRateBps(set);
  const rows = [];
  for (const v of set.validators) {
    const validatorId = validatorIdOf(v);
    const missed = validatorId ? set.missedBlocks.get(validatorId) : undefined;
    if (!validatorId || missed === undefined || set.signedBlocksWindow <= 0n) continue;
    const signed = set.signedBlocksWindow - (missed > set.signedBlocksWindow ? set.signedBlocksWindow : missed);
    const tokenType: StakingTokenType = v.support_token_type === 0 ? 'LOCKED' : 'UNLOCKED';
    rows.push({
      blockchain,
      validatorId,
      operatorAddress: v.operator_address.toLowerCase(),
      // Monikers are free text from the chain: trimmed, bounded, never empty.
      name: (v.description?.moniker ?? '').trim().slice(0, 70) || v.operator_address.toLowerCase(),
      commissionBps: Math.min(10_000, bpsOf(v.commission.commission_rates.rate)),
      rewardRateBps: rate,
      uptimeBps: Number((signed * 10_000n) / set.signedBlocksWindow),
      tokenType,
      active: isBonded(v) ? ('ACTIVE' as const) : ('INACTIVE' as const),
      chainStaked: BigInt(v.tokens) * GWEI,
    });
  }
  return rows;
}

/**
 * Writes one reading of a network's validator set: each validator's terms replaced, and validators the chain no
 * longer lists kept (positions point at them) but inactive. The chain's stake already holds our organizations'
 * delegations, so the stored rest is the chain's figure less what the ledger books with it.
 */
export async function saveChainValidators(db: Db, blockchain: Blockchain, set: StoryValidatorSet) {
  const rows = validatorRowsOf(blockchain, set);
  // A reading with no usable validator is a broken answer, not a chain without validators: nothing is deactivated.
  if (rows.length === 0) throw new Error(`the staking API of ${blockchain} listed no usable validator`);
  return transaction(db, async (tx) => {
    const repo = stakingValidatorsRepository(tx);
    const ours = await repo.delegatedByValidator([blockchain]);
    for (const { chainStaked, ...row } of rows) {
      const rest = chainStaked - (ours.get(`${blockchain}:${row.validatorId}`) ?? 0n);
      await repo.replace({ ...row, externalStaked: (rest > 0n ? rest : 0n).toString() });
    }
    await repo.deactivateOthers(
      blockchain,
      rows.map((r) => r.validatorId),
    );
    return rows.length;
  });
}
