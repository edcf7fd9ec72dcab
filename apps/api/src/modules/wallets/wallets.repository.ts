import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { containsPattern } from '../../db/like.js';
import { listTotal } from '../../db/list-counts.js';
import { readPage } from '../../db/page-window.js';
import { accounts, organizationSeeds, walletMembers, wallets } from '../../db/schema/index.js';

export type WalletRow = typeof wallets.$inferSelect;
export type WalletMemberRow = typeof walletMembers.$inferSelect;

export interface WalletListQuery {
  page: number;
  size: number;
  sort: { field: 'name' | 'createdAt' | 'blockchain'; direction: 'ASC' | 'DESC' }[];
  filters?: { blockchain?: string[] | undefined; search?: string | undefined } | undefined;
}

/** Wallets, their members and the organization's key seed; every query within one organization. */
export function walletsRepository(db: Db) {
  return {
    async find(organizationId: string, walletId: string) {
      const [row] = await db
        .select()
        .from(wallets)
        .where(and(eq(wallets.organizationId, organizationId), eq(wallets.id, walletId)));
      return row;
    },

    async findByRequest(requestId: string) {
      const [row] = await db.select().from(wallets).where(eq(wallets.creationRequestId, requestId));
      return row;
    },

    async nameTaken(organizationId: string, name: string) {
      const [row] = await db
        .select({ id: wallets.id })
        .from(wallets)
        .where(and(eq(wallets.organizationId, organizationId), sql`lower(${wallets.name}) = lower(${name})`));
      return row !== undefined;
    },

    async addressTaken(blockchain: string, address: string) {
      const [row] = await db
        .select({ id: wallets.id })
        .from(wallets)
        .where(and(eq(wallets.blockchain, blockchain), eq(wallets.address, address)));
      return row !== undefined;
    },

    async insert(values: typeof wallets.$inferInsert) {
      const [row] = await db.insert(wallets).values(values).returning();
      return row!;
    },

    async list(organizationId: string, onlyFor: string | null, q: WalletListQuery) {
      const conditions: (SQL | undefined)[] = [eq(wallets.organizationId, organizationId)];
      if (onlyFor) {
        conditions.push(
          inArray(
            wallets.id,
            db.select({ id: walletMembers.walletId }).from(walletMembers).where(eq(walletMembers.accountId, onlyFor)),
          ),
        );
      }
      if (q.filters?.blockchain?.length) conditions.push(inArray(wallets.blockchain, q.filters.blockchain));
      if (q.filters?.search) {
        const like = containsPattern(q.filters.search);
        conditions.push(or(ilike(wallets.name, like), ilike(wallets.address, like)));
      }
      const where = and(...conditions);
      // Unfiltered (only the organization condition): the kept count, not count(*) over every wallet.
      const whole = conditions.length === 1 ? { organizationId, list: 'wallets' as const } : null;
      const total = await listTotal(db, wallets, where, whole);
      const cols = { name: wallets.name, createdAt: wallets.createdAt, blockchain: wallets.blockchain };
      const sort = q.sort.length ? q.sort : [{ field: 'createdAt' as const, direction: 'DESC' as const }];
      const rows = await readPage(db, {
        id: wallets.id,
        where,
        order: (by) => [...sort.map((s) => by(cols[s.field], s.direction)), by(wallets.id, 'ASC')],
        page: q.page,
        size: q.size,
        total,
        rows: (pageIds, order) =>
          db
            .select()
            .from(wallets)
            .where(pageIds)
            .orderBy(...order),
      });
      return { rows, total };
    },

    async memberships(walletIds: string[], accountId: string) {
      const map = new Map<string, WalletMemberRow['role']>();
      if (walletIds.length === 0) return map;
      const rows = await db
        .select()
        .from(walletMembers)
        .where(and(inArray(walletMembers.walletId, walletIds), eq(walletMembers.accountId, accountId)));
      for (const r of rows) map.set(r.walletId, r.role);
      return map;
    },

    async memberCounts(walletIds: string[]) {
      const map = new Map<string, number>();
      if (walletIds.length === 0) return map;
      const rows = await db
        .select({ id: walletMembers.walletId, n: count() })
        .from(walletMembers)
        .where(inArray(walletMembers.walletId, walletIds))
        .groupBy(walletMembers.walletId);
      for (const r of rows) map.set(r.id, r.n);
      return map;
    },

    async walletIdsOf(accountId: string) {
      const rows = await db
        .select({ id: walletMembers.walletId })
        .from(walletMembers)
        .where(eq(walletMembers.accountId, accountId));
      return rows.map((r) => r.id);
    },

    async members(walletId: string, page: number, size: number) {
      const rows = await db
        .select({ m: walletMembers, email: accounts.email, userName: accounts.userName })
        .from(walletMembers)
        .innerJoin(accounts, eq(accounts.id, walletMembers.accountId))
        .where(eq(walletMembers.walletId, walletId))
        .orderBy(asc(walletMembers.createdAt), asc(walletMembers.id))
        .limit(size)
        .offset((page - 1) * size);
      const [total] = await db.select({ n: count() }).from(walletMembers).where(eq(walletMembers.walletId, walletId));
      return { rows, total: total?.n ?? 0 };
    },

    async findMember(walletId: string, walletMemberId: string) {
      const [row] = await db
        .select({ m: walletMembers, email: accounts.email, userName: accounts.userName })
        .from(walletMembers)
        .innerJoin(accounts, eq(accounts.id, walletMembers.accountId))
        .where(and(eq(walletMembers.walletId, walletId), eq(walletMembers.id, walletMemberId)));
      return row;
    },

    async addMember(walletId: string, accountId: string, role: WalletMemberRow['role'], now: Date) {
      const [row] = await db
        .insert(walletMembers)
        .values({ walletId, accountId, role, createdAt: now })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    async setRole(walletMemberId: string, role: WalletMemberRow['role']) {
      await db.update(walletMembers).set({ role }).where(eq(walletMembers.id, walletMemberId));
    },

    async removeMember(walletMemberId: string) {
      await db.delete(walletMembers).where(eq(walletMembers.id, walletMemberId));
    },

    async managerCount(walletId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(walletMembers)
        .where(and(eq(walletMembers.walletId, walletId), eq(walletMembers.role, 'MANAGER')));
      return row?.n ?? 0;
    },

    /** The seed row, locked: account indexes are handed out one at a time. */
    async lockSeed(organizationId: string) {
      const [row] = await db
        .select()
        .from(organizationSeeds)
        .where(eq(organizationSeeds.organizationId, organizationId))
        .for('update');
      return row;
    },

    async insertSeed(organizationId: string, mnemonicEnc: string) {
      await db.insert(organizationSeeds).values({ organizationId, mnemonicEnc }).onConflictDoNothing();
    },

    async advanceSeed(organizationId: string, next: number) {
      await db
        .update(organizationSeeds)
        .set({ nextAccountIndex: next })
        .where(eq(organizationSeeds.organizationId, organizationId));
    },
  };
}

export type WalletsRepository = ReturnType<typeof walletsRepository>;
