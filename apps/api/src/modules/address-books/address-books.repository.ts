import type { AddressBookState, AddressBookWalletType, ChainFamily } from '@vaultline/contracts';
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { keysetOrPage, type SortKey } from '../../db/keyset.js';
import { containsPattern } from '../../db/like.js';
import { accounts, addressBookEntries, travelRuleInquiries, vasps, wallets } from '../../db/schema/index.js';
import type { MaskedReceiver } from './receiver.js';

export interface EntryRow {
  id: string;
  organizationId: string;
  name: string;
  blockchain: string;
  tokenId: string;
  address: string;
  memo: string | null;
  walletType: AddressBookWalletType;
  vaspId: string | null;
  vaspName: string | null;
  vaspEndpoint: string | null;
  receiverType: 'INDIVIDUAL' | 'CORPORATION';
  receiverEnc: string;
  receiverMasked: MaskedReceiver;
  state: AddressBookState;
  createdAt: Date;
  createdById: string | null;
  createdByName: string | null;
  deletedAt: Date | null;
}

export type InquiryRow = typeof travelRuleInquiries.$inferSelect;

export interface EntryListQuery {
  page: number;
  size: number;
  sort: { field: 'name' | 'createdAt' | 'tokenId'; direction: 'ASC' | 'DESC' }[];
  filters?:
    | {
        search?: string | undefined;
        tokenId?: string[] | undefined;
        state?: AddressBookState[] | undefined;
        walletType?: AddressBookWalletType | undefined;
      }
    | undefined;
  /** Keyset paging: the id of the previous answer's last entry; `page` is then ignored. */
  after?: string | undefined;
}

const e = addressBookEntries;
const columns = {
  id: e.id,
  organizationId: e.organizationId,
  name: e.name,
  blockchain: e.blockchain,
  tokenId: e.tokenId,
  address: e.address,
  memo: e.memo,
  walletType: e.walletType,
  vaspId: e.vaspId,
  vaspName: vasps.name,
  vaspEndpoint: vasps.endpoint,
  receiverType: e.receiverType,
  receiverEnc: e.receiverEnc,
  receiverMasked: sql<MaskedReceiver>`${e.receiverMasked}`,
  state: e.state,
  createdAt: e.createdAt,
  createdById: e.createdBy,
  createdByName: accounts.userName,
  deletedAt: e.deletedAt,
};

/** Raised when another transaction holds the entry's row (FOR UPDATE NOWAIT): a concurrent change is under way. */
export class EntryBusyError extends Error {}

/** PostgreSQL's lock_not_available, as pg or PGlite report it (drizzle may wrap it in `cause`). */
function isLockNotAvailable(err: unknown): boolean {
  for (let x = err as { code?: string; cause?: unknown } | undefined; x; x = x.cause as typeof x) {
    if (x.code === '55P03') return true;
  }
  return false;
}

/** One organization's address book, bound at construction: every row by its organization_id. */
export function addressBooksRepository(db: Db, organizationId: string) {
  const own = eq(e.organizationId, organizationId);
  const live = ne(e.state, 'DELETED');
  // The creator's name, read only from the organization's own accounts.
  const createdBy = and(eq(accounts.id, e.createdBy), eq(accounts.organizationId, organizationId));
  const select = () => db.select(columns).from(e).leftJoin(vasps, eq(vasps.id, e.vaspId)).leftJoin(accounts, createdBy);

  return {
    /** The unique indexes decide under races; the caller maps their violation to the rule's issue. */
    async insert(values: Omit<typeof e.$inferInsert, 'organizationId' | 'id'>) {
      const [row] = await db
        .insert(e)
        .values({ ...values, organizationId })
        .returning({ id: e.id });
      return row!.id;
    },

    async find(id: string): Promise<EntryRow | undefined> {
      const [row] = await select().where(and(own, eq(e.id, id)));
      return row as EntryRow | undefined;
    },

    /** Locks the entry's row without waiting: a second deletion or verification running now gets EntryBusyError. */
    async lock(id: string): Promise<EntryRow | undefined> {
      try {
        const [row] = await db
          .select({ id: e.id })
          .from(e)
          .where(and(own, eq(e.id, id)))
          .for('update', { noWait: true });
        if (!row) return undefined;
      } catch (err) {
        if (isLockNotAvailable(err)) throw new EntryBusyError();
        throw err;
      }
      return this.find(id);
    },

    async setState(id: string, state: AddressBookState, now: Date, deletedBy?: string) {
      await db
        .update(e)
        .set({
          state,
          updatedAt: now,
          ...(state === 'DELETED' ? { deletedAt: now, deletedBy: deletedBy ?? null } : {}),
        })
        .where(and(own, eq(e.id, id)));
    },

    async list(q: EntryListQuery) {
      const f = q.filters ?? {};
      const conditions: (SQL | undefined)[] = [own];
      // Deleted entries only when asked for by state.
      conditions.push(f.state?.length ? inArray(e.state, f.state) : live);
      if (f.tokenId?.length) conditions.push(inArray(e.tokenId, f.tokenId));
      if (f.walletType) conditions.push(eq(e.walletType, f.walletType));
      if (f.search) {
        const pattern = containsPattern(f.search);
        conditions.push(or(ilike(e.name, pattern), ilike(e.address, pattern)));
      }
      const where = and(...conditions);
      const sortable = { name: sql`lower(${e.name})`, createdAt: e.createdAt, tokenId: e.tokenId } as const;
      const sort = q.sort.length ? q.sort : [{ field: 'createdAt' as const, direction: 'DESC' as const }];
      const keys: SortKey[] = [
        ...sort.map((s) => ({ key: sortable[s.field], direction: s.direction })),
        { key: e.createdAt, direction: 'DESC' },
        { key: e.id, direction: 'ASC' },
      ];
      // The select's row type is wider than EntryRow (jsonb and joined columns): the rows are EntryRow.
      const read = async (where: SQL | undefined, order: SQL[], limit: number, offset: number) =>
        (await select()
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset)) as EntryRow[];
      const [total] = await db.select({ n: count() }).from(e).where(where);
      const n = total?.n ?? 0;
      const page = await keysetOrPage(db, q, { id: e.id, visible: own, where, keys, total: n, rows: read });
      return { ...page, total: n };
    },

    /** Outgoing travel-rule inquiries of these entries, newest first. */
    async inquiries(entryIds: string[]): Promise<InquiryRow[]> {
      if (entryIds.length === 0) return [];
      return db
        .select()
        .from(travelRuleInquiries)
        .where(
          and(
            eq(travelRuleInquiries.organizationId, organizationId),
            eq(travelRuleInquiries.direction, 'OUTGOING'),
            inArray(travelRuleInquiries.addressBookId, entryIds),
          ),
        )
        .orderBy(desc(travelRuleInquiries.createdAt), desc(travelRuleInquiries.id));
    },

    async nameTaken(name: string) {
      const [row] = await db
        .select({ id: e.id })
        .from(e)
        .where(and(own, live, sql`lower(${e.name}) = lower(${name})`))
        .limit(1);
      return row !== undefined;
    },

    async pairState(tokenId: string, addressKey: string): Promise<AddressBookState | undefined> {
      const [row] = await db
        .select({ state: e.state })
        .from(e)
        .where(and(own, live, eq(e.tokenId, tokenId), eq(e.addressKey, addressKey)))
        .limit(1);
      return row?.state;
    },

    /**
     * Whether the address is one of the organization's wallets on a chain of the same family (an EVM key controls
     * the same address on every EVM network). `addressKey` is already canonical; case-insensitive formats (EVM hex,
     * bech32) compare lower-case, the others exactly.
     */
    async ownWallet(family: ChainFamily, addressKey: string, caseInsensitive: boolean) {
      const [row] = await db
        .select({ id: wallets.id })
        .from(wallets)
        .where(
          and(
            eq(wallets.organizationId, organizationId),
            eq(wallets.family, family),
            caseInsensitive ? sql`lower(${wallets.address}) = ${addressKey}` : eq(wallets.address, addressKey),
          ),
        )
        .limit(1);
      return row !== undefined;
    },
  };
}

/** The VASP directory is shared by every organization (the exchanges inquiries can go to). */
export function vaspsRepository(db: Db) {
  return {
    async all() {
      return db
        .select({ id: vasps.id, name: vasps.name, endpoint: vasps.endpoint })
        .from(vasps)
        .orderBy(asc(vasps.name));
    },
    async exists(id: string) {
      const [row] = await db.select({ id: vasps.id }).from(vasps).where(eq(vasps.id, id));
      return row !== undefined;
    },
  };
}
