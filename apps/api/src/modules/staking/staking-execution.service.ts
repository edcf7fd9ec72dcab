import { nativeToken, type RequestContentOf, STORY_STAKING } from '@vaultline/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { assetActivities, chainTransactions, requests, wallets } from '../../db/schema/index.js';
import type { RequestExecution } from '../approvals/request-execution.service.js';
import { currentAttempt } from '../withdrawals/transfer-cancel.service.js';
import { stakingRepository, stakingValidatorsRepository } from './staking.repository.js';
import { stakingBalances } from './staking-holds.js';
import { earned } from './staking-ledger.js';

/** The chain_transactions purpose of a stake's or unstake's contract call: one per request. */
export const STAKING_PURPOSE = 'staking';

type Stake = RequestContentOf<'STAKING_STAKE'>;
type Unstake = RequestContentOf<'STAKING_UNSTAKE'>;
type Claim = RequestContentOf<'STAKING_CLAIM'>;

/**
 * The consensus layer's payout of a claim into the wallet's balance on the chain, in the transaction that books it
 * (so it happens exactly once): on the devnet a withdrawal credited to the address, as Story's withdrawal queue
 * credits execution-layer balances without a transaction of the delegator's; its id, or null where the chain pays
 * by itself (a real node).
 */
export type StakingPayout = (
  tx: Db,
  payout: { blockchain: Claim['blockchain']; toAddress: string; amount: bigint; requestId: string },
) => Promise<string | null>;

/** The contract's delegation id of a confirmed stake, read from its Deposit event by the engine (null: none). */
export type DelegationIdOf = (tx: { blockchain: string; hash: string }) => Promise<string | null>;

/**
 * Without an event to read (the devnet records no logs) the ledger numbers a delegation as the contract does: every
 * FLEXIBLE stake is delegation 0 (one pool per delegator and validator), a locked period gets a number of its own
 * (here its request's, as an integer).
 */
export const ledgerDelegationId = (requestId: string, period: Stake['period']) =>
  period === 'FLEXIBLE' ? '0' : BigInt(`0x${requestId.replaceAll('-', '')}`).toString();

async function transferOf(db: Db, requestId: string) {
  const attempts = await db
    .select()
    .from(chainTransactions)
    .where(and(eq(chainTransactions.requestId, requestId), eq(chainTransactions.purpose, STAKING_PURPOSE)))
    .orderBy(desc(chainTransactions.attempt));
  return currentAttempt(attempts);
}

/**
 * The engine's side of staking: what an executing stake or unstake sends from where, its settlement in the staking
 * ledger once its transaction is final, and a claim's payout. Each ends the request in the transaction that moves
 * the ledger and the balance, so nothing is booked twice however often a sweep or a job runs.
 */
export function stakingExecution(db: Db, config: Pick<Config, 'stakingBondingSeconds' | 'stakingUnbondingSeconds'>) {
  return {
    async target(organizationId: string, requestId: string) {
      const [row] = await db
        .select({ payload: requests.payload, status: requests.status, fromAddress: wallets.address })
        .from(requests)
        .innerJoin(wallets, eq(wallets.id, requests.walletId))
        .where(and(eq(requests.id, requestId), eq(requests.organizationId, organizationId)));
      if (row?.status !== 'EXECUTING') return null;
      return { content: row.payload as unknown as Stake | Unstake | Claim, fromAddress: row.fromAddress };
    },

    /**
     * Ends every EXECUTING stake or unstake whose transaction is final. A confirmed stake becomes a position (bonding
     * until the consensus layer takes it, then earning) and moves its value from withdrawable to staked; a confirmed
     * unstake moves its part of the position to unbonding. Gas (and the unstake fee) leave the total; a failed
     * transaction's gas too, once included. How many it ended.
     */
    async settleFinished(execution: RequestExecution, now: () => Date, delegationIdOf: DelegationIdOf) {
      const open = await db
        .select({ id: requests.id, organizationId: requests.organizationId })
        .from(requests)
        .where(and(inArray(requests.itemType, ['STAKING_STAKE', 'STAKING_UNSTAKE']), eq(requests.status, 'EXECUTING')))
        .limit(200);
      let ended = 0;
      for (const request of open) {
        const transfer = await transferOf(db, request.id);
        if (!transfer || !['CONFIRMED', 'FAILED', 'DROPPED'].includes(transfer.status)) continue;
        const delegationId =
          transfer.status === 'CONFIRMED' && transfer.hash
            ? await delegationIdOf({ blockchain: transfer.blockchain, hash: transfer.hash })
            : null;
        const status = await execution.finish(request.organizationId, request.id, async (tx, r) => {
          const content = r.content as Stake | Unstake;
          const balances = stakingBalances(tx, content.walletId, content.blockchain);
          const feePaid = BigInt(transfer.feePaid ?? transfer.fee);
          if (transfer.status !== 'CONFIRMED') {
            if (transfer.blockHeight !== null) await balances.spend(feePaid);
            return { failure: transfer.failureCode ?? '4032' };
          }
          const at = now();
          const result = { chainTransactionId: transfer.id, hash: transfer.hash, fee: feePaid.toString() };
          const repo = stakingRepository(tx, r.organizationId);
          if (content.kind === 'STAKING_STAKE') {
            const { validator } = await validatorTerms(tx, content);
            const activeAt = new Date(at.getTime() + config.stakingBondingSeconds * 1000);
            const lock = STORY_STAKING.periods[content.period].lockSeconds * 1000;
            const position = await repo.insertPosition({
              walletId: content.walletId,
              blockchain: content.blockchain,
              validatorId: content.validatorId,
              requestId: r.id,
              delegationId: delegationId ?? ledgerDelegationId(r.id, content.period),
              period: content.period,
              tokenType: content.tokenType,
              amount: content.amount,
              commissionBps: validator.commissionBps,
              rewardRateBps: validator.rewardRateBps,
              settledAt: activeAt,
              txHash: transfer.hash,
              stakedAt: at,
              activeAt,
              lockedUntil: new Date(activeAt.getTime() + lock),
            });
            await balances.spend(feePaid);
            await balances.delegate(BigInt(content.amount));
            await activity(tx, r, content, 'STAKE', BigInt(content.amount), transfer, at);
            return { result: { ...result, positionId: position?.id ?? null } };
          }
          // An unstake: its part stops earning now and unbonds; the rest keeps earning from here.
          const position = await repo.findPosition(content.positionId, { lock: true });
          const amount = BigInt(content.amount);
          if (!position || BigInt(position.amount) < amount) return { failure: '4032', result };
          await repo.updatePosition(position.id, {
            rewardsSettled: earned(position, at).toString(),
            settledAt: at > position.activeAt ? at : position.activeAt,
            amount: (BigInt(position.amount) - amount).toString(),
          });
          const unbonding = await repo.insertUnbonding({
            positionId: position.id,
            walletId: content.walletId,
            validatorId: content.validatorId,
            requestId: r.id,
            amount: content.amount,
            txHash: transfer.hash,
            startedAt: at,
            endsAt: new Date(at.getTime() + config.stakingUnbondingSeconds * 1000),
          });
          // The fee went with the call's value; gas on top.
          await balances.spend(feePaid + BigInt(transfer.amount));
          return { result: { ...result, unbondingId: unbonding?.id ?? null } };
        });
        if (status === 'COMPLETE' || status === 'FAILED') ended++;
      }
      return ended;
    },

    /**
     * Pays out a claim: the validator's unbonded principal goes back from staked to withdrawable, its rewards are
     * added to the wallet's total, and the CLAIM activity is written, all in the transaction that completes the
     * request. What is paid is what is claimable now (more rewards may have accrued since the request was made).
     */
    async payClaim(
      execution: RequestExecution,
      organizationId: string,
      requestId: string,
      now: () => Date,
      payout: StakingPayout,
    ) {
      return execution.finish(organizationId, requestId, async (tx, r) => {
        const content = r.content as Claim;
        const at = now();
        const repo = stakingRepository(tx, organizationId);
        const { positions, unbondings } = await repo.lockClaimable(content.walletId, content.validatorId, at);
        const principal = unbondings.reduce((s, u) => s + BigInt(u.amount), 0n);
        let rewards = 0n;
        for (const p of positions) {
          const total = earned(p, at);
          rewards += total - BigInt(p.rewardsClaimed);
          await repo.updatePosition(p.id, {
            rewardsSettled: total.toString(),
            settledAt: at > p.activeAt ? at : p.activeAt,
            rewardsClaimed: total.toString(),
          });
        }
        if (principal + rewards === 0n) return { failure: '4032', result: { reason: 'nothing-to-claim' } };
        await repo.markClaimed(
          unbondings.map((u) => u.id),
          r.id,
          at,
        );
        const balances = stakingBalances(tx, content.walletId, content.blockchain);
        await balances.undelegate(principal);
        await balances.earn(rewards);
        const [wallet] = await tx
          .select({ address: wallets.address })
          .from(wallets)
          .where(eq(wallets.id, content.walletId));
        const paidIn = await payout(tx, {
          blockchain: content.blockchain,
          toAddress: wallet!.address,
          amount: principal + rewards,
          requestId: r.id,
        });
        await tx
          .insert(assetActivities)
          .values({
            organizationId,
            walletId: content.walletId,
            blockchain: content.blockchain,
            tokenId: nativeToken(content.blockchain).tokenId,
            activityType: 'CLAIM',
            transferType: 'STORY_LOCKED_TOKEN_CLAIM',
            status: 'CONFIRMED',
            amount: (principal + rewards).toString(),
            // The devnet's withdrawal credit; a chain's own payout is no transaction of ours: the request names it.
            txHash: paidIn ?? `claim:${r.id}`,
            fromAddress: STORY_STAKING.contractAddress,
            toAddress: wallet!.address,
            requiredConfirmations: 0,
            requestId: r.id,
            confirmedAt: at,
          })
          .onConflictDoNothing();
        return { result: { principal: principal.toString(), rewards: rewards.toString(), hash: paidIn } };
      });
    },
  };
}

async function validatorTerms(tx: Db, content: Stake) {
  const validator = await stakingValidatorsRepository(tx).find(content.blockchain, content.validatorId);
  // The stake was checked against an active validator at creation; a validator gone since earns nothing.
  return { validator: validator ?? { commissionBps: 10_000, rewardRateBps: 0 } };
}

async function activity(
  tx: Db,
  r: { id: string; organizationId: string },
  content: Stake,
  activityType: 'STAKE',
  amount: bigint,
  transfer: NonNullable<Awaited<ReturnType<typeof transferOf>>>,
  at: Date,
) {
  await tx
    .insert(assetActivities)
    .values({
      organizationId: r.organizationId,
      walletId: content.walletId,
      blockchain: content.blockchain,
      tokenId: nativeToken(content.blockchain).tokenId,
      activityType,
      transferType: 'STORY_LOCKED_TOKEN_STAKE',
      status: 'CONFIRMED',
      amount: amount.toString(),
      txHash: transfer.hash!,
      fromAddress: transfer.fromAddress,
      toAddress: transfer.toAddress,
      blockHeight: transfer.blockHeight === null ? null : Number(transfer.blockHeight),
      blockHash: transfer.blockHash,
      confirmations: transfer.confirmations,
      requiredConfirmations: transfer.confirmations,
      requestId: r.id,
      confirmedAt: at,
    })
    .onConflictDoNothing();
}

export type StakingExecution = ReturnType<typeof stakingExecution>;
