import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accounts, organizationTokens } from '../../db/schema/index.js';

export interface OrganizationTokenRow {
  id: string;
  tokenId: string;
  blockchain: string;
  createdAt: Date;
  addedById: string | null;
  addedByName: string | null;
}

const columns = {
  id: organizationTokens.id,
  tokenId: organizationTokens.tokenId,
  blockchain: organizationTokens.blockchain,
  createdAt: organizationTokens.createdAt,
  addedById: organizationTokens.addedBy,
  addedByName: accounts.userName,
};

/** The tokens one organization registered, bound at construction: every row by its organization_id. */
export function tokensRepository(db: Db, organizationId: string) {
  const ownToken = (id: string) =>
    and(eq(organizationTokens.organizationId, organizationId), eq(organizationTokens.id, id));
  // The adding member's name, read only from the organization's own accounts.
  const addedBy = and(eq(accounts.id, organizationTokens.addedBy), eq(accounts.organizationId, organizationId));

  return {
    /** undefined when the organization already has the token (the unique key decides, also under races). */
    async insert(values: { tokenId: string; blockchain: string; addedBy: string; now: Date }) {
      const [row] = await db
        .insert(organizationTokens)
        .values({
          organizationId,
          tokenId: values.tokenId,
          blockchain: values.blockchain,
          addedBy: values.addedBy,
          createdAt: values.now,
        })
        .onConflictDoNothing()
        .returning({ id: organizationTokens.id });
      return row?.id;
    },

    async find(id: string): Promise<OrganizationTokenRow | undefined> {
      const [row] = await db.select(columns).from(organizationTokens).leftJoin(accounts, addedBy).where(ownToken(id));
      return row;
    },

    /** All of the organization's rows: at most one per catalogue token, so the list is small by construction. */
    async all(blockchains?: string[]): Promise<OrganizationTokenRow[]> {
      const conditions: SQL[] = [eq(organizationTokens.organizationId, organizationId)];
      if (blockchains?.length) conditions.push(inArray(organizationTokens.blockchain, blockchains));
      return db
        .select(columns)
        .from(organizationTokens)
        .leftJoin(accounts, addedBy)
        .where(and(...conditions));
    },

    async tokenIds(blockchains?: string[]): Promise<string[]> {
      const conditions: SQL[] = [eq(organizationTokens.organizationId, organizationId)];
      if (blockchains?.length) conditions.push(inArray(organizationTokens.blockchain, blockchains));
      const rows = await db
        .select({ tokenId: organizationTokens.tokenId })
        .from(organizationTokens)
        .where(and(...conditions));
      return rows.map((r) => r.tokenId);
    },

    async remove(id: string) {
      const rows = await db.delete(organizationTokens).where(ownToken(id)).returning({ id: organizationTokens.id });
      return rows.length > 0;
    },
  };
}
