import type { StakingOverviewItem, StakingPosition, StakingProtocolInfo, StakingValidator } from '@vaultline/contracts';
import type { Handlers } from '../../test/custody-fixtures';
import { jsonResponse } from '../../test/render';
import type { StakingValidatorDetail, StakingWalletDetail } from './api';

/** Test-only: answers of the staking calls for the staking screen's tests (Story testnet, one wallet). */

export const STAKING = '/api/v1/organizations/staking';
export const STORY = `${STAKING}/story`;
export const STAKE_WALLET_ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
export const VALIDATOR_A = `0x02${'a1'.repeat(32)}`;
export const VALIDATOR_B = `0x03${'b2'.repeat(32)}`;
export const POSITION_ID = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
export const LOCKED_POSITION_ID = '3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f';

const DAY = 86_400;

export function sampleProtocol(overrides: Partial<StakingProtocolInfo> = {}): StakingProtocolInfo {
  return {
    stakingProtocol: 'STORY_LOCKED_STAKING',
    blockchain: 'STORY_TESTNET',
    symbol: 'IP',
    decimals: 18,
    contractAddress: '0xCCcCcC0000000000000000000000000000000001',
    minimumStakableAmount: '1024',
    minimumUnstakableAmount: '1024',
    unstakeFee: '1',
    bondingSeconds: DAY,
    unbondingSeconds: 14 * DAY,
    rewardPayoutThreshold: '8',
    lockedTokenWeight: '0.50',
    periods: [
      { period: 'FLEXIBLE', lockSeconds: 0, rewardMultiplier: '1.00' },
      { period: 'SHORT', lockSeconds: 90 * DAY, rewardMultiplier: '1.10' },
      { period: 'MEDIUM', lockSeconds: 360 * DAY, rewardMultiplier: '1.50' },
      { period: 'LONG', lockSeconds: 540 * DAY, rewardMultiplier: '2.00' },
    ],
    ...overrides,
  };
}

export function sampleValidator(overrides: Partial<StakingValidator> = {}): StakingValidator {
  return {
    validatorId: VALIDATOR_A,
    blockchain: 'STORY_TESTNET',
    stakingProtocol: 'STORY_LOCKED_STAKING',
    name: 'Aurora Node',
    operatorAddress: '0x4124a521bBE993F13966651bDaeaeb0264923B0b',
    commission: '5.00',
    totalStaked: '2500000.5',
    organizationStaked: '3000',
    estimatedYearlyReturn: '8.00',
    uptime: '99.90',
    tokenType: 'UNLOCKED',
    active: true,
    ...overrides,
  };
}

export const lockedValidator = () =>
  sampleValidator({
    validatorId: VALIDATOR_B,
    name: 'Borealis Locked',
    commission: '10.00',
    estimatedYearlyReturn: '6.00',
    tokenType: 'LOCKED',
    organizationStaked: '0',
  });

export function samplePosition(overrides: Partial<StakingPosition> = {}): StakingPosition {
  return {
    positionId: POSITION_ID,
    walletId: STAKE_WALLET_ID,
    validatorId: VALIDATOR_A,
    validatorName: 'Aurora Node',
    delegationId: '7',
    period: 'SHORT',
    tokenType: 'UNLOCKED',
    state: 'ACTIVE',
    amount: '2048',
    rewards: '12.5',
    estimatedYearlyReturn: '8.36',
    stakedAt: '2026-01-01T00:00:00.000Z',
    activeAt: '2026-01-02T00:00:00.000Z',
    lockedUntil: '2026-04-02T00:00:00.000Z',
    unbondingEndsAt: null,
    canUnstake: true,
    txHash: `0x${'cd'.repeat(32)}`,
    ...overrides,
  };
}

export function sampleOverview(overrides: Partial<StakingOverviewItem> = {}): StakingOverviewItem {
  return {
    stakingProtocol: 'STORY_LOCKED_STAKING',
    blockchain: 'STORY_TESTNET',
    symbol: 'IP',
    totalStaked: '3072',
    claimable: { principal: '1024', rewards: '20.25', total: '1044.25' },
    rewardsEarned: '32.75',
    positions: 2,
    wallets: 1,
    rewardsHistory: [
      { date: '2026-02-26', rewards: '10' },
      { date: '2026-02-27', rewards: '20.5' },
      { date: '2026-02-28', rewards: '32.75' },
    ],
    ...overrides,
  };
}

const walletSummary = {
  walletId: STAKE_WALLET_ID,
  walletName: 'Story Treasury',
  blockchain: 'STORY_TESTNET' as const,
  address: '0x52908400098527886E0F7030069857D2E4169EE7',
  balance: '10000',
  withdrawable: '5000',
  staked: '3072',
  claimable: { principal: '1024', rewards: '20.25', total: '1044.25' },
  rewards: '32.75',
};

export function sampleWallet(overrides: Partial<StakingWalletDetail> = {}): StakingWalletDetail {
  return {
    ...walletSummary,
    positions: [
      samplePosition(),
      samplePosition({
        positionId: LOCKED_POSITION_ID,
        period: 'LONG',
        state: 'BONDING',
        amount: '1024',
        rewards: '0',
        canUnstake: false,
        lockedUntil: '2027-07-01T00:00:00.000Z',
        delegationId: null,
      }),
    ],
    claimableByValidator: [
      { validatorId: VALIDATOR_A, validatorName: 'Aurora Node', principal: '1024', rewards: '20.25', total: '1044.25' },
    ],
    maxStakeAmount: '4999.5',
    ...overrides,
  };
}

export function sampleValidatorDetail(overrides: Partial<StakingValidatorDetail> = {}): StakingValidatorDetail {
  return {
    ...sampleValidator(),
    periods: sampleProtocol().periods,
    minimumStakableAmount: '1024',
    positions: [samplePosition()],
    ...overrides,
  };
}

/** The staking screen's reads: overview, protocols, validators (one unlocked, one locked), wallets and one wallet. */
export function stakingHandlers(overrides: Handlers = {}): Handlers {
  return {
    [`GET ${STAKING}`]: () => jsonResponse({ items: [sampleOverview()] }),
    [`GET ${STAKING}/protocols`]: () => jsonResponse({ items: [sampleProtocol()] }),
    [`GET ${STAKING}/validators`]: () => jsonResponse({ items: [sampleValidator(), lockedValidator()] }),
    [`GET ${STAKING}/wallets`]: () => jsonResponse({ items: [walletSummary] }),
    [`GET ${STORY}/wallets/${STAKE_WALLET_ID}`]: () => jsonResponse(sampleWallet()),
    [`GET ${STORY}/validators/${VALIDATOR_A}`]: () => jsonResponse(sampleValidatorDetail()),
    ...overrides,
  };
}
