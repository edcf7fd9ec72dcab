import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { approvalsRepository } from '../modules/approvals/approvals.repository.js';
import { requestViewValues } from '../modules/approvals/request-list-item.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { createMember, createOrganization } from '../test/fixtures.js';
import type { Db } from './client.js';
import { type CountedList, listTotalOf, listTotalSql, requestTypeCountSql } from './list-counts.js';
import { requests } from './schema/index.js';

/** The ids of a page's items, written as JSON by the list statement. */
const idsOf = (items: string) => (JSON.parse(items) as { id: string }[]).map((i) => i.id);

/** The kept counts as the list statements read them. */
const organizationRowCount = (db: Db, organizationId: string, list: CountedList) =>
  listTotalOf(db, listTotalSql(requests, undefined, { organizationId, list }));
const requestTypeCount = (db: Db, organizationId: string, types: string[]) =>
  listTotalOf(db, requestTypeCountSql(organizationId, types));

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.dispose();
});

async function addRequests(
  organizationId: string,
  initiatorId: string,
  n: number,
  start: Date,
  type: 'WITHDRAWAL' | 'WALLET_CREATION' = 'WITHDRAWAL',
) {
  // Pairs share a timestamp, so the id must break the tie for the order to be stable.
  const rows = Array.from({ length: n }, (_, i) => ({
    organizationId,
    type,
    itemType: type,
    payload: { kind: type, i },
    status: 'CREATED' as const,
    initiatorId,
    steps: [],
    createdAt: new Date(start.getTime() + Math.floor(i / 2) * 1000),
    updatedAt: start,
  }));
  return t.database.db.insert(requests).values(rows).returning({ id: requests.id });
}

describe('kept list counts', () => {
  it('stay equal to count(*) per organization through inserts and deletes', async () => {
    const db = t.database.db;
    const config = loadConfig({ LOG_LEVEL: 'silent' });
    const a = await createMember(db, config, { otp: false });
    const other = await createOrganization(db);
    const otherMember = await createMember(db, config, { organizationId: other.id, otp: false });
    const made = await addRequests(a.organizationId, a.id, 12, new Date('2026-01-01T00:00:00Z'));
    await addRequests(other.id, otherMember.id, 3, new Date('2026-01-01T00:00:00Z'));
    await db.delete(requests).where(eq(requests.id, made[0]!.id));
    const exact = async (org: string) =>
      (await db.select({ n: count() }).from(requests).where(eq(requests.organizationId, org)))[0]!.n;
    expect(await organizationRowCount(db, a.organizationId, 'requests')).toBe(11);
    expect(await exact(a.organizationId)).toBe(11);
    expect(await organizationRowCount(db, other.id, 'requests')).toBe(3);
    expect(await organizationRowCount(db, other.id, 'wallets')).toBe(0);
  });

  it('pages read from either end of the list give exactly the rows of a plain OFFSET, in order', async () => {
    const db = t.database.db;
    const config = loadConfig({ LOG_LEVEL: 'silent' });
    const m = await createMember(db, config, { otp: false });
    await addRequests(m.organizationId, m.id, 45, new Date('2026-02-01T00:00:00Z'));
    const repo = approvalsRepository(db, m.organizationId);
    for (const direction of ['DESC', 'ASC'] as const) {
      const all = await db
        .select({ id: requests.id })
        .from(requests)
        .where(eq(requests.organizationId, m.organizationId))
        .orderBy(direction === 'DESC' ? desc(requests.createdAt) : asc(requests.createdAt), asc(requests.id));
      const sort = direction === 'DESC' ? [] : [{ field: 'createdAt' as const, direction }];
      for (let page = 1; page <= 8; page++) {
        const { items, total } = await repo.list(m.id, null, { page, size: 7, sort }, requestViewValues(config));
        expect(total).toBe(45);
        expect(idsOf(items)).toEqual(all.slice((page - 1) * 7, page * 7).map((r) => r.id));
      }
    }
  });

  it('per request type stay equal to count(*), and a list filtered by type alone answers that total', async () => {
    const db = t.database.db;
    const config = loadConfig({ LOG_LEVEL: 'silent' });
    const m = await createMember(db, config, { otp: false });
    const other = await createOrganization(db);
    const otherMember = await createMember(db, config, { organizationId: other.id, otp: false });
    const start = new Date('2026-03-01T00:00:00Z');
    const withdrawals = await addRequests(m.organizationId, m.id, 9, start);
    await addRequests(m.organizationId, m.id, 4, start, 'WALLET_CREATION');
    await addRequests(other.id, otherMember.id, 5, start);
    await db.delete(requests).where(inArray(requests.id, [withdrawals[0]!.id, withdrawals[1]!.id]));
    const exact = async (org: string, type: 'WITHDRAWAL' | 'WALLET_CREATION') =>
      (
        await db
          .select({ n: count() })
          .from(requests)
          .where(and(eq(requests.organizationId, org), eq(requests.type, type)))
      )[0]!.n;
    expect(await requestTypeCount(db, m.organizationId, ['WITHDRAWAL'])).toBe(7);
    expect(await exact(m.organizationId, 'WITHDRAWAL')).toBe(7);
    expect(await requestTypeCount(db, m.organizationId, ['WALLET_CREATION'])).toBe(4);
    expect(await requestTypeCount(db, m.organizationId, ['WITHDRAWAL', 'WALLET_CREATION', 'STAKING'])).toBe(11);
    expect(await requestTypeCount(db, m.organizationId, ['STAKING'])).toBe(0);
    expect(await requestTypeCount(db, other.id, ['WITHDRAWAL'])).toBe(5);
    const repo = approvalsRepository(db, m.organizationId);
    const page = { page: 1, size: 5, sort: [], filters: { type: ['WITHDRAWAL' as const] } };
    const { items, total } = await repo.list(m.id, null, page, requestViewValues(config));
    const rows = JSON.parse(items) as { type: string }[];
    expect(total).toBe(7);
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.type === 'WITHDRAWAL')).toBe(true);
  });
});
