import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { TestBrowser } from '../../test/browser.js';
import { cursorPaging, sameInstant, sharedCursorChecks } from '../../test/cursor-paging.js';
import { createMember, createOrganization, grant, signIn } from '../../test/fixtures.js';

/** The member list by cursor (`after`): the rows of pages 1..N in every order, filters kept. */
let t: TestApp;
let owner: TestBrowser;
const ids = { owner: '', outsider: '', operator: '', deleted: '' };
const list = cursorPaging('/api/v1/organization/members');

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_FACTOR: '20' });
  const db = t.testDb.database.db;
  const organizationId = (await createOrganization(db, 'Member Cursor Org')).id;
  const o = await createMember(db, t.config, { organizationId });
  await grant(db, o.id, ['OWNER']);
  owner = await signIn(t, o);
  ids.owner = o.id;
  ids.outsider = (await createMember(db, t.config)).id;
  // Nine more rows: user names in pairs (ties the created_at and the id break), three invited, two deleted.
  const status = (i: number) => (i < 4 ? 'ACTIVE' : i < 7 ? 'INVITED' : 'DELETED') as 'ACTIVE' | 'INVITED' | 'DELETED';
  const rows = await db
    .insert(accounts)
    .values(
      Array.from({ length: 9 }, (_, i) => ({
        kind: 'MEMBER' as const,
        organizationId,
        email: `cursor-${i}@example.com`,
        userName: `Person ${Math.floor(i / 2)}`,
        status: status(i),
      })),
    )
    .returning({ id: accounts.id });
  const operator = { kind: 'OPERATOR' as const, email: 'operator-cursor@example.com', status: 'ACTIVE' as const };
  ids.operator = (await db.insert(accounts).values(operator).returning({ id: accounts.id }))[0]!.id;
  ids.deleted = rows[8]!.id;
  const made = rows.map((r) => r.id);
  await sameInstant(db, accounts, accounts.id, made, 5);
});
afterAll(async () => {
  await t?.close();
});

describe('member list by cursor', () => {
  sharedCursorChecks(list, () => ({
    app: t.app,
    browser: owner,
    total: 8,
    rowId: ids.deleted,
    sorts: ['', 'userName ASC', 'createdAt DESC', 'status DESC, userName DESC', 'email ASC'],
  }));

  it('applies filters as pages do; a row filtered out since still carries on from where it was', async () => {
    await list.sameRows(owner, { size: 2, filters: { status: ['INVITED', 'DELETED'] } }, 5);
    const byEmail = [{ field: 'email', direction: 'DESC' }];
    await list.sameRows(owner, { size: 2, filters: { search: 'cursor-' }, sort: byEmail }, 7);
    // The deleted member is the newest of the nine: only the owner, made later, follows it (oldest first).
    expect((await list.read(owner, { after: ids.deleted })).items.map((m) => m.id)).toEqual([ids.owner]);
  });

  it('refuses another organization’s member and an operator', async () => {
    await list.refused(owner, ids.outsider);
    await list.refused(owner, ids.operator);
  });
});
