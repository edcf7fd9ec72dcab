import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressBookEntries } from '../../db/schema/index.js';
import { BOOK, type BookScene, bookScene, draft, EN, listOf } from '../../test/address-book-fixtures.js';
import { cloneRow, cursorPaging, sameInstant, sharedCursorChecks } from '../../test/cursor-paging.js';

/** The address-book list by cursor (`after`): the rows of pages 1..N in every order, filters kept. */
let s: BookScene;
let foreignEntry: string;
const live: string[] = [];
const deleted: string[] = [];
const list = cursorPaging(() => listOf(s.organizationId));

beforeAll(async () => {
  s = await bookScene();
  const db = s.t.testDb.database.db;
  const made = await s.creator.request('POST', BOOK, draft({ name: 'Book 0' }), EN);
  expect(made.statusCode, made.body).toBe(200);
  live.push(made.json().id);
  const foreign = await s.outsider.request('POST', BOOK, draft({ name: 'Elsewhere' }), EN);
  expect(foreign.statusCode, foreign.body).toBe(200);
  foreignEntry = foreign.json().id;
  // Nine copies: names differing in case (the list sorts lower(name)), two tokens, two of them deleted.
  for (let i = 1; i <= 9; i++) {
    const id = await cloneRow(db, addressBookEntries, live[0]!, {
      name: i % 2 ? `book ${i}` : `Book ${i}`,
      token_id: i % 3 ? 'ETHEREUM.ETH' : 'ETHEREUM.USDT',
      address_key: `0x${randomBytes(20).toString('hex')}`,
      state: i > 7 ? 'DELETED' : 'REGISTERED',
    });
    (i > 7 ? deleted : live).push(id);
  }
  await sameInstant(db, addressBookEntries, addressBookEntries.id, [...live, ...deleted], 5);
});
afterAll(async () => {
  await s?.t.close();
});

describe('address-book list by cursor', () => {
  sharedCursorChecks(list, () => ({
    app: s.t.app,
    browser: s.owner,
    total: 8,
    rowId: live[0]!,
    sorts: ['', 'name ASC', 'tokenId DESC, createdAt ASC', 'createdAt ASC'],
  }));

  it('applies filters as pages do, for every reader', async () => {
    const usdt = await list.sameRows(s.reader, { size: 1, filters: { tokenId: ['ETHEREUM.USDT'] } }, 2);
    // A deleted entry only when its state is asked for.
    expect(usdt).not.toContain(deleted[1]);
    const gone = { size: 1, filters: { state: ['DELETED'] }, sort: [{ field: 'name', direction: 'DESC' }] };
    expect(await list.sameRows(s.owner, gone, 2)).toEqual(expect.arrayContaining(deleted));
    await list.sameRows(s.owner, { size: 2, filters: { search: 'book' } }, 8);
  });

  it('refuses another organization’s entry; no reading without the permission', async () => {
    await list.refused(s.owner, foreignEntry);
    await cursorPaging(listOf(s.outsiderOrganizationId)).refused(s.outsider, live[0]!);
    expect((await s.nobody.post(listOf(s.organizationId), { after: live[0] })).statusCode).toBe(403);
  });
});
