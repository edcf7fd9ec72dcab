import { z } from 'zod';
import { Blockchain, ChainFamily } from './blockchains.js';
import type { RequestItemType, RequestType } from './enums.js';
import { StakingPeriod, StakingTokenType } from './staking.js';

/**
 * What each request type carries, one schema per item type, discriminated by `kind` (the item type): the server
 * stores it typed and validates it on every read, and the web renders the same shape. Amounts are base units.
 */

const baseUnits = z.string().regex(/^[0-9]{1,78}$/);

export const WalletCreationContent = z.object({
  kind: z.literal('WALLET_CREATION'),
  name: z.string(),
  blockchain: Blockchain,
  family: ChainFamily,
  /** EOS-type only: the 12-character account. */
  accountName: z.string().optional(),
});

/** A withdrawal from one wallet to a registered address-book entry. */
export const WithdrawalContent = z.object({
  kind: z.literal('WITHDRAWAL'),
  walletId: z.uuid(),
  blockchain: Blockchain,
  tokenId: z.string(),
  amount: baseUnits,
  toAddress: z.string(),
  addressBookId: z.uuid(),
  /**
   * The entry's name when the request was made: approvers decide on what the requester chose, and may not be
   * allowed to read the address book itself.
   */
  destinationName: z.string().max(255).optional(),
  memo: z.string().optional(),
  /** Native-coin base units held in `wallet_balances.locked` for the network fee until the withdrawal settles. */
  feeReserve: baseUnits.optional(),
});

const stakingPosition = {
  walletId: z.uuid(),
  blockchain: Blockchain,
  stakingProtocol: z.literal('STORY_LOCKED_STAKING'),
  /** The validator's 33-byte compressed secp256k1 public key, hex with 0x (what IPTokenStaking takes). */
  validatorId: z.string(),
  /** Frozen at creation for the screens (a validator may rename itself later). */
  validatorName: z.string().optional(),
  /** Native base units held for the network fee (and the unstake fee) until execution ends. */
  feeReserve: baseUnits.optional(),
};

export const StakeContent = z.object({
  kind: z.literal('STAKING_STAKE'),
  ...stakingPosition,
  amount: baseUnits,
  period: StakingPeriod.default('FLEXIBLE'),
  tokenType: StakingTokenType.default('UNLOCKED'),
});
/** Unstakes part or all of one delegation (its id on the chain), which then unbonds. */
export const UnstakeContent = z.object({
  kind: z.literal('STAKING_UNSTAKE'),
  ...stakingPosition,
  amount: baseUnits,
  /** The ledger's position the unstake takes from, and its delegation id on the chain. */
  positionId: z.uuid(),
  delegationId: z.string().regex(/^[0-9]{1,78}$/),
});
/** Moves what is claimable (unbonded principal and rewards) of the wallet's positions with a validator. */
export const ClaimContent = z.object({
  kind: z.literal('STAKING_CLAIM'),
  ...stakingPosition,
  /** What was claimable when the request was made; execution pays what is claimable then. */
  principal: baseUnits.optional(),
  rewards: baseUnits.optional(),
});

export const RequestContent = z.discriminatedUnion('kind', [
  WalletCreationContent,
  WithdrawalContent,
  StakeContent,
  UnstakeContent,
  ClaimContent,
]);
export type RequestContent = z.infer<typeof RequestContent>;
export type RequestContentOf<K extends RequestItemType> = Extract<RequestContent, { kind: K }>;

/** The request type each item type belongs to (the spec's two-level naming). */
export const REQUEST_TYPE_OF: Record<RequestItemType, RequestType> = {
  WALLET_CREATION: 'WALLET_CREATION',
  WITHDRAWAL: 'WITHDRAWAL',
  STAKING_STAKE: 'STAKING',
  STAKING_UNSTAKE: 'STAKING',
  STAKING_CLAIM: 'STAKING',
};
