import { and, asc, count, desc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { organizationRows } from '../../db/organization-rows.js';
import { walletBalances, wallets } from '../../db/schema/index.js';
import { walletScopeCondition } from '../access/visibility.repository.js';
import type { WalletScope } from '../access/wallet.policy.js';

/** Amounts as exact decimal strings; withdrawable never below zero. */
export interface BalanceAmounts {
  total: string;
  staked: string;
  withdrawable: string;
}

export interface BalanceRow extends BalanceAmounts {
  walletId: string;
  tokenId: string;
}

export interface WalletBalanceQuery {
  page: number;
  size: number;
  sort: { field: 'name' | 'createdAt'; direction: 'ASC' | 'DESC' }[];
  blockchains?: string[] | undefined;
  walletIds?: string[] | undefined;
  /** Only wallets holding a nonzero balance (of `tokenId` when given). */
  holding?: { tokenId?: string | undefined } | undefined;
}

// Computed in SQL on numeric(78,0): JavaScript numbers would lose precision far below 2^256.
const withdrawable = sql<string>`greatest(${walletBalances.total} - ${walletBalances.staked} - ${walletBalances.locked}, 0)::text`;

/**
 * Wallet balances as the watcher wrote them, of one organization, bound at construction: wallets by their
 * organization_id, balances by theirs where a sum runs over the organization's index, and through their wallet
 * where they are read by wallet id, so another organization's wallet id reads nothing.
 */
export function balancesRepository(db: Db, organizationId: string) {
  const own = organizationRows(db, organizationId);

  return {
    async ofWallets(walletIds: string[], tokenId?: string): Promise<BalanceRow[]> {
      if (walletIds.length === 0) return [];
      const conditions: SQL[] = [
        inArray(walletBalances.walletId, walletIds),
        inArray(walletBalances.walletId, own.wallets()),
      ];
      if (tokenId) conditions.push(eq(walletBalances.tokenId, tokenId));
      return db
        .select({
          walletId: walletBalances.walletId,
          tokenId: walletBalances.tokenId,
          total: sql<string>`${walletBalances.total}::text`,
          staked: sql<string>`${walletBalances.staked}::text`,
          withdrawable,
        })
        .from(walletBalances)
        .where(and(...conditions));
    },

    /** A page of the visible wallets. */
    async wallets(onlyFor: WalletScope, q: WalletBalanceQuery) {
      const conditions: (SQL | undefined)[] = [
        eq(wallets.organizationId, organizationId),
        walletScopeCondition(db, wallets.id, onlyFor),
      ];
      if (q.blockchains?.length) conditions.push(inArray(wallets.blockchain, q.blockchains));
      if (q.walletIds?.length) conditions.push(inArray(wallets.id, q.walletIds));
      if (q.holding) {
        const held: SQL[] = [gt(walletBalances.total, '0')];
        if (q.holding.tokenId) held.push(eq(walletBalances.tokenId, q.holding.tokenId));
        conditions.push(
          inArray(
            wallets.id,
            db
              .select({ id: walletBalances.walletId })
              .from(walletBalances)
              .where(and(eq(walletBalances.organizationId, organizationId), ...held)),
          ),
        );
      }
      const where = and(...conditions);
      const cols = { name: wallets.name, createdAt: wallets.createdAt };
      const order = q.sort.length
        ? q.sort.map((s) => (s.direction === 'ASC' ? asc(cols[s.field]) : desc(cols[s.field])))
        : [asc(wallets.name)];
      const rows = await db
        .select({ id: wallets.id, name: wallets.name, blockchain: wallets.blockchain, address: wallets.address })
        .from(wallets)
        .where(where)
        .orderBy(...order, asc(wallets.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size);
      const [total] = await db.select({ n: count() }).from(wallets).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    /** One wallet of the organization, if the caller may see it. */
    async visibleWallet(onlyFor: WalletScope, walletId: string) {
      const [row] = await db
        .select({ id: wallets.id, name: wallets.name, blockchain: wallets.blockchain, address: wallets.address })
        .from(wallets)
        .where(
          and(
            eq(wallets.organizationId, organizationId),
            eq(wallets.id, walletId),
            walletScopeCondition(db, wallets.id, onlyFor),
          ),
        );
      return row;
    },
  };
}
