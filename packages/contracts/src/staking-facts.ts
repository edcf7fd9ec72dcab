/*
 * Story's staking as plain lists and figures, in a module that builds no zod schema: screens that compute or show
 * stakes import them without zod's core. staking.ts adds a schema per list and re-exports all of this.
 */

type StakingPeriod = (typeof STAKING_PERIODS)[number];

/**
 * Story's staking as the product models it (IPTokenStaking predeploy, IIPTokenStaking interface). Amounts are base
 * units of IP (18 decimals); rates are basis points (10 000 = 100 %), never floats.
 */
export const STAKING_PERIODS = ['FLEXIBLE', 'SHORT', 'MEDIUM', 'LONG'] as const;

/** Which IP a delegation carries: vesting (locked) tokens earn at half weight and only with FLEXIBLE. */
export const STAKING_TOKEN_TYPES = ['LOCKED', 'UNLOCKED'] as const;

/** A position's state on the (stand-in) consensus layer. */
export const DELEGATION_STATES = ['BONDING', 'ACTIVE', 'UNBONDING', 'UNBONDED', 'CLAIMED'] as const;

const IP = 10n ** 18n;
const DAY = 86_400;

export const STORY_STAKING = {
  /** The IPTokenStaking predeploy on Story (mainnet and Aeneid). */
  contractAddress: '0xCCcCcC0000000000000000000000000000000001',
  /** Smallest stake and unstake (minStakeAmount, minUnstakeAmount). */
  minStake: 1024n * IP,
  minUnstake: 1024n * IP,
  /** The contract rounds stakes down to whole gwei (STAKE_ROUNDING); the remainder is refunded. */
  stakeRounding: 10n ** 9n,
  /** Fee in msg.value of unstake and redelegate. */
  unstakeFee: 1n * IP,
  /** Minimum commission a validator may charge. */
  minCommissionBps: 500,
  /** Unbonding after an unstake is processed. */
  unbondingSeconds: 14 * DAY,
  /** Rewards are paid out by the chain once a delegator's accrued rewards pass this. */
  rewardPayoutThreshold: 8n * IP,
  /** Weight of locked tokens in rewards (basis points). */
  lockedTokenWeightBps: 5_000,
  /** The period's lock and its reward multiplier (basis points); enum order is the contract's uint8. */
  periods: {
    FLEXIBLE: { lockSeconds: 0, multiplierBps: 10_000 },
    SHORT: { lockSeconds: 90 * DAY, multiplierBps: 11_000 },
    MEDIUM: { lockSeconds: 360 * DAY, multiplierBps: 15_000 },
    LONG: { lockSeconds: 540 * DAY, multiplierBps: 20_000 },
  } satisfies Record<StakingPeriod, { lockSeconds: number; multiplierBps: number }>,
} as const;

/** Networks with Story staking. */
export const STAKING_BLOCKCHAINS = ['STORY', 'STORY_TESTNET'] as const;
