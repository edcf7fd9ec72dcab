import {
  type Blockchain,
  nativeToken,
  STAKING_BLOCKCHAINS,
  STAKING_PERIODS,
  STORY_STAKING,
  type StakingProtocol,
} from '@vaultline/contracts';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { canSeeStakingPosition } from '../access/staking.policy.js';
import { walletScope } from '../access/wallet.policy.js';
import type { AuthContext } from '../auth/session.service.js';
import { orgOf } from '../organization/organization.service.js';
import { walletsRepository } from '../wallets/wallets.repository.js';
import { stakingRepository, stakingValidatorsRepository, type ValidatorRow } from './staking.repository.js';
import {
  claimableOf,
  claimableView,
  earned,
  ip,
  positionView,
  rewardsHistory,
  unbondingView,
  unclaimedRewards,
} from './staking-ledger.js';
import { netYearlyReturnBps, percentOf } from './staking-rewards.js';
import { stakeFeeReserve } from './staking-rules.js';

type Query = { stakingProtocol?: StakingProtocol | undefined; blockchain?: Blockchain | undefined };

const HISTORY_DAYS = 30;

/** The staking networks a query names (every one when it names none; none for another protocol's network). */
const networksOf = (q: Query): Blockchain[] => STAKING_BLOCKCHAINS.filter((b) => !q.blockchain || q.blockchain === b);

const ratioOf = (bps: number) =>
  `${Math.floor(bps / 10_000)}.${String(Math.floor((bps % 10_000) / 100)).padStart(2, '0')}`;

/** What the staking screens read: protocols, validators, the organization's positions, claimable amounts. */
export function stakingService(deps: {
  db: Db;
  config: Pick<Config, 'stakingBondingSeconds' | 'stakingUnbondingSeconds'>;
  clock: () => Date;
}) {
  const { db, config, clock } = deps;

  function protocolOf(blockchain: Blockchain) {
    const native = nativeToken(blockchain);
    return {
      stakingProtocol: 'STORY_LOCKED_STAKING' as const,
      blockchain,
      symbol: native.symbol,
      decimals: native.decimals,
      contractAddress: STORY_STAKING.contractAddress,
      minimumStakableAmount: ip(STORY_STAKING.minStake),
      minimumUnstakableAmount: ip(STORY_STAKING.minUnstake),
      unstakeFee: ip(STORY_STAKING.unstakeFee),
      bondingSeconds: config.stakingBondingSeconds,
      unbondingSeconds: config.stakingUnbondingSeconds,
      rewardPayoutThreshold: ip(STORY_STAKING.rewardPayoutThreshold),
      lockedTokenWeight: ratioOf(STORY_STAKING.lockedTokenWeightBps),
      periods: STAKING_PERIODS.map((period) => ({
        period,
        lockSeconds: STORY_STAKING.periods[period].lockSeconds,
        rewardMultiplier: ratioOf(STORY_STAKING.periods[period].multiplierBps),
      })),
    };
  }

  async function validatorViews(auth: AuthContext, blockchains: readonly Blockchain[]) {
    const validators = await stakingValidatorsRepository(db).list(blockchains);
    const delegated = await stakingValidatorsRepository(db).delegatedByValidator(blockchains);
    const own = new Map<string, bigint>();
    const walletRows = await stakingRepository(db, orgOf(auth)).wallets(walletScope(auth), blockchains, []);
    for (const p of await stakingRepository(db, orgOf(auth)).positions(walletRows.map((w) => w.id))) {
      const key = `${p.blockchain}:${p.validatorId}`;
      own.set(key, (own.get(key) ?? 0n) + BigInt(p.amount));
    }
    return validators.map((v) => validatorView(v, delegated.get(`${v.blockchain}:${v.validatorId}`) ?? 0n, own));
  }

  function validatorView(v: ValidatorRow, delegated: bigint, own: Map<string, bigint>) {
    return {
      validatorId: v.validatorId,
      blockchain: v.blockchain as Blockchain,
      stakingProtocol: 'STORY_LOCKED_STAKING' as const,
      name: v.name,
      operatorAddress: v.operatorAddress,
      commission: percentOf(v.commissionBps),
      totalStaked: ip(BigInt(v.externalStaked) + delegated),
      organizationStaked: ip(own.get(`${v.blockchain}:${v.validatorId}`) ?? 0n),
      estimatedYearlyReturn: percentOf(netYearlyReturnBps({ ...v, period: 'FLEXIBLE', tokenType: 'UNLOCKED' })),
      uptime: percentOf(v.uptimeBps),
      tokenType: v.tokenType,
      active: v.active === 'ACTIVE',
    };
  }

  /** The wallets of these networks the caller sees, with their positions and unbondings. */
  async function holdings(auth: AuthContext, blockchains: readonly Blockchain[], validatorId?: string) {
    const repo = stakingRepository(db, orgOf(auth));
    const natives = blockchains.map((b) => nativeToken(b).tokenId);
    const wallets = await repo.wallets(walletScope(auth), blockchains, natives);
    const ids = wallets.map((w) => w.id);
    const [positions, unbondings] = await Promise.all([
      repo.positions(ids, { validatorId }),
      repo.unbondings(ids, { validatorId }),
    ]);
    return { wallets, positions, unbondings };
  }

  function walletSummary(
    w: Awaited<ReturnType<typeof holdings>>['wallets'][number],
    h: Awaited<ReturnType<typeof holdings>>,
    now: Date,
  ) {
    const positions = h.positions.filter((p) => p.walletId === w.id);
    const unbondings = h.unbondings.filter((u) => u.walletId === w.id);
    const free = BigInt(w.total) - BigInt(w.locked) - BigInt(w.staked);
    return {
      walletId: w.id,
      walletName: w.name,
      blockchain: w.blockchain as Blockchain,
      address: w.address,
      balance: ip(BigInt(w.total)),
      withdrawable: ip(free > 0n ? free : 0n),
      staked: ip(BigInt(w.staked)),
      claimable: claimableView(claimableOf(positions, unbondings, now)),
      rewards: ip(positions.reduce((s, p) => s + unclaimedRewards(p, now), 0n)),
    };
  }

  return {
    protocols: async (_auth: AuthContext, q: Query) => ({ items: networksOf(q).map(protocolOf) }),

    validators: async (auth: AuthContext, q: Query) => ({ items: await validatorViews(auth, networksOf(q)) }),

    async wallets(auth: AuthContext, q: Query) {
      const h = await holdings(auth, networksOf(q));
      const now = clock();
      return { items: h.wallets.map((w) => walletSummary(w, h, now)) };
    },

    async overview(auth: AuthContext, q: Query) {
      const now = clock();
      const items = [];
      for (const blockchain of networksOf(q)) {
        const h = await holdings(auth, [blockchain]);
        const claimable = claimableOf(h.positions, h.unbondings, now);
        const staked = h.wallets.reduce((s, w) => s + BigInt(w.staked), 0n);
        items.push({
          stakingProtocol: 'STORY_LOCKED_STAKING' as const,
          blockchain,
          symbol: nativeToken(blockchain).symbol,
          totalStaked: ip(staked),
          claimable: claimableView(claimable),
          rewardsEarned: ip(h.positions.reduce((s, p) => s + earned(p, now), 0n)),
          positions: h.positions.filter((p) => BigInt(p.amount) > 0n).length,
          wallets: new Set(h.positions.map((p) => p.walletId)).size,
          rewardsHistory: rewardsHistory(h.positions, now, HISTORY_DAYS),
        });
      }
      return { items };
    },

    async validator(auth: AuthContext, validatorId: string, q: { blockchain?: Blockchain | undefined }) {
      const networks = networksOf(q);
      const id = validatorId.toLowerCase();
      const views = (await validatorViews(auth, networks)).filter((v) => v.validatorId === id);
      // The same key can be a validator on several networks (the ledger seeds each devnet network alike): without a
      // blockchain, the network where the organization has stake with it, else the first.
      const view = views.find((v) => v.organizationStaked !== '0') ?? views[0];
      if (!view) throw new AppError('404', { reason: 'validator' });
      const now = clock();
      const h = await holdings(auth, [view.blockchain], id);
      const byPosition = new Map(h.positions.map((p) => [p.id, p]));
      return {
        ...view,
        periods: protocolOf(view.blockchain).periods,
        minimumStakableAmount: ip(STORY_STAKING.minStake),
        positions: [
          ...h.positions.filter((p) => BigInt(p.amount) > 0n).map((p) => positionView(p, view.name, now)),
          ...h.unbondings
            .filter((u) => !u.claimedAt)
            .map((u) => unbondingView(u, byPosition.get(u.positionId)!, view.name, now)),
        ],
      };
    },

    async wallet(auth: AuthContext, walletId: string, q: { validatorId?: string | undefined }) {
      const wallets = walletsRepository(db, orgOf(auth));
      const wallet = await wallets.find(walletId);
      const role = wallet ? ((await wallets.memberships([wallet.id], auth.accountId)).get(wallet.id) ?? null) : null;
      if (!wallet || !canSeeStakingPosition(auth, role)) throw new AppError('404');
      const blockchain = wallet.blockchain as Blockchain;
      if (!(STAKING_BLOCKCHAINS as readonly string[]).includes(blockchain)) {
        throw new AppError('4000', { reason: 'not-staking-network' });
      }
      const now = clock();
      const h = await holdings(auth, [blockchain], q.validatorId);
      const w = h.wallets.find((x) => x.id === wallet.id)!;
      const names = new Map(
        (await stakingValidatorsRepository(db).list([blockchain])).map((v) => [v.validatorId, v.name]),
      );
      const nameOf = (id: string) => names.get(id) ?? id;
      const positions = h.positions.filter((p) => p.walletId === wallet.id);
      const unbondings = h.unbondings.filter((u) => u.walletId === wallet.id);
      const byPosition = new Map(positions.map((p) => [p.id, p]));
      const validatorIds = [
        ...new Set([...positions.map((p) => p.validatorId), ...unbondings.map((u) => u.validatorId)]),
      ];
      const summary = walletSummary(w, h, now);
      const free = BigInt(w.total) - BigInt(w.locked) - BigInt(w.staked) - stakeFeeReserve();
      return {
        ...summary,
        positions: [
          ...positions.filter((p) => BigInt(p.amount) > 0n).map((p) => positionView(p, nameOf(p.validatorId), now)),
          ...unbondings
            .filter((u) => !u.claimedAt)
            .map((u) => unbondingView(u, byPosition.get(u.positionId)!, nameOf(u.validatorId), now)),
        ],
        claimableByValidator: validatorIds
          .map((id) => ({
            validatorId: id,
            validatorName: nameOf(id),
            ...claimableView(
              claimableOf(
                positions.filter((p) => p.validatorId === id),
                unbondings.filter((u) => u.validatorId === id),
                now,
              ),
            ),
          }))
          .filter((c) => c.total !== '0'),
        maxStakeAmount: ip(free > 0n ? free - (free % STORY_STAKING.stakeRounding) : 0n),
      };
    },
  };
}

export type StakingService = ReturnType<typeof stakingService>;
