// Wallet creations waiting for a cold account key read across organizations (the signing queue serves them all):
// WALLET_CREATION requests still EXECUTING at SIGNING because their organization's policy keeps new wallets cold.
import { and, asc, count, eq, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accounts, organizations, requests, wallets } from '../../db/schema/index.js';
import { QUEUE_PAGE } from './cold-signing.repository.js';
import { COLD_ACCOUNT_KEY } from './cold-wallet-key-wait.js';

const waitingForKey = and(
  eq(requests.type, 'WALLET_CREATION'),
  eq(requests.status, 'EXECUTING'),
  eq(requests.progress, 'SIGNING'),
  sql`${requests.result}->>'awaiting' = ${COLD_ACCOUNT_KEY}`,
);

export type WaitingKeyRow = Awaited<ReturnType<ReturnType<typeof coldWalletKeysRepository>['waiting']>>[number];

export function coldWalletKeysRepository(db: Db) {
  const base = () =>
    db
      .select({
        request: {
          id: requests.id,
          organizationId: requests.organizationId,
          payload: requests.payload,
          result: requests.result,
          updatedAt: requests.updatedAt,
        },
        organizationName: organizations.name,
        requestedBy: accounts.userName,
      })
      .from(requests)
      .innerJoin(organizations, eq(organizations.id, requests.organizationId))
      .innerJoin(accounts, eq(accounts.id, requests.initiatorId));

  return {
    /** The longest waiting first. */
    waiting: () => base().where(waitingForKey).orderBy(asc(requests.updatedAt), asc(requests.id)).limit(QUEUE_PAGE),

    async waitingCount() {
      const [row] = await db.select({ n: count() }).from(requests).where(waitingForKey);
      return row?.n ?? 0;
    },

    /** A wallet creation request waiting for its key; undefined for any other id or state. */
    async findWaiting(requestId: string) {
      const [row] = await base().where(and(eq(requests.id, requestId), waitingForKey));
      return row;
    },

    /** Whether `requestId` is a wallet creation request at all (to tell "gone" from "no longer waiting"). */
    async isWalletCreation(requestId: string) {
      const [row] = await db
        .select({ id: requests.id })
        .from(requests)
        .where(and(eq(requests.id, requestId), eq(requests.type, 'WALLET_CREATION')));
      return row !== undefined;
    },

    /**
     * The next account index of the provider's cold signer on each network: one past the highest a cold wallet
     * there holds, whichever organization's (the signer's accounts are the provider's, not one customer's).
     */
    async nextColdAccounts() {
      const rows = await db
        .select({ blockchain: wallets.blockchain, top: max(wallets.accountIndex) })
        .from(wallets)
        .where(eq(wallets.custody, 'COLD'))
        .groupBy(wallets.blockchain);
      return new Map(rows.map((r) => [r.blockchain, (r.top ?? -1) + 1]));
    },
  };
}
