import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { frozen } from '../../db/frozen-sql.js';
import { type JsonPage, type JsonPageList, jsonPage } from '../../db/json-page.js';
import { containsPattern } from '../../db/like.js';
import { listTotalSql } from '../../db/list-counts.js';
import { asColumn, organizationRows } from '../../db/organization-rows.js';
import { accounts, organizationSeeds, requests, walletMembers, wallets } from '../../db/schema/index.js';
import { slot } from '../../db/shaped-statements.js';
import { walletScopeCondition } from '../access/visibility.repository.js';
import type { WalletScope } from '../access/wallet.policy.js';

export type WalletRow = typeof wallets.$inferSelect;
export type WalletMemberRow = typeof walletMembers.$inferSelect;

export interface WalletListQuery {
  page: number;
  size: number;
  sort: { field: 'name' | 'createdAt' | 'blockchain'; direction: 'ASC' | 'DESC' }[];
  filters?: { blockchain?: string[] | undefined; search?: string | undefined } | undefined;
  /** Keyset paging: the id of the previous answer's last wallet; `page` is then ignored. */
  after?: string | undefined;
}

/**
 * A wallet of a list page as the API answers it (contracts' Wallet), the caller's membership joined as `me`: the
 * row's kept JSON text (`list_item`, migration 0045) with the caller's role added and the object closed. A role is
 * MANAGER or MEMBER (check wallet_members_role), nothing to escape.
 */
const WALLET_JSON = frozen(sql`${wallets.listItem} || ',"myRole":' || coalesce('"' || me.role || '"', 'null') || '}'`);

/**
 * The caller's membership of each wallet (before and after the caller's account id): at most one row a wallet
 * (wallet_members_once_key). The member count is the wallet's own kept column (migration 0038).
 */
const MEMBERSHIP_JOIN = frozen(sql`left join ${walletMembers} me on me.wallet_id = ${wallets.id} and me.account_id = `);

/** The list's tie-breaker, last in every order. */
const ASC_ID = { key: wallets.id, direction: 'ASC' as const };

/**
 * Whether an address is taken on a blockchain by any wallet of any organization: the address is unique across
 * organizations (wallets_address_key), so this one check is not bound to one; it answers a yes or no, no row.
 */
export async function addressTaken(db: Db, blockchain: string, address: string) {
  const [row] = await db
    .select({ id: wallets.id })
    .from(wallets)
    .where(and(eq(wallets.blockchain, blockchain), eq(wallets.address, address)));
  return row !== undefined;
}

/** The placeholders of the wallet list's statements; a call's values fill them by name. */
const W = {
  org: slot('org'),
  scope: slot('scope'),
  chains: slot('chains'),
  search: slot('search'),
  account: slot('account'),
};

/**
 * The wallet list of one shape, from placeholders (json-page.ts builds it once per shape): the wallets the scope
 * lets the caller see, each with its member count and the caller's role in it.
 */
function walletList(
  db: Db,
  shape: { scoped: boolean; chains: boolean; search: boolean; sort: WalletListQuery['sort'] },
): JsonPageList {
  const visible = and(
    eq(wallets.organizationId, W.org),
    shape.scoped ? walletScopeCondition(db, wallets.id, W.scope) : undefined,
  );
  const conditions: (SQL | undefined)[] = [visible];
  if (shape.chains) conditions.push(sql`${wallets.blockchain} = any(${W.chains})`);
  if (shape.search) conditions.push(or(ilike(wallets.name, W.search), ilike(wallets.address, W.search)));
  const where = and(...conditions);
  // Unfiltered (only the organization condition): the kept count, not count(*) over every wallet.
  const whole = !shape.scoped && conditions.length === 1 ? { organizationId: W.org, list: 'wallets' as const } : null;
  const cols = { name: wallets.name, createdAt: wallets.createdAt, blockchain: wallets.blockchain };
  return {
    id: wallets.id,
    visible,
    where,
    keys: [...shape.sort.map((s) => ({ key: cols[s.field], direction: s.direction })), ASC_ID],
    total: listTotalSql(wallets, where, whole),
    item: WALLET_JSON,
    itemIsText: true,
    // What memberSummary reads, per wallet of the page: the caller's role joined, the count kept on the wallet.
    join: sql`${MEMBERSHIP_JOIN}${W.account}`,
  };
}

/**
 * Wallets, their members and the key seed of one organization, bound at construction: wallets and the seed by
 * their organization_id, members through their wallet, so an id of another organization's row reaches nothing.
 */
export function walletsRepository(db: Db, organizationId: string) {
  /** The organization's wallet on `blockchain` that `condition` picks (the columns it names are unique there). */
  async function oneOnChain(blockchain: string, condition: SQL) {
    const [row] = await db
      .select()
      .from(wallets)
      .where(and(eq(wallets.organizationId, organizationId), eq(wallets.blockchain, blockchain), condition));
    return row;
  }

  const own = organizationRows(db, organizationId);
  const ownWallet = (id: string) => and(eq(wallets.organizationId, organizationId), eq(wallets.id, id));
  const ownMember = (walletId: string) =>
    and(eq(walletMembers.walletId, walletId), inArray(walletMembers.walletId, own.wallets()));

  return {
    async find(walletId: string) {
      const [row] = await db.select().from(wallets).where(ownWallet(walletId));
      return row;
    },

    async findByRequest(requestId: string) {
      const [row] = await db
        .select()
        .from(wallets)
        .where(and(eq(wallets.organizationId, organizationId), eq(wallets.creationRequestId, requestId)));
      return row;
    },

    async nameTaken(name: string) {
      const [row] = await db
        .select({ id: wallets.id })
        .from(wallets)
        .where(and(eq(wallets.organizationId, organizationId), sql`lower(${wallets.name}) = lower(${name})`));
      return row !== undefined;
    },

    async insert(values: Omit<typeof wallets.$inferInsert, 'organizationId'>) {
      const [row] = await db
        .insert(wallets)
        .values({ ...values, organizationId })
        .returning();
      return row!;
    },

    /**
     * A page of the wallets `scope` lets the caller see, as JSON in one statement: each wallet with its member
     * count and `accountId`'s role in it, the total and the next cursor (json-page.ts).
     */
    async list(scope: WalletScope, q: WalletListQuery, accountId: string): Promise<JsonPage> {
      const chains = q.filters?.blockchain?.length ? q.filters.blockchain : undefined;
      const search = q.filters?.search ? containsPattern(q.filters.search) : undefined;
      const sort = q.sort.length ? q.sort : [{ field: 'createdAt' as const, direction: 'DESC' as const }];
      const shape = { scoped: scope !== null, chains: chains !== undefined, search: search !== undefined, sort };
      return jsonPage(db, q, {
        key: `wallets|${shape.scoped}|${shape.chains}|${shape.search}|${sort.map((s) => `${s.field} ${s.direction}`)}`,
        build: () => walletList(db, shape),
        values: { org: organizationId, scope, chains: chains ?? [], search, account: accountId },
      });
    },

    async memberships(walletIds: string[], accountId: string) {
      const map = new Map<string, WalletMemberRow['role']>();
      if (walletIds.length === 0) return map;
      const rows = await db
        .select()
        .from(walletMembers)
        .where(
          and(
            inArray(walletMembers.walletId, walletIds),
            inArray(walletMembers.walletId, own.wallets()),
            eq(walletMembers.accountId, accountId),
          ),
        );
      for (const r of rows) map.set(r.walletId, r.role);
      return map;
    },

    /**
     * What a page of wallets shows of their members, in one round trip instead of two: each wallet's member count
     * and the account's role in it (one membership per wallet and account, wallet_members_once_key).
     */
    async memberSummary(walletIds: string[], accountId: string) {
      const roles = new Map<string, WalletMemberRow['role']>();
      const counts = new Map<string, number>();
      if (walletIds.length === 0) return { roles, counts };
      const rows = await db
        .select({
          id: walletMembers.walletId,
          n: count(),
          role: sql<
            WalletMemberRow['role'] | null
          >`max(${walletMembers.role}) filter (where ${walletMembers.accountId} = ${accountId})`,
        })
        .from(walletMembers)
        .where(and(inArray(walletMembers.walletId, walletIds), inArray(walletMembers.walletId, own.wallets())))
        .groupBy(walletMembers.walletId);
      for (const r of rows) {
        counts.set(r.id, r.n);
        if (r.role !== null) roles.set(r.id, r.role);
      }
      return { roles, counts };
    },

    async members(walletId: string, page: number, size: number) {
      const rows = await db
        .select({ m: walletMembers, email: accounts.email, userName: accounts.userName })
        .from(walletMembers)
        .innerJoin(accounts, eq(accounts.id, walletMembers.accountId))
        .where(ownMember(walletId))
        .orderBy(asc(walletMembers.createdAt), asc(walletMembers.id))
        .limit(size)
        .offset((page - 1) * size);
      const [total] = await db.select({ n: count() }).from(walletMembers).where(ownMember(walletId));
      return { rows, total: total?.n ?? 0 };
    },

    async findMember(walletId: string, walletMemberId: string) {
      const [row] = await db
        .select({ m: walletMembers, email: accounts.email, userName: accounts.userName })
        .from(walletMembers)
        .innerJoin(accounts, eq(accounts.id, walletMembers.accountId))
        .where(and(ownMember(walletId), eq(walletMembers.id, walletMemberId)));
      return row;
    },

    /**
     * undefined when the account is already a member, and when the wallet or the account is not this
     * organization's: the select then finds no row and nothing is inserted.
     */
    async addMember(walletId: string, accountId: string, role: WalletMemberRow['role'], now: Date) {
      const [row] = await db
        .insert(walletMembers)
        .select(
          db
            .select({
              id: sql<string>`gen_random_uuid()`.as('id'),
              walletId: wallets.id,
              accountId: accounts.id,
              role: asColumn(role, walletMembers.role),
              createdAt: asColumn(now, walletMembers.createdAt),
            })
            .from(wallets)
            .innerJoin(accounts, and(eq(accounts.id, accountId), eq(accounts.organizationId, organizationId)))
            .where(ownWallet(walletId)),
        )
        .onConflictDoNothing()
        .returning();
      return row;
    },

    async setRole(walletMemberId: string, role: WalletMemberRow['role']) {
      await db
        .update(walletMembers)
        .set({ role })
        .where(and(eq(walletMembers.id, walletMemberId), inArray(walletMembers.walletId, own.wallets())));
    },

    async removeMember(walletMemberId: string) {
      await db
        .delete(walletMembers)
        .where(and(eq(walletMembers.id, walletMemberId), inArray(walletMembers.walletId, own.wallets())));
    },

    /**
     * The wallet's row locked: FOR UPDATE by a change to its line or members, FOR SHARE by a request being opened
     * on it, so a change never slips between a request's line snapshot and its commit.
     */
    async lockWallet(walletId: string, mode: 'update' | 'share') {
      const [row] = await db.select({ id: wallets.id }).from(wallets).where(ownWallet(walletId)).for(mode);
      return row !== undefined;
    },

    /** The wallet's requests not yet ended (created, approved, executing): who opened them and who stands in them. */
    async openRequests(walletId: string) {
      return db
        .select({ id: requests.id, initiatorId: requests.initiatorId, steps: requests.steps })
        .from(requests)
        .where(
          and(
            eq(requests.organizationId, organizationId),
            eq(requests.walletId, walletId),
            inArray(requests.status, ['CREATED', 'APPROVED', 'EXECUTING']),
          ),
        );
    },

    async managerCount(walletId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(walletMembers)
        .where(and(ownMember(walletId), eq(walletMembers.role, 'MANAGER')));
      return row?.n ?? 0;
    },

    /** The seed row, locked: account indexes are handed out one at a time. */
    async lockSeed() {
      const [row] = await db
        .select()
        .from(organizationSeeds)
        .where(eq(organizationSeeds.organizationId, organizationId))
        .for('update');
      return row;
    },

    /** The sealed mnemonic, read without a lock: signing spends no account index. */
    async sealedSeed() {
      const [row] = await db
        .select({ mnemonicEnc: organizationSeeds.mnemonicEnc })
        .from(organizationSeeds)
        .where(eq(organizationSeeds.organizationId, organizationId));
      return row?.mnemonicEnc;
    },

    /** The cold Solana wallet whose durable-nonce account is `account`. */
    findBySolNonceAccount: (blockchain: string, account: string) =>
      oneOnChain(blockchain, eq(wallets.solNonceAccount, account)),

    findByAddress: (blockchain: string, address: string) => oneOnChain(blockchain, eq(wallets.address, address)),

    async insertSeed(mnemonicEnc: string) {
      await db.insert(organizationSeeds).values({ organizationId, mnemonicEnc }).onConflictDoNothing();
    },

    async advanceSeed(next: number) {
      await db
        .update(organizationSeeds)
        .set({ nextAccountIndex: next })
        .where(eq(organizationSeeds.organizationId, organizationId));
    },
  };
}

export type WalletsRepository = ReturnType<typeof walletsRepository>;
