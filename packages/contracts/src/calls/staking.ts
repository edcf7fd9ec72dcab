import { z } from 'zod';
import { Blockchain } from '../blockchains.js';
import { defineDecisionCalls, tagged } from '../call.js';
import { StakingProtocol } from '../enums.js';
import { DelegationState, StakingPeriod, StakingTokenType } from '../staking.js';
import { CancelBody, DecisionBody, REQUEST_DECISION_ERRORS, RequestView } from './approvals.js';

// Staking (spec section 7): the overview, protocols, validators and wallets of the organization, and Story's stake,
// unstake and claim requests through the wallet's approval line. Amounts are decimal strings in IP ('1024.5'); rates
// are percent strings with two decimals ('5.00').
const stakingCall = tagged('staking');
const STORY = '/api/v1/organizations/staking/story';

const Decimal = z.string();
const Percent = z.string();

export const StakingQuery = z.strictObject({
  stakingProtocol: StakingProtocol.optional(),
  blockchain: Blockchain.optional(),
});

/** One staking period as the protocol defines it: its lock and its reward multiplier. */
export const StakingPeriodInfo = z.object({
  period: StakingPeriod,
  lockSeconds: z.number().int(),
  /** '1.00', '1.10': rewards are multiplied by this. */
  rewardMultiplier: z.string(),
});

export const StakingProtocolInfo = z.object({
  stakingProtocol: StakingProtocol,
  blockchain: Blockchain,
  symbol: z.string(),
  decimals: z.number().int(),
  contractAddress: z.string(),
  minimumStakableAmount: Decimal,
  minimumUnstakableAmount: Decimal,
  unstakeFee: Decimal,
  /** Seconds between a stake's transaction and its delegation earning (the consensus layer taking it). */
  bondingSeconds: z.number().int(),
  unbondingSeconds: z.number().int(),
  rewardPayoutThreshold: Decimal,
  /** '0.50': the weight of locked tokens in rewards. */
  lockedTokenWeight: z.string(),
  periods: z.array(StakingPeriodInfo),
});
export type StakingProtocolInfo = z.infer<typeof StakingProtocolInfo>;

export const StakingValidator = z.object({
  validatorId: z.string(),
  blockchain: Blockchain,
  stakingProtocol: StakingProtocol,
  name: z.string(),
  operatorAddress: z.string(),
  /** The validator's fee: its commission on rewards. */
  commission: Percent,
  /** The whole network's stake with it, and the part of it in this organization's wallets the caller sees. */
  totalStaked: Decimal,
  organizationStaked: Decimal,
  /** After its commission: what one unlocked FLEXIBLE IP earns in a year, in percent (periods and locked tokens scale it). */
  estimatedYearlyReturn: Percent,
  uptime: Percent,
  /** The token kind it accepts; a validator accepting locked tokens forces FLEXIBLE. */
  tokenType: StakingTokenType,
  active: z.boolean(),
});
export type StakingValidator = z.infer<typeof StakingValidator>;

/** One delegation of a wallet (a stake, or the part of it unstaked and unbonding). */
export const StakingPosition = z.object({
  positionId: z.uuid(),
  walletId: z.uuid(),
  validatorId: z.string(),
  validatorName: z.string(),
  /** The contract's delegation id (null until the stake's transaction is processed). */
  delegationId: z.string().nullable(),
  period: StakingPeriod,
  tokenType: StakingTokenType,
  state: DelegationState,
  amount: Decimal,
  /** Earned and not yet claimed. */
  rewards: Decimal,
  /** The yearly return of this position after commission, period and token weight, in percent. */
  estimatedYearlyReturn: Percent,
  stakedAt: z.iso.datetime(),
  activeAt: z.iso.datetime(),
  /** When the period's lock ends (unstake allowed from then; = activeAt for FLEXIBLE). */
  lockedUntil: z.iso.datetime(),
  unbondingEndsAt: z.iso.datetime().nullable(),
  canUnstake: z.boolean(),
  txHash: z.string().nullable(),
});
export type StakingPosition = z.infer<typeof StakingPosition>;

export const Claimable = z.object({ principal: Decimal, rewards: Decimal, total: Decimal });

export const StakingWallet = z.object({
  walletId: z.uuid(),
  walletName: z.string(),
  blockchain: Blockchain,
  address: z.string(),
  balance: Decimal,
  withdrawable: Decimal,
  staked: Decimal,
  claimable: Claimable,
  rewards: Decimal,
});
export type StakingWallet = z.infer<typeof StakingWallet>;

export const StakingOverviewItem = z.object({
  stakingProtocol: StakingProtocol,
  blockchain: Blockchain,
  symbol: z.string(),
  totalStaked: Decimal,
  claimable: Claimable,
  /** Earned over all time (claimed and not). */
  rewardsEarned: Decimal,
  positions: z.number().int(),
  wallets: z.number().int(),
  /** Rewards earned to the end of each of the last days (Asia/Seoul calendar), oldest first: the chart. */
  rewardsHistory: z.array(z.object({ date: z.string(), rewards: Decimal })),
});
export type StakingOverviewItem = z.infer<typeof StakingOverviewItem>;

export const stakingOverviewCall = stakingCall({
  id: 'stakingOverview',
  method: 'GET',
  path: '/api/v1/organizations/staking',
  summary: "The organization's staking per protocol and network: staked, claimable, rewards over time",
  access: 'member',
  query: StakingQuery,
  response: z.object({ items: z.array(StakingOverviewItem) }),
});

export const stakingProtocolsCall = stakingCall({
  id: 'stakingProtocols',
  method: 'GET',
  path: '/api/v1/organizations/staking/protocols',
  summary: 'Staking protocols with their minimums, fees, periods, bonding and unbonding',
  access: 'member',
  query: StakingQuery,
  response: z.object({ items: z.array(StakingProtocolInfo) }),
});

export const stakingValidatorsCall = stakingCall({
  id: 'stakingValidators',
  method: 'GET',
  path: '/api/v1/organizations/staking/validators',
  summary: 'Validators one can stake with: commission, total staked, estimated yearly return, uptime',
  access: 'member',
  query: StakingQuery,
  response: z.object({ items: z.array(StakingValidator) }),
});

export const stakingWalletsCall = stakingCall({
  id: 'stakingWallets',
  method: 'GET',
  path: '/api/v1/organizations/staking/wallets',
  summary: 'The wallets the caller sees on staking networks, with staked, claimable and withdrawable amounts',
  access: 'member',
  query: StakingQuery,
  response: z.object({ items: z.array(StakingWallet) }),
});

const Amount = z.string().max(100);
export const StakeCreateBody = z.strictObject({
  walletId: z.uuid(),
  validatorId: z.string().max(100),
  period: StakingPeriod,
  /**
   * Optional: on Story a delegation is locked or unlocked by its validator (the consensus layer reads the validator's
   * support_token_type), so this defaults to the validator's kind; given, it must match it.
   */
  tokenType: StakingTokenType.optional(),
  /** IP as a decimal string ('1024'). */
  amount: Amount,
});
export type StakeCreateBody = z.infer<typeof StakeCreateBody>;

export const UnstakeCreateBody = z.strictObject({ walletId: z.uuid(), positionId: z.uuid(), amount: Amount });
export type UnstakeCreateBody = z.infer<typeof UnstakeCreateBody>;

export const ClaimCreateBody = z.strictObject({ walletId: z.uuid(), validatorId: z.string().max(100) });
export type ClaimCreateBody = z.infer<typeof ClaimCreateBody>;

export const stakeRequestCreateCall = stakingCall({
  id: 'stakeRequestCreate',
  method: 'POST',
  path: `${STORY}/stake-request`,
  summary: "Request a stake with a validator; it is sent once the wallet's approval line approves",
  access: 'member',
  errors: ['404', '4'],
  body: StakeCreateBody,
  response: RequestView,
});

export const unstakeRequestCreateCall = stakingCall({
  id: 'unstakeRequestCreate',
  method: 'POST',
  path: `${STORY}/unstake-request`,
  summary: 'Request an unstake of a position; it is decided with the stake-request calls, then unbonds',
  access: 'member',
  errors: ['404', '4', '4012'],
  body: UnstakeCreateBody,
  response: RequestView,
});

export const claimRequestCreateCall = stakingCall({
  id: 'claimRequestCreate',
  method: 'POST',
  path: `${STORY}/claim-request`,
  summary: "Request a claim of a validator's unbonded principal and rewards into the wallet",
  access: 'member',
  errors: ['404', '4012'],
  body: ClaimCreateBody,
  response: RequestView,
});

const withRequest = { requestId: z.uuid() };
export const {
  approve: stakeApproveCall,
  reject: stakeRejectCall,
  cancel: stakeCancelCall,
} = defineDecisionCalls({
  idPrefix: 'stakeRequest',
  base: `${STORY}/stake-request`,
  tag: 'staking',
  subject: 'a stake or unstake request',
  access: 'member',
  params: z.object({}),
  decisionBody: DecisionBody.extend(withRequest),
  cancelBody: CancelBody.extend(withRequest),
  response: RequestView,
  errors: REQUEST_DECISION_ERRORS,
});

export const {
  approve: claimApproveCall,
  reject: claimRejectCall,
  cancel: claimCancelCall,
} = defineDecisionCalls({
  idPrefix: 'claimRequest',
  base: `${STORY}/claim-request`,
  tag: 'staking',
  subject: 'a claim request',
  access: 'member',
  params: z.object({}),
  decisionBody: DecisionBody.extend(withRequest),
  cancelBody: CancelBody.extend(withRequest),
  response: RequestView,
  errors: REQUEST_DECISION_ERRORS,
});

export const StakingValidatorDetail = StakingValidator.extend({
  periods: z.array(StakingPeriodInfo),
  minimumStakableAmount: Decimal,
  /** This organization's positions with it that the caller may see. */
  positions: z.array(StakingPosition),
});

export const stakingValidatorCall = stakingCall({
  id: 'stakingValidator',
  method: 'GET',
  path: `${STORY}/validators/{validatorId}`,
  summary: "A validator's terms and the organization's positions with it",
  access: 'member',
  errors: ['404'],
  params: z.object({ validatorId: z.string().max(100) }),
  query: z.strictObject({ blockchain: Blockchain.optional() }),
  response: StakingValidatorDetail,
});

export const stakingWalletCall = stakingCall({
  id: 'stakingWallet',
  method: 'GET',
  path: `${STORY}/wallets/{walletId}`,
  summary: "A wallet's staking: balances, positions, claimable amounts and open staking requests",
  access: 'member',
  errors: ['404'],
  params: z.object({ walletId: z.uuid() }),
  query: z.strictObject({ stakingProtocol: StakingProtocol.optional(), validatorId: z.string().max(100).optional() }),
  response: StakingWallet.extend({
    positions: z.array(StakingPosition),
    /** Per validator: what a claim request for it would move now. */
    claimableByValidator: z.array(Claimable.extend({ validatorId: z.string(), validatorName: z.string() })),
    /** The most a stake may carry now (withdrawable less the fee reserve). */
    maxStakeAmount: Decimal,
  }),
});
