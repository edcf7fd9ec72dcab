// The provider's signing queue reads across organizations (operators serve them all): chain transactions still
// BUILT whose sender is a cold wallet. Only the SIGNED write touches a row, and only one still BUILT.
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  accounts,
  chainTransactions,
  coldSigningReviews,
  organizations,
  requestDecisions,
  requests,
  wallets,
} from '../../db/schema/index.js';

/** The queue holds at most this many rows at a time on screen; the count says how many wait in all. */
export const QUEUE_PAGE = 100;

const coldSender = and(
  eq(wallets.custody, 'COLD'),
  eq(wallets.organizationId, chainTransactions.organizationId),
  eq(wallets.blockchain, chainTransactions.blockchain),
  eq(wallets.address, chainTransactions.fromAddress),
);

const columns = {
  transaction: chainTransactions,
  wallet: {
    id: wallets.id,
    name: wallets.name,
    publicKey: wallets.publicKey,
    derivationPath: wallets.derivationPath,
    coldMasterFingerprint: wallets.coldMasterFingerprint,
    coldSignersRequired: wallets.coldSignersRequired,
  },
  organizationName: organizations.name,
  requestResult: requests.result,
};

export type WaitingColdRow = Awaited<ReturnType<ReturnType<typeof coldSigningRepository>['waiting']>>[number];

export function coldSigningRepository(db: Db) {
  const base = () =>
    db
      .select(columns)
      .from(chainTransactions)
      .innerJoin(wallets, coldSender)
      .innerJoin(organizations, eq(organizations.id, chainTransactions.organizationId))
      .leftJoin(requests, eq(requests.id, chainTransactions.requestId));

  return {
    /** The oldest waiting transactions first: they were approved first. */
    waiting: () =>
      base()
        .where(eq(chainTransactions.status, 'BUILT'))
        .orderBy(asc(chainTransactions.createdAt), asc(chainTransactions.id))
        .limit(QUEUE_PAGE),

    async waitingCount() {
      const [row] = await db
        .select({ n: count() })
        .from(chainTransactions)
        .innerJoin(wallets, coldSender)
        .where(eq(chainTransactions.status, 'BUILT'));
      return row?.n ?? 0;
    },

    /** A transaction of a cold wallet in whatever status it is; undefined for any other id. */
    async find(transactionId: string) {
      const [row] = await base().where(eq(chainTransactions.id, transactionId));
      return row;
    },

    /** Who approved each request, in order of decision, by name. */
    async approversOf(requestIds: string[]) {
      const map = new Map<string, string[]>();
      if (requestIds.length === 0) return map;
      const rows = await db
        .select({ requestId: requestDecisions.requestId, name: accounts.userName })
        .from(requestDecisions)
        .innerJoin(accounts, eq(accounts.id, requestDecisions.accountId))
        .where(and(inArray(requestDecisions.requestId, requestIds), eq(requestDecisions.decision, 'APPROVED')))
        .orderBy(asc(requestDecisions.decidedAt));
      for (const r of rows) map.set(r.requestId, [...(map.get(r.requestId) ?? []), r.name]);
      return map;
    },

    /** The signing operators who confirmed each transaction, in order. */
    async reviewsOf(transactionIds: string[]) {
      const map = new Map<string, { operatorId: string; name: string }[]>();
      if (transactionIds.length === 0) return map;
      const rows = await db
        .select({ id: coldSigningReviews.chainTransactionId, operatorId: accounts.id, name: accounts.userName })
        .from(coldSigningReviews)
        .innerJoin(accounts, eq(accounts.id, coldSigningReviews.operatorId))
        .where(inArray(coldSigningReviews.chainTransactionId, transactionIds))
        .orderBy(asc(coldSigningReviews.reviewedAt));
      for (const r of rows) map.set(r.id, [...(map.get(r.id) ?? []), { operatorId: r.operatorId, name: r.name }]);
      return map;
    },

    /** One operator's confirmation; a second one by the same operator changes nothing. */
    async addReview(transactionId: string, operatorId: string, at: Date) {
      await db
        .insert(coldSigningReviews)
        .values({ chainTransactionId: transactionId, operatorId, reviewedAt: at })
        .onConflictDoNothing();
    },

    /** BUILT → SIGNED with the verified bytes, as the engine's own signer writes it; undefined when no longer BUILT. */
    async markSigned(transactionId: string, raw: Uint8Array, hash: string) {
      const [row] = await db
        .update(chainTransactions)
        .set({ status: 'SIGNED', raw, hash, updatedAt: sql`now()` })
        .where(and(eq(chainTransactions.id, transactionId), eq(chainTransactions.status, 'BUILT')))
        .returning({ id: chainTransactions.id, organizationId: chainTransactions.organizationId });
      return row;
    },
  };
}
