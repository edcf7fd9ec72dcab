import { randomBytes, randomUUID } from 'node:crypto';
import { STAKING_PERIODS } from '@vaultline/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { REQUEST_STATUSES } from '../db/schema/custody.js';
import { chainTransactions, requestDecisions, requests } from '../db/schema/index.js';
import { requestTypeOf } from '../modules/approvals/request-types.js';

/**
 * Random requests of one organization in every state, for tests that compare what PostgreSQL answers of them with
 * a reference (request-list-item.test.ts, request-scope.test.ts): lines of one to three steps naming members,
 * outsiders and strangers, decisions by members on some step, cancel stages, failures, and chain attempts in every
 * state. The choices come from `random`, so a seed replays them.
 */
export interface RequestScene {
  db: Db;
  orgId: string;
  /** The organization's members: initiators, deciders and most of the lines' names. */
  members: readonly string[];
  /** An account of another organization, named in some lines. */
  outsider: string;
  walletIds: readonly string[];
}

// CREATED and EXECUTING twice: the states with the most to show (who is awaited, whether a cancel can still take).
const STATUSES = [...REQUEST_STATUSES, 'CREATED', 'EXECUTING'] as const;
const STEP_STATUSES = ['PENDING', 'PENDING', 'APPROVED', 'REJECTED', 'SKIPPED', 'CANCELED'] as const;
// FAILED thrice: which of several failed attempts the view shows (one in a block before a newer one) is a rule too.
const TX_STATUSES = [
  'BUILT',
  'SIGNED',
  'BROADCAST',
  'CONFIRMED',
  'FAILED',
  'FAILED',
  'FAILED',
  'DROPPED',
  'REPLACED',
] as const;
const TX_CHAINS = ['ETHEREUM', 'POLYGON', 'BITCOIN', 'SOLANA_DEVNET', 'STORY'] as const;
const KINDS = ['WALLET_CREATION', 'WITHDRAWAL', 'STAKING_STAKE', 'STAKING_UNSTAKE', 'STAKING_CLAIM'] as const;
// Withdrawals four times: the one type with a cancel during execution, where its chain transaction decides.
const ITEM_TYPES = [...KINDS, 'WITHDRAWAL', 'WITHDRAWAL', 'WITHDRAWAL'] as const;

export function requestSeeder(scene: RequestScene, random: () => number) {
  const { db, members, outsider, walletIds } = scene;
  const below = (n: number) => Math.floor(random() * n);
  const pickOne = <T>(items: readonly T[]): T => items[below(items.length)]!;
  const maybe = <T>(value: T): T | null => (below(2) === 0 ? value : null);

  /** An instant with microseconds, as PostgreSQL's now() writes them. */
  const instant = () => sql`timestamptz '2026-06-01T00:00:00Z' + ${below(10_000_000_000)} * interval '1 microsecond'`;

  function contentOf(kind: (typeof KINDS)[number], walletId: string): Record<string, unknown> {
    const position = { walletId, blockchain: 'STORY', stakingProtocol: 'STORY_LOCKED_STAKING', validatorId: '0x02ab' };
    const content: Record<string, Record<string, unknown>> = {
      WALLET_CREATION: { name: `w${below(1000)}`, blockchain: 'ETHEREUM', family: 'evm' },
      WITHDRAWAL: {
        walletId,
        blockchain: 'ETHEREUM',
        tokenId: 'ETHEREUM.ETH',
        amount: String(below(1e9)),
        toAddress: '0x00000000000000000000000000000000000000aa',
        addressBookId: randomUUID(),
        ...(below(2) ? { memo: 'rent "June" \\ 50%' } : {}),
      },
      // A stake stored before its period and token kind had defaults reads with them.
      STAKING_STAKE: { ...position, amount: '5', ...(below(2) ? { period: pickOne(STAKING_PERIODS) } : {}) },
      STAKING_UNSTAKE: { ...position, amount: '5', positionId: randomUUID(), delegationId: '7' },
      STAKING_CLAIM: { ...position, ...(below(2) ? { rewards: '3' } : {}) },
    };
    // Rows from before `kind` was stored still read.
    return below(4) === 0 ? content[kind]! : { kind, ...content[kind] };
  }

  async function randomRequest() {
    const itemType = pickOne(ITEM_TYPES);
    const entry = requestTypeOf(itemType);
    const walletId = pickOne(walletIds);
    const status = pickOne(STATUSES);
    const people = [...members, outsider, randomUUID()];
    const steps = Array.from({ length: 1 + below(3) }, () => {
      const eligible = [...new Set(Array.from({ length: 1 + below(4) }, () => pickOne(people)))];
      return { requiredApprovals: 1 + below(eligible.length), eligible, status: pickOne(STEP_STATUSES) };
    });
    const [row] = await db
      .insert(requests)
      .values({
        organizationId: scene.orgId,
        walletId: itemType === 'WALLET_CREATION' ? maybe(walletId) : walletId,
        type: entry.type,
        itemType,
        payload: contentOf(itemType, walletId) as { kind: string },
        status,
        progress: pickOne(['REQUEST', 'SIGNING', 'PROCESSING', 'COMPLETE'] as const),
        initiatorId: pickOne(members),
        steps,
        failureReason: status === 'FAILED' ? pickOne(['5101', '5102', '4001', '9001']) : maybe('4001'),
        cancelStage: status === 'CANCELED' ? pickOne(['BEFORE_EXECUTING', 'AFTER_EXECUTING'] as const) : null,
        result: pickOne([
          null,
          { cancel: { hash: '0xab' } },
          { cancel: false },
          { cancel: '' },
          { cancel: 0 },
          { sent: true },
        ]),
        createdAt: instant() as unknown as Date,
        updatedAt: instant() as unknown as Date,
      })
      .returning({ id: requests.id });
    const id = row!.id;
    // Decisions by members of the organization on some step (one per member per request, as the product allows).
    const deciders = new Set<string>();
    for (const [step, s] of steps.entries()) {
      for (const accountId of s.eligible) {
        if (!members.includes(accountId) || deciders.has(accountId) || below(2) === 0) continue;
        deciders.add(accountId);
        await db.insert(requestDecisions).values({
          requestId: id,
          accountId,
          step: below(5) === 0 ? step + 1 : step,
          decision: pickOne(['APPROVED', 'REJECTED'] as const),
          memo: maybe(`ok "${step}"`),
          decidedAt: instant() as unknown as Date,
        });
      }
    }
    // Attempts of its type's purpose, and now and then one of another purpose the view must not read.
    const purpose = entry.chainPurpose ?? 'WITHDRAWAL';
    for (let attempt = 1; attempt <= below(5); attempt++) {
      const txStatus = pickOne(TX_STATUSES);
      await db.insert(chainTransactions).values({
        organizationId: scene.orgId,
        requestId: id,
        purpose: below(6) === 0 ? 'GAS_FEE' : purpose,
        blockchain: pickOne(TX_CHAINS),
        fromAddress: 'from',
        toAddress: 'to',
        tokenId: 'ETHEREUM.ETH',
        amount: '1',
        attempt,
        status: txStatus,
        payload: Buffer.from('p'),
        raw: Buffer.from('r'),
        hash: maybe(`0x${randomBytes(4).toString('hex')}${attempt}`),
        sentAt: maybe(instant()) as unknown as Date,
        fee: String(below(1e6)),
        feePaid: maybe(String(below(1e6))),
        blockHeight: maybe(String(below(1e6))),
      });
    }
  }

  return { randomRequest, instant };
}
