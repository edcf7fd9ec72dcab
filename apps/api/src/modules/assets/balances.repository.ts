import { and, asc, count, desc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { organizationRows } from '../../db/organization-rows.js';
import { organizationTokenBalances, walletBalances, wallets } from '../../db/schema/index.js';
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

export interface TokenTotals extends BalanceAmounts {
  tokenId: string;
  walletCount: number;
}

/**
 * The organization's per-token sums as wallet_balances' trigger keeps them (migration 0026): the slots of each
 * token added up. A token appears while any balance row of it exists, even at zero, exactly as a sum over the
 * rows would group it; walletCount is the number of wallets holding it.
 */
async function keptTotals(db: Db, organizationId: string, blockchains?: string[]): Promise<TokenTotals[]> {
  const t = organizationTokenBalances;
  const conditions: SQL[] = [eq(t.organizationId, organizationId)];
  if (blockchains?.length) conditions.push(inArray(t.blockchain, blockchains));
  return db
    .select({
      tokenId: t.tokenId,
      total: sql<string>`sum(${t.total})::text`,
      staked: sql<string>`sum(${t.staked})::text`,
      withdrawable: sql<string>`sum(${t.withdrawable})::text`,
      walletCount: sql<number>`sum(${t.holders})::int`,
    })
    .from(t)
    .where(and(...conditions))
    .groupBy(t.tokenId)
    .having(sql`sum(${t.rowCount}) > 0`);
}

/**
 * The distinct blockchains of an organization's wallets by a loose index scan: each step jumps to the next
 * blockchain on `(organization_id, blockchain)` (migration 0009), so it costs one index probe per network (26 at
 * most) instead of reading every wallet's entry (`select distinct` over 10,000 wallets: about 1 ms).
 */
async function organizationChains(db: Db, organizationId: string): Promise<string[]> {
  const result = await db.execute<{ blockchain: string }>(sql`
    with recursive chains(blockchain) as (
      (select ${wallets.blockchain} from ${wallets} where ${wallets.organizationId} = ${organizationId}
        order by ${wallets.blockchain} limit 1)
      union all
      select (select w.blockchain from ${wallets} w
               where w.organization_id = ${organizationId} and w.blockchain > chains.blockchain
               order by w.blockchain limit 1)
      from chains where chains.blockchain is not null
    )
    select blockchain from chains where blockchain is not null`);
  return (result as unknown as { rows: { blockchain: string }[] }).rows.map((r) => r.blockchain);
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
    /**
     * Per-token sums over the visible wallets; walletCount counts wallets holding the token. A caller who sees
     * every wallet reads the organization's kept sums (at most 16 rows a token, whatever the number of wallets);
     * a caller limited to some wallets gets the exact sum over those, so no other wallet's amounts reach them.
     */
    async totalsByToken(onlyFor: WalletScope, blockchains?: string[]): Promise<TokenTotals[]> {
      if (onlyFor === null) return keptTotals(db, organizationId, blockchains);
      const conditions: (SQL | undefined)[] = [
        eq(walletBalances.organizationId, organizationId),
        walletScopeCondition(db, walletBalances.walletId, onlyFor),
      ];
      if (blockchains?.length) conditions.push(inArray(walletBalances.blockchain, blockchains));
      return db
        .select({
          tokenId: walletBalances.tokenId,
          total: sql<string>`sum(${walletBalances.total})::text`,
          staked: sql<string>`sum(${walletBalances.staked})::text`,
          withdrawable: sql<string>`sum(greatest(${walletBalances.total} - ${walletBalances.staked} - ${walletBalances.locked}, 0))::text`,
          walletCount: sql<number>`(count(*) filter (where ${walletBalances.total} > 0))::int`,
        })
        .from(walletBalances)
        .where(and(...conditions))
        .groupBy(walletBalances.tokenId);
    },

    /** The blockchains the visible wallets are on (their native coins always show). */
    async walletChains(onlyFor: WalletScope, blockchains?: string[]) {
      if (onlyFor === null) {
        const chains = await organizationChains(db, organizationId);
        return blockchains?.length ? chains.filter((chain) => blockchains.includes(chain)) : chains;
      }
      const conditions: (SQL | undefined)[] = [
        eq(wallets.organizationId, organizationId),
        walletScopeCondition(db, wallets.id, onlyFor),
      ];
      if (blockchains?.length) conditions.push(inArray(wallets.blockchain, blockchains));
      const rows = await db
        .selectDistinct({ blockchain: wallets.blockchain })
        .from(wallets)
        .where(and(...conditions));
      return rows.map((r) => r.blockchain);
    },

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
