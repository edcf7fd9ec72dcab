import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { readPage } from '../../db/page-window.js';
import { accounts, travelRuleInquiries, vasps } from '../../db/schema/index.js';

export interface InquiryRow {
  id: string;
  direction: 'OUTGOING' | 'INCOMING';
  addressBookId: string | null;
  counterparty: string;
  blockchain: string;
  address: string;
  status: 'PENDING' | 'APPROVED' | 'REJECTED' | 'ERROR';
  code: string | null;
  attempts: number;
  requestedById: string | null;
  requestedByName: string | null;
  createdAt: Date;
  answeredAt: Date | null;
}

const columns = {
  id: travelRuleInquiries.id,
  direction: travelRuleInquiries.direction,
  addressBookId: travelRuleInquiries.addressBookId,
  counterparty: travelRuleInquiries.counterparty,
  blockchain: travelRuleInquiries.blockchain,
  address: travelRuleInquiries.address,
  status: travelRuleInquiries.status,
  code: travelRuleInquiries.code,
  attempts: travelRuleInquiries.attempts,
  requestedById: travelRuleInquiries.requestedBy,
  requestedByName: accounts.userName,
  createdAt: travelRuleInquiries.createdAt,
  answeredAt: travelRuleInquiries.answeredAt,
};

/** One organization's travel-rule inquiries, bound at construction: every read by its organization_id. */
export function complianceRepository(db: Db, organizationId: string) {
  const own = eq(travelRuleInquiries.organizationId, organizationId);
  // The requesting member's name, read only from the organization's own accounts.
  const requestedBy = and(
    eq(accounts.id, travelRuleInquiries.requestedBy),
    eq(accounts.organizationId, organizationId),
  );

  return {
    /** Newest first; `addressBookId` narrows to one entry's inquiries. */
    async inquiries(q: { page: number; size: number; addressBookId?: string | undefined }) {
      const where = q.addressBookId ? and(own, eq(travelRuleInquiries.addressBookId, q.addressBookId)) : own;
      const [counted] = await db.select({ n: count() }).from(travelRuleInquiries).where(where);
      const total = counted?.n ?? 0;
      const rows = await readPage(db, {
        id: travelRuleInquiries.id,
        where,
        order: (by) => [by(travelRuleInquiries.createdAt, 'DESC'), by(travelRuleInquiries.id, 'DESC')],
        page: q.page,
        size: q.size,
        total,
        rows: (pageIds, order) =>
          db
            .select(columns)
            .from(travelRuleInquiries)
            .leftJoin(accounts, requestedBy)
            .where(and(own, pageIds))
            .orderBy(...order) as Promise<InquiryRow[]>,
      });
      return { rows, total };
    },

    /**
     * The VASP a past verification of ours found the address at: the latest APPROVED outgoing inquiry for it on
     * this blockchain. `caseless` compares lower-cased (EVM hex, bech32), the key then being lower-case already.
     */
    async approvedVasp(blockchain: string, addressKey: string, caseless: boolean) {
      const address: SQL = caseless
        ? sql`lower(${travelRuleInquiries.address}) = ${addressKey}`
        : eq(travelRuleInquiries.address, addressKey);
      const [row] = await db
        .select({ id: vasps.id, name: vasps.name, endpoint: vasps.endpoint })
        .from(travelRuleInquiries)
        .innerJoin(vasps, eq(vasps.id, travelRuleInquiries.vaspId))
        .where(
          and(
            own,
            eq(travelRuleInquiries.direction, 'OUTGOING'),
            eq(travelRuleInquiries.status, 'APPROVED'),
            eq(travelRuleInquiries.blockchain, blockchain),
            address,
          ),
        )
        .orderBy(desc(travelRuleInquiries.createdAt), desc(travelRuleInquiries.id))
        .limit(1);
      return row ?? null;
    },
  };
}
