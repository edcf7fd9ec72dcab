import {
  type ClaimCreateBody,
  fromBaseUnits,
  type MessageLanguage,
  nativeToken,
  STORY_STAKING,
  type StakeCreateBody,
  type UnstakeCreateBody,
} from '@vaultline/contracts';
import { type Db, transaction } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { canSeeStakingPosition } from '../access/staking.policy.js';
import type { ApprovalsService } from '../approvals/approvals.service.js';
import type { RequestsService } from '../approvals/requests.service.js';
import type { AuthContext } from '../auth/session.service.js';
import { type OrganizationDeps, orgOf } from '../organization/organization.service.js';
import { walletsRepository } from '../wallets/wallets.repository.js';
import { invalid } from '../withdrawals/withdrawal-rules.js';
import { stakingRepository, stakingValidatorsRepository } from './staking.repository.js';
import { stakingHolds } from './staking-holds.js';
import { claimableOf, ip, positionState, unclaimedRewards } from './staking-ledger.js';
import { isStakingNetwork, parseStakingAmount, stakeFeeReserve, unstakeFeeReserve } from './staking-rules.js';

type Decision = { requestId: string; memo?: string | undefined; otpCode: string };

const STAKE_KINDS = ['STAKING_STAKE', 'STAKING_UNSTAKE'] as const;
const CLAIM_KINDS = ['STAKING_CLAIM'] as const;

/**
 * Story stake, unstake and claim requests: the rules of each (catalogue messages), the hold on the wallet's native
 * balance taken in the transaction that opens the request, then the wallet's approval line (requests.open).
 */
export function stakingRequestsService(
  deps: OrganizationDeps & { approvals: ApprovalsService; requests: RequestsService },
) {
  const { db, requests, approvals, clock } = deps;

  /** The wallet, if the caller may see it (404) and it is on a staking network (4000), with the caller's role. */
  async function stakingWallet(tx: Db, auth: AuthContext, walletId: string, lang: MessageLanguage) {
    const repo = walletsRepository(tx, orgOf(auth));
    // Shared: requests open side by side, while a change to the wallet's line or members waits (4012 after).
    const wallet = (await repo.lockWallet(walletId, 'share')) ? await repo.find(walletId) : undefined;
    const role = wallet ? ((await repo.memberships([wallet.id], auth.accountId)).get(wallet.id) ?? null) : null;
    if (!wallet || !canSeeStakingPosition(auth, role)) throw new AppError('404');
    if (!isStakingNetwork(wallet.blockchain)) throw invalid(lang, 'walletId', 'validation.staking.notStakingNetwork');
    return { wallet, blockchain: wallet.blockchain, role };
  }

  async function validatorOf(tx: Db, blockchain: string, validatorId: string, lang: MessageLanguage) {
    const validator = await stakingValidatorsRepository(tx).find(blockchain, validatorId);
    if (validator?.active !== 'ACTIVE') throw invalid(lang, 'validatorId', 'validation.staking.validatorUnknown');
    return validator;
  }

  const open = async (auth: AuthContext, make: (tx: Db) => Promise<{ id: string }>) => {
    const row = await transaction(db, make);
    return approvals.detail(auth, row.id, async () => true);
  };

  return {
    stake: (auth: AuthContext, body: StakeCreateBody, lang: MessageLanguage) =>
      open(auth, async (tx) => {
        const { wallet, blockchain, role } = await stakingWallet(tx, auth, body.walletId, lang);
        const validator = await validatorOf(tx, blockchain, body.validatorId, lang);
        const tokenType = body.tokenType ?? validator.tokenType;
        if (validator.tokenType !== tokenType)
          throw invalid(lang, 'tokenType', 'validation.staking.tokenTypeNotAccepted');
        if (tokenType === 'LOCKED' && body.period !== 'FLEXIBLE')
          throw invalid(lang, 'period', 'validation.staking.lockedTokensFlexibleOnly');
        const amount = parseStakingAmount(body.amount, blockchain, STORY_STAKING.minStake, lang);
        const content = {
          kind: 'STAKING_STAKE' as const,
          walletId: wallet.id,
          blockchain,
          stakingProtocol: 'STORY_LOCKED_STAKING' as const,
          validatorId: validator.validatorId,
          validatorName: validator.name,
          amount: amount.toString(),
          period: body.period,
          tokenType,
          feeReserve: stakeFeeReserve().toString(),
        };
        await stakingHolds(tx).take(content);
        return requests.open(tx, auth, 'STAKING_STAKE', content, { walletRole: role });
      }),

    unstake: (auth: AuthContext, body: UnstakeCreateBody, lang: MessageLanguage) =>
      open(auth, async (tx) => {
        const { wallet, blockchain, role } = await stakingWallet(tx, auth, body.walletId, lang);
        const position = await stakingRepository(tx, orgOf(auth)).findPosition(body.positionId, { lock: true });
        if (!position || position.walletId !== wallet.id || BigInt(position.amount) === 0n || !position.delegationId)
          throw invalid(lang, 'positionId', 'validation.staking.positionUnknown');
        const now = clock();
        if (positionState(position, now) === 'BONDING')
          throw invalid(lang, 'positionId', 'validation.staking.positionBonding');
        if (now < position.lockedUntil)
          throw invalid(lang, 'positionId', 'validation.staking.positionLocked', {
            date: position.lockedUntil.toISOString(),
          });
        const native = nativeToken(blockchain);
        const staked = BigInt(position.amount);
        const amount = parseStakingAmount(body.amount, blockchain, STORY_STAKING.minUnstake, lang);
        if (amount > staked)
          throw invalid(lang, 'amount', 'validation.staking.exceedsPosition', {
            amount: fromBaseUnits(staked, native.decimals),
            symbol: native.symbol,
          });
        const rest = staked - amount;
        if (rest > 0n && rest < STORY_STAKING.minStake)
          throw invalid(lang, 'amount', 'validation.staking.remainderBelowMinimum', {
            amount: fromBaseUnits(STORY_STAKING.minStake, native.decimals),
            symbol: native.symbol,
          });
        const validator = await stakingValidatorsRepository(tx).find(blockchain, position.validatorId);
        const content = {
          kind: 'STAKING_UNSTAKE' as const,
          walletId: wallet.id,
          blockchain,
          stakingProtocol: 'STORY_LOCKED_STAKING' as const,
          validatorId: position.validatorId,
          validatorName: validator?.name ?? position.validatorId,
          amount: amount.toString(),
          positionId: position.id,
          delegationId: position.delegationId,
          feeReserve: unstakeFeeReserve().toString(),
        };
        await stakingHolds(tx).take(content);
        return requests.open(tx, auth, 'STAKING_UNSTAKE', content, { walletRole: role, exclusiveConflict: '4012' });
      }),

    claim: (auth: AuthContext, body: ClaimCreateBody, lang: MessageLanguage) =>
      open(auth, async (tx) => {
        const { wallet, blockchain, role } = await stakingWallet(tx, auth, body.walletId, lang);
        const validatorId = body.validatorId.toLowerCase();
        const repo = stakingRepository(tx, orgOf(auth));
        const now = clock();
        const positions = await repo.positions([wallet.id], { validatorId });
        const claimable = claimableOf(
          positions,
          (await repo.unbondings([wallet.id], { validatorId })).filter((u) => !u.claimedAt),
          now,
        );
        if (claimable.principal + claimable.rewards === 0n) {
          // Earned but under the chain's payout threshold: say so, with the figures, rather than "nothing".
          const accrued = positions.reduce((sum, p) => sum + unclaimedRewards(p, now), 0n);
          if (accrued > 0n)
            throw invalid(lang, 'validatorId', 'validation.staking.rewardsAccruing', {
              accrued: ip(accrued),
              threshold: ip(STORY_STAKING.rewardPayoutThreshold),
              symbol: nativeToken(blockchain).symbol,
            });
          throw invalid(lang, 'validatorId', 'validation.staking.nothingToClaim');
        }
        const validator = await stakingValidatorsRepository(tx).find(blockchain, validatorId);
        const content = {
          kind: 'STAKING_CLAIM' as const,
          walletId: wallet.id,
          blockchain,
          stakingProtocol: 'STORY_LOCKED_STAKING' as const,
          validatorId,
          validatorName: validator?.name ?? validatorId,
          principal: claimable.principal.toString(),
          rewards: claimable.rewards.toString(),
        };
        return requests.open(tx, auth, 'STAKING_CLAIM', content, { walletRole: role, exclusiveConflict: '4012' });
      }),

    decideStake: (auth: AuthContext, decision: 'APPROVED' | 'REJECTED', input: Decision) =>
      requests.decide(auth, input.requestId, decision, input, {
        type: 'STAKING',
        family: 'evm',
        itemTypes: STAKE_KINDS,
      }),
    cancelStake: (auth: AuthContext, requestId: string) =>
      requests.cancel(auth, requestId, { type: 'STAKING', family: 'evm', itemTypes: STAKE_KINDS }),
    decideClaim: (auth: AuthContext, decision: 'APPROVED' | 'REJECTED', input: Decision) =>
      requests.decide(auth, input.requestId, decision, input, {
        type: 'STAKING',
        family: 'evm',
        itemTypes: CLAIM_KINDS,
      }),
    cancelClaim: (auth: AuthContext, requestId: string) =>
      requests.cancel(auth, requestId, { type: 'STAKING', family: 'evm', itemTypes: CLAIM_KINDS }),
  };
}

export type StakingRequestsService = ReturnType<typeof stakingRequestsService>;
