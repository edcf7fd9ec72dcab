import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOOK,
  type BookScene,
  bookScene,
  draft,
  evmAddress,
  insertVasp,
  listOf,
  one,
  VALIDATE,
} from '../../test/address-book-fixtures.js';
import { TestBrowser } from '../../test/browser.js';
import { createWallet } from '../../test/wallet-fixtures.js';

/** Who may call what on the address book, across organizations too, and what bad input gets (never a 500 or an echo). */
let s: BookScene;
let ours: { id: string };
let theirs: { id: string };
beforeAll(async () => {
  s = await bookScene();
  ours = (await s.creator.post(BOOK, draft({ name: 'Ours', address: evmAddress() }))).json();
  theirs = (await s.outsider.post(BOOK, draft({ name: 'Theirs', address: evmAddress() }))).json();
  expect(ours.id).toBeDefined();
  expect(theirs.id).toBeDefined();
});
afterAll(async () => {
  await s?.t.close();
});

const validateBodies = {
  [VALIDATE.context]: { draft: {} },
  [VALIDATE.name]: { name: 'x' },
  [VALIDATE.address]: { tokenId: 'ETHEREUM.ETH', address: '0x' },
  [VALIDATE.duplicate]: { tokenId: 'ETHEREUM.ETH', address: '0x' },
};

describe('access', () => {
  it('answers 401 to a guest on every call', async () => {
    const guest = new TestBrowser(s.t.app);
    const calls: [string, string, unknown][] = [
      ['POST', BOOK, draft()],
      ['POST', listOf(s.organizationId), {}],
      ['GET', one(ours.id), undefined],
      ['DELETE', one(ours.id), { otpCode: 'x' }],
      ['POST', `${one(ours.id)}/verify`, {}],
      ['GET', '/api/v1/vasp/directory', undefined],
      ...Object.entries(validateBodies).map(([url, body]) => ['POST', url, body] as [string, string, unknown]),
    ];
    for (const [method, url, body] of calls) {
      const res = await guest.request(method as 'GET', url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('refuses a change without its permission (403 naming it)', async () => {
    const create = await s.reader.post(BOOK, draft({ address: evmAddress() }));
    expect(create.statusCode).toBe(403);
    expect(create.json()).toMatchObject({ code: '403', data: { permission: 'ADDRESS_BOOK_CREATION' } });
    for (const [url, body] of Object.entries(validateBodies)) {
      expect((await s.deleter.post(url, body)).json().data, url).toEqual({ permission: 'ADDRESS_BOOK_CREATION' });
    }
    const del = await s.creator.request('DELETE', one(ours.id), { otpCode: await s.creator.otp() });
    expect(del.json()).toMatchObject({ code: '403', data: { permission: 'ADDRESS_BOOK_DELETION' } });
    const verify = await s.creator.post(`${one(ours.id)}/verify`, {});
    expect(verify.json()).toMatchObject({ code: '403', data: { permission: 'ADDRESS_BOOK_UPDATE' } });
  });

  it('lets read only those who may choose a destination: WALLETS_VIEW or a wallet of their own', async () => {
    expect((await s.nobody.post(listOf(s.organizationId), {})).statusCode).toBe(403);
    expect((await s.nobody.request('GET', one(ours.id))).statusCode).toBe(403);
    // A holder of an address-book permission without wallets still may not browse it.
    expect((await s.updater.post(listOf(s.organizationId), {})).statusCode).toBe(403);
    expect((await s.reader.post(listOf(s.organizationId), {})).statusCode).toBe(200);
    // The VASP directory serves the register form; it holds no organization's data.
    const vaspId = await insertVasp(s.t, 'Directory Exchange', 'https://vasp.example.com/trp');
    const dir = await s.nobody.request('GET', '/api/v1/vasp/directory');
    expect(dir.statusCode).toBe(200);
    expect(dir.json().items).toContainEqual({
      id: vaspId,
      name: 'Directory Exchange',
      endpoint: 'https://vasp.example.com/trp',
    });
    // A place in one wallet is enough to choose destinations, so to read the book.
    const wallet = await createWallet(s.owner, s.organizationId, 'SEPOLIA', 'Shared wallet');
    const added = await s.owner.post(`/api/v1/organizations/wallets/${wallet.id}/members/add`, {
      memberId: s.ids.nobody,
      role: 'MEMBER',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect((await s.nobody.post(listOf(s.organizationId), {})).statusCode).toBe(200);
    const detail = await s.nobody.request('GET', one(ours.id));
    expect(detail.statusCode).toBe(200);
    expect(detail.json().receiver.masked).toBe(true);
  });
});

describe('across organizations', () => {
  it("never shows another organization's entries: not found, whatever the call", async () => {
    expect((await s.owner.request('GET', one(theirs.id))).statusCode).toBe(404);
    expect((await s.owner.request('DELETE', one(theirs.id), { otpCode: await s.owner.otp() })).statusCode).toBe(404);
    expect((await s.owner.post(`${one(theirs.id)}/verify`, {})).statusCode).toBe(404);
    expect((await s.owner.post(listOf(s.outsiderOrganizationId), {})).statusCode).toBe(404);
    const own = (
      await s.owner.post(listOf(s.organizationId), { filters: { state: ['REGISTERED', 'DELETED'] } })
    ).json();
    expect(own.items.map((i: { id: string }) => i.id)).not.toContain(theirs.id);
    const outsiders = (await s.outsider.post(listOf(s.outsiderOrganizationId), {})).json();
    expect(outsiders.items.map((i: { id: string }) => i.id)).toEqual([theirs.id]);
    // Name and pair are unique per organization: the outsider's names and addresses are free here.
    const same = await s.creator.post(BOOK, draft({ name: 'Theirs', address: evmAddress() }));
    expect(same.statusCode, same.body).toBe(200);
    // And their entry is untouched.
    expect((await s.outsider.request('GET', one(theirs.id))).json().state).toBe('REGISTERED');
  });

  it('answers an unknown id like a foreign one', async () => {
    expect((await s.owner.request('GET', one('00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404);
  });
});

describe('bad input', () => {
  const MARK = 'ZZmarkerZZ<script>';
  const refused = async (res: { statusCode: number; body: string }, code = '4000') => {
    expect(res.statusCode, res.body).toBeLessThan(500);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(JSON.parse(res.body).code).toBe(code);
    expect(res.body).not.toContain('ZZmarker');
  };

  it('refuses malformed bodies and ids with 4000, never echoing them', async () => {
    await refused(await s.creator.request('GET', one(`not-a-uuid-${MARK}`)));
    await refused(await s.creator.post(BOOK, { ...draft(), [MARK]: 1 }));
    await refused(await s.creator.post(BOOK, { ...draft(), name: MARK.repeat(100) }));
    await refused(await s.creator.post(BOOK, { ...draft(), name: `a\u0000${MARK}` }));
    await refused(await s.creator.post(BOOK, { ...draft(), walletType: MARK }));
    await refused(await s.creator.post(BOOK, { ...draft(), tokenId: MARK }));
    await refused(await s.creator.post(BOOK, { ...draft(), receiver: { nameKo: MARK, nameEn: 'A' } }));
    await refused(await s.creator.post(BOOK, { ...draft(), receiver: { nameKo: 'A', nameEn: 'B', phone: MARK } }));
    await refused(await s.creator.post(BOOK, { ...draft(), address: `0x${MARK}` }), '3');
    await refused(await s.creator.post(BOOK, { ...draft(), address: MARK.repeat(20) }));
    await refused(await s.creator.post(BOOK, [MARK]));
    const json = { headers: { 'content-type': 'application/json' } };
    await refused(await s.creator.request('POST', BOOK, `{"name":"${MARK}`, json));
    await refused(await s.creator.request('POST', BOOK, 'null', json));
    await refused(await s.reader.post(listOf(s.organizationId), { filters: { state: [MARK] } }));
    await refused(await s.reader.post(listOf(s.organizationId), { sort: [{ field: MARK }] }));
    await refused(await s.deleter.request('DELETE', one(ours.id), { otpCode: MARK }));
  });

  it('a search with wildcard characters finds them literally', async () => {
    const res = await s.reader.post(listOf(s.organizationId), { filters: { search: '%_' } });
    expect(res.json().total).toBe(0);
  });
});
