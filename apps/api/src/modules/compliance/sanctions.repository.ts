import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sanctionedAddresses } from '../../db/schema/index.js';
import type { SanctionsRow } from './sanctions-csv.js';

/** Rows per insert statement: 7 parameters each stays far below PostgreSQL's 65,535 bind parameters. */
const BATCH = 1_000;

export interface ListingRow {
  list: string;
  chain: string;
  address: string;
  entity: string;
  listedAt: string | null;
}

/** The imported sanctions lists: global data (no organization), written only by operators' imports. */
export function sanctionsRepository(db: Db) {
  return {
    /**
     * Replaces one list's rows; `db` must be a transaction here. Imports of the same list queue on a transaction
     * lock, so two at once never leave the union of both files.
     */
    async replaceList(list: string, rows: SanctionsRow[], now: Date) {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`sanctions:${list}`}))`);
      await db.delete(sanctionedAddresses).where(eq(sanctionedAddresses.list, list));
      for (let i = 0; i < rows.length; i += BATCH) {
        await db.insert(sanctionedAddresses).values(
          rows.slice(i, i + BATCH).map((r) => ({
            list,
            chain: r.chain,
            address: r.address,
            addressKey: r.addressKey,
            entity: r.entity,
            listedAt: r.listedAt,
            importedAt: now,
          })),
        );
      }
    },

    /** Every listing of one canonical address, on any chain tag (the caller keeps those of its family). */
    async byKey(addressKey: string): Promise<ListingRow[]> {
      return db
        .select({
          list: sanctionedAddresses.list,
          chain: sanctionedAddresses.chain,
          address: sanctionedAddresses.address,
          entity: sanctionedAddresses.entity,
          listedAt: sanctionedAddresses.listedAt,
        })
        .from(sanctionedAddresses)
        .where(eq(sanctionedAddresses.addressKey, addressKey))
        .orderBy(sanctionedAddresses.list, sanctionedAddresses.entity);
    },
  };
}
