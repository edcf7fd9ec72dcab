import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { requests, wallets } from './custody.js';
import { organizations } from './organizations.js';

/** Base units up to 2^256, read and written as a decimal string (as in assets.ts). */
const units = (name: string) => numeric(name, { precision: 78, scale: 0, mode: 'string' });

/**
 * The validators of a staking network as the staking ledger knows them: on the devnet and in tests the ledger plays
 * the consensus layer and these rows are its validator set; with a chain's API they are refreshed from it. Rates are
 * basis points; the reward rate is what one unlocked FLEXIBLE token earns in a year before commission.
 */
export const stakingValidators = pgTable(
  'staking_validators',
  {
    blockchain: text('blockchain').notNull(),
    /** The 33-byte compressed secp256k1 key, 0x hex, lower case: what IPTokenStaking takes. */
    validatorId: text('validator_id').notNull(),
    name: text('name').notNull(),
    operatorAddress: text('operator_address').notNull(),
    commissionBps: integer('commission_bps').notNull(),
    rewardRateBps: integer('reward_rate_bps').notNull(),
    uptimeBps: integer('uptime_bps').notNull(),
    tokenType: text('token_type', { enum: ['LOCKED', 'UNLOCKED'] }).notNull(),
    active: text('active', { enum: ['ACTIVE', 'INACTIVE'] })
      .notNull()
      .default('ACTIVE'),
    /** The rest of the network's stake with it (delegators other than our organizations). */
    externalStaked: units('external_staked').notNull().default('0'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockchain, t.validatorId] }),
    check('staking_validators_rates', sql`${t.commissionBps} between 0 and 10000 and ${t.rewardRateBps} >= 0`),
  ],
);

/**
 * One delegation of a wallet, created when its stake's transaction is final: the amount still delegated (an unstake
 * moves its part to staking_unbondings) and the rewards earned up to `settledAt`, re-settled whenever the amount
 * changes, so rewards at any time are settled + accrual since (staking-rewards.ts). Rate, commission, period and token
 * kind are frozen at stake time: a validator changing its terms later does not rewrite what was earned.
 */
export const stakingPositions = pgTable(
  'staking_positions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id, { onDelete: 'restrict' }),
    blockchain: text('blockchain').notNull(),
    validatorId: text('validator_id').notNull(),
    /** The stake request that made it: one position per request, however often settlement runs. */
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id),
    /** The contract's delegation id, from its Deposit event. */
    delegationId: text('delegation_id'),
    period: text('period', { enum: ['FLEXIBLE', 'SHORT', 'MEDIUM', 'LONG'] }).notNull(),
    tokenType: text('token_type', { enum: ['LOCKED', 'UNLOCKED'] }).notNull(),
    amount: units('amount').notNull(),
    commissionBps: integer('commission_bps').notNull(),
    rewardRateBps: integer('reward_rate_bps').notNull(),
    rewardsSettled: units('rewards_settled').notNull().default('0'),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull(),
    rewardsClaimed: units('rewards_claimed').notNull().default('0'),
    txHash: text('tx_hash'),
    stakedAt: timestamp('staked_at', { withTimezone: true }).notNull(),
    activeAt: timestamp('active_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staking_positions_request_key').on(t.requestId),
    index('staking_positions_wallet_idx').on(t.walletId, t.validatorId),
    index('staking_positions_org_idx').on(t.organizationId, t.blockchain),
    check(
      'staking_positions_non_negative',
      sql`${t.amount} >= 0 and ${t.rewardsSettled} >= 0 and ${t.rewardsClaimed} >= 0`,
    ),
  ],
);

/** The part of a position an unstake took out: unbonding until `endsAt`, then claimable, then claimed once. */
export const stakingUnbondings = pgTable(
  'staking_unbondings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').notNull(),
    positionId: uuid('position_id')
      .notNull()
      .references(() => stakingPositions.id, { onDelete: 'restrict' }),
    walletId: uuid('wallet_id').notNull(),
    validatorId: text('validator_id').notNull(),
    /** The unstake request: one unbonding per request. */
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id),
    amount: units('amount').notNull(),
    txHash: text('tx_hash'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** The claim request that paid it out. */
    claimRequestId: uuid('claim_request_id').references(() => requests.id),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('staking_unbondings_request_key').on(t.requestId),
    index('staking_unbondings_wallet_idx').on(t.walletId, t.validatorId),
    check('staking_unbondings_positive', sql`${t.amount} > 0`),
  ],
);
