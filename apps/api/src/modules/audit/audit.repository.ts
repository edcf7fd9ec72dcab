import { randomUUID } from 'node:crypto';
import type { AuditActionName } from '@vaultline/contracts';
import { and, asc, count, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { keysetOrPage, type SortKey } from '../../db/keyset.js';
import { auditLog } from '../../db/schema/index.js';
import { type ChainedContent, entryHash, GENESIS_HASH, PROVIDER_CHAIN } from './audit-chain.js';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditEntry = Omit<ChainedContent, 'id' | 'seq' | 'prevHash'> & { action: AuditActionName };

export interface AuditFilterValues {
  actorId?: string | undefined;
  actions?: readonly string[] | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** Operators only: one organization's entries, or the provider's own. */
  organizationId?: string | undefined;
}

/** Which entries a caller may read: one organization's chain (its owners), or every chain (operators). */
export type AuditScope = { organizationId: string } | 'ALL';

function conditions(scope: AuditScope, f: AuditFilterValues): SQL | undefined {
  return and(
    scope === 'ALL' ? undefined : eq(auditLog.chain, scope.organizationId),
    f.organizationId === 'PROVIDER'
      ? eq(auditLog.chain, PROVIDER_CHAIN)
      : f.organizationId
        ? eq(auditLog.organizationId, f.organizationId)
        : undefined,
    f.actorId ? eq(auditLog.actorId, f.actorId) : undefined,
    f.actions && f.actions.length > 0 ? inArray(auditLog.action, [...f.actions]) : undefined,
    f.from ? gte(auditLog.createdAt, new Date(f.from)) : undefined,
    f.to ? lte(auditLog.createdAt, new Date(f.to)) : undefined,
  );
}

/**
 * Newest first: by `seq` within one organization's chain (its order of writing), by time across chains. Each
 * ends with a unique key, as keyset paging needs.
 */
const keysOf = (scope: AuditScope): SortKey[] =>
  scope === 'ALL'
    ? [
        { key: auditLog.createdAt, direction: 'DESC' },
        { key: auditLog.id, direction: 'DESC' },
      ]
    : [{ key: auditLog.seq, direction: 'DESC' }];

// Not bound to an organization: the provider's chain belongs to none, and operators read every chain; the scope
// argument of each read (one organization's chain, or all) is decided by the service from the caller.
export function auditRepository(db: Db) {
  /** One page of the scope's entries the filters select, by number or after a cursor, newest first. */
  const pageOf = (
    scope: AuditScope,
    f: AuditFilterValues,
    page: { page: number; size: number; after?: string | undefined },
    total: number,
  ) =>
    keysetOrPage(db, page, {
      id: auditLog.id,
      visible: conditions(scope, {}),
      where: conditions(scope, f),
      keys: keysOf(scope),
      total,
      rows: (w, order, limit, offset) =>
        db
          .select()
          .from(auditLog)
          .where(w)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
    });
  return {
    /**
     * Appends an entry to its chain in the caller's transaction. The chain's head is read under a lock held to the
     * transaction's end (one writer per chain at a time, from here to COMMIT), so seq has no gap or double and
     * each entry links the one committed before it.
     */
    async append(entry: NewAuditEntry & { chain: string }): Promise<AuditRow> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`audit:${entry.chain}`}, 0))`);
      const [head] = await db
        .select({ seq: auditLog.seq, hash: auditLog.hash })
        .from(auditLog)
        .where(eq(auditLog.chain, entry.chain))
        .orderBy(sql`${auditLog.seq} desc`)
        .limit(1);
      const content: ChainedContent = {
        ...entry,
        id: randomUUID(),
        seq: (head?.seq ?? 0) + 1,
        prevHash: head?.hash ?? GENESIS_HASH,
      };
      const [row] = await db
        .insert(auditLog)
        .values({ ...content, hash: entryHash(content) })
        .returning();
      return row!;
    },

    async list(scope: AuditScope, f: AuditFilterValues, page: { page: number; size: number; after?: string }) {
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(auditLog).where(conditions(scope, f));
      const { rows, nextCursor } = await pageOf(scope, f, page, total);
      return { rows, total, nextCursor };
    },

    /** Every entry the filters select, newest first, read in batches (the CSV export). */
    async *each(scope: AuditScope, f: AuditFilterValues, batch = 2000): AsyncGenerator<AuditRow> {
      let after: string | undefined;
      for (;;) {
        const { rows, nextCursor } = await pageOf(scope, f, { page: 1, size: batch, after }, Number.MAX_SAFE_INTEGER);
        yield* rows;
        if (!nextCursor || rows.length === 0) return;
        after = nextCursor;
      }
    },

    /** The chains there are (for verification). */
    async chains(): Promise<string[]> {
      const rows = await db.selectDistinct({ chain: auditLog.chain }).from(auditLog).orderBy(asc(auditLog.chain));
      return rows.map((r) => r.chain);
    },

    /** One chain's entries from `afterSeq` on, oldest first (verification reads a chain in batches). */
    async chainFrom(chain: string, afterSeq: number, limit: number): Promise<AuditRow[]> {
      return db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.chain, chain), sql`${auditLog.seq} > ${afterSeq}`))
        .orderBy(asc(auditLog.seq))
        .limit(limit);
    },
  };
}
