import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressBookEntries, sanctionedAddresses } from '../../db/schema/index.js';
import {
  BOOK,
  type BookScene,
  BTC_BECH32,
  bookScene,
  CORPORATION,
  draft,
  EN,
  EVM_A,
  EVM_B,
  EVM_C,
  EVM_D,
  evmAddress,
  flipCase,
  INDIVIDUAL,
  insertVasp,
  listOf,
  one,
} from '../../test/address-book-fixtures.js';
import { createWallet } from '../../test/wallet-fixtures.js';

/** The address book's rules on create, the list and detail views of the receiver, and soft deletion with OTP. */
let s: BookScene;
beforeAll(async () => {
  s = await bookScene();
});
afterAll(async () => {
  await s?.t.close();
});

type Issue = { path: string; key: string; message: string };
const create = (body: unknown) => s.creator.request('POST', BOOK, body, EN);
const issuesOf = (res: { json(): { data?: { issues?: Issue[] } } }) =>
  (res.json().data?.issues ?? []).map((i) => `${i.path} ${i.key}`);

describe('registering', () => {
  it('registers a self-managed entry at once, its address in checksum form, the receiver masked in the answer', async () => {
    const res = await create(draft({ name: 'Cold storage', address: EVM_A.toLowerCase() }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Cold storage',
      blockchain: 'ETHEREUM',
      tokenId: 'ETHEREUM.ETH',
      address: EVM_A,
      memo: null,
      walletType: 'PERSONAL',
      vasp: null,
      state: 'REGISTERED',
      verification: null,
      receiver: { nameKo: '김*수', masked: true },
      deletedAt: null,
    });
    // Sealed at rest: neither the sealed nor the masked column holds the receiver's data in clear.
    const [row] = await s.t.testDb.database.db
      .select()
      .from(addressBookEntries)
      .where(eq(addressBookEntries.id, res.json().id));
    expect(row!.addressKey).toBe(EVM_A.toLowerCase());
    const stored = JSON.stringify(row);
    for (const secret of ['김민수', 'Minsu Kim', '1990-04-15', 'Teheran', '1234-5678'])
      expect(stored).not.toContain(secret);
  });

  it('keeps names unique among live entries, whatever their case (4000 with a translated issue)', async () => {
    const res = await create(draft({ name: 'COLD STORAGE', address: EVM_B }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: '4000', data: { reason: 'validation' } });
    expect(res.json().data.issues).toEqual([
      {
        path: 'body.name',
        key: 'validation.addressBook.nameTaken',
        message: 'An address book entry with this name already exists.',
      },
    ]);
    const ko = await s.creator.post(BOOK, draft({ name: 'cold storage', address: EVM_B }));
    expect(ko.json().data.issues[0].message).toBe('같은 이름의 주소록이 이미 있습니다.');
    const missing = await create({ ...draft(), name: '  ' });
    expect(missing.json().code).toBe('4000');
    expect(issuesOf(missing)).toEqual(['body.name validation.required']);
  });

  it('keeps (token, address) unique by the canonical address; the same address on another token is another pair', async () => {
    const res = await create(draft({ address: EVM_A.toLowerCase() }));
    expect(res.json().code).toBe('4000');
    expect(issuesOf(res)).toEqual(['body.address validation.addressBook.duplicate']);
    const usdt = await create(draft({ tokenId: 'ETHEREUM.USDT', address: EVM_A }));
    expect(usdt.statusCode, usdt.body).toBe(200);
    // bech32 is case-insensitive: the upper-case spelling is the same address.
    expect((await create(draft({ tokenId: 'BITCOIN.BTC', address: BTC_BECH32 }))).statusCode).toBe(200);
    const upper = await create(draft({ tokenId: 'BITCOIN.BTC', address: BTC_BECH32.toUpperCase() }));
    expect(issuesOf(upper)).toEqual(['body.address validation.addressBook.duplicate']);
  });

  it("refuses an address invalid on the token's network, checksum included, with code 3", async () => {
    const flipped = flipCase(EVM_B);
    for (const [tokenId, address] of [
      ['ETHEREUM.ETH', flipped],
      ['ETHEREUM.ETH', BTC_BECH32],
      ['BITCOIN.BTC', EVM_B],
      ['BIZAUTO.BIZA', 'UPPERCASE123'],
      ['SOLANA.SOL', '0OIl'],
    ]) {
      const res = await create(draft({ tokenId, address }));
      expect(res.statusCode, `${tokenId} ${address}`).toBe(400);
      expect(res.json().code).toBe('3');
      expect(res.json().data.issues).toContainEqual(expect.objectContaining({ key: 'validation.address.invalid' }));
      expect(res.body).not.toContain(address);
    }
    const unknown = await create(draft({ tokenId: 'ETHEREUM.NOPE', address: EVM_C }));
    expect(unknown.json().code).toBe('4000');
    expect(issuesOf(unknown)).toEqual(['body.tokenId validation.token.unknown']);
  });

  it('takes a memo only where the chain carries one', async () => {
    const eos = await create(draft({ tokenId: 'BIZAUTO.BIZA', address: 'vaultlinetst', memo: 'deposit 42' }));
    expect(eos.statusCode, eos.body).toBe(200);
    expect(eos.json()).toMatchObject({ address: 'vaultlinetst', memo: 'deposit 42', blockchain: 'BIZAUTO' });
    const eth = await create(draft({ address: EVM_C, memo: 'deposit 42' }));
    expect(issuesOf(eth)).toEqual(['body.memo validation.addressBook.memoNotSupported']);
    expect(
      (await create(draft({ tokenId: 'SOLANA.SOL', address: 'So11111111111111111111111111111111111111112', memo: '' })))
        .statusCode,
    ).toBe(200);
  });

  it('asks the receiver fields of its type, and refuses those of the other type', async () => {
    const noBirthday = await create(draft({ address: EVM_C, receiver: { nameKo: '김민수', nameEn: 'Minsu Kim' } }));
    expect(issuesOf(noBirthday)).toEqual(['body.receiver.birthday validation.required']);
    const bareCorp = await create(
      draft({
        address: EVM_C,
        receiverType: 'CORPORATION',
        receiver: { nameKo: '한빛상사', nameEn: 'Hanbit', birthday: '2000-01-01' },
      }),
    );
    expect(issuesOf(bareCorp).sort()).toEqual([
      'body.receiver.birthday validation.addressBook.notApplicable',
      'body.receiver.incorporationDate validation.required',
      'body.receiver.representativeNameEn validation.required',
      'body.receiver.representativeNameKo validation.required',
    ]);
    const badDate = await create(draft({ address: EVM_C, receiver: { ...INDIVIDUAL, birthday: '1990-13-45' } }));
    expect(badDate.json().code).toBe('4000');
    const corp = await create(draft({ address: EVM_C, receiverType: 'CORPORATION', receiver: CORPORATION }));
    expect(corp.statusCode, corp.body).toBe(200);
    expect(corp.json().receiver).toMatchObject({
      nameKo: '한**사',
      representativeNameEn: 'Y**********e',
      incorporationDate: '****-**-30',
      birthday: null,
    });
  });

  it("takes a company's registered name with its punctuation, and only letters and spaces for a person", async () => {
    const company = { ...CORPORATION, nameKo: '한빛무역 주식회사', nameEn: 'Hanbit Trading Co., Ltd.' };
    const corp = await create(draft({ address: EVM_D, receiverType: 'CORPORATION', receiver: company }));
    expect(corp.statusCode, corp.body).toBe(200);
    const person = await create(draft({ address: EVM_B, receiver: { ...INDIVIDUAL, nameEn: 'Minsu Kim Co., Ltd.' } }));
    expect(issuesOf(person)).toEqual(['body.receiver.nameEn validation.personName.invalid']);
    const script = await create(
      draft({ address: EVM_B, receiverType: 'CORPORATION', receiver: { ...company, nameEn: 'A<b>' } }),
    );
    expect(script.json().code).toBe('4000');
    expect(script.body).not.toContain('<b>');
  });

  it('asks a known VASP of an exchange entry, and none of a self-managed one', async () => {
    const vaspId = await insertVasp(s.t, 'Registering Exchange');
    const address = evmAddress();
    expect(issuesOf(await create(draft({ address, walletType: 'VASP' })))).toEqual([
      'body.vaspId validation.addressBook.vaspRequired',
    ]);
    const unknownVasp = draft({ address, walletType: 'VASP', vaspId: '00000000-0000-4000-8000-000000000000' });
    expect(issuesOf(await create(unknownVasp))).toEqual(['body.vaspId validation.addressBook.vaspRequired']);
    expect(issuesOf(await create(draft({ address, vaspId })))).toEqual([
      'body.vaspId validation.addressBook.notApplicable',
    ]);
  });

  it("refuses one of the organization's own wallets, on any network of its family", async () => {
    const wallet = await createWallet(s.owner, s.organizationId, 'SEPOLIA', 'Own hot wallet');
    for (const address of [wallet.address, wallet.address.toLowerCase()]) {
      expect(issuesOf(await create(draft({ address })))).toEqual(['body.address validation.addressBook.ownWallet']);
    }
  });

  it('refuses a sanctioned address', async () => {
    await s.t.testDb.database.db.insert(sanctionedAddresses).values({
      list: 'test-list',
      chain: 'ETH',
      address: EVM_B,
      addressKey: EVM_B.toLowerCase(),
      entity: 'Listed Entity',
    });
    const res = await create(draft({ address: EVM_B.toLowerCase() }));
    expect(issuesOf(res)).toEqual(['body.address validation.addressBook.sanctioned']);
  });
});

describe('list and detail', () => {
  it('lists entries with receivers masked; detail whole for address-book managers, masked for plain readers', async () => {
    const list = await s.reader.post(listOf(s.organizationId), { filters: { search: 'cold' } });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, page: 1 });
    const item = list.json().items[0];
    expect(item.receiver).toEqual({
      nameKo: '김*수',
      nameEn: 'M*******m',
      representativeNameKo: null,
      representativeNameEn: null,
      birthday: '****-**-15',
      incorporationDate: null,
      address: 'Seoul…',
      phone: '+** **-****-5678',
      masked: true,
    });
    const manager = (await s.creator.request('GET', one(item.id))).json();
    expect(manager.receiver).toEqual({
      ...INDIVIDUAL,
      representativeNameKo: null,
      representativeNameEn: null,
      incorporationDate: null,
      masked: false,
    });
    expect(manager.verifications).toEqual([]);
    for (const b of [s.deleter, s.owner])
      expect((await b.request('GET', one(item.id))).json().receiver.masked).toBe(false);
    const plain = await s.reader.request('GET', one(item.id));
    expect(plain.statusCode).toBe(200);
    expect(plain.json().receiver).toEqual(item.receiver);
    expect(plain.body).not.toContain('Minsu');
  });

  it('filters by token, wallet type and state, sorts and pages', async () => {
    const url = listOf(s.organizationId);
    const all = (await s.reader.post(url, {})).json();
    expect(all.total).toBeGreaterThanOrEqual(5);
    const usdt = (await s.reader.post(url, { filters: { tokenId: ['ETHEREUM.USDT'] } })).json();
    expect(usdt.items.map((i: { tokenId: string }) => i.tokenId)).toEqual(['ETHEREUM.USDT']);
    expect((await s.reader.post(url, { filters: { walletType: 'VASP' } })).json().total).toBe(0);
    const byName = (await s.reader.post(url, { sort: [{ field: 'name', direction: 'ASC' }], size: 2 })).json();
    expect(byName.items[0].name).toBe('Cold storage');
    expect(byName).toMatchObject({ size: 2, total: all.total });
    expect((await s.reader.post(url, { page: 99 })).json().items).toEqual([]);
    expect((await s.reader.post(url, { filters: { state: ['DELETED'] } })).json().total).toBe(0);
  });
});

describe('deleting', () => {
  it('needs a correct fresh code, deletes softly, frees name and pair, and answers 4022 the second time', async () => {
    const address = evmAddress();
    const entry = (await create(draft({ name: 'Temporary', address }))).json();
    expect(entry.state).toBe('REGISTERED');
    expect((await s.deleter.request('DELETE', one(entry.id), {})).json().code).toBe('4000');
    const wrong = await s.deleter.request('DELETE', one(entry.id), { otpCode: await s.deleter.encrypt('000000') });
    expect(wrong.json().code).toBe('4004');
    expect((await s.reader.request('GET', one(entry.id))).json().state).toBe('REGISTERED');

    const ok = await s.deleter.request('DELETE', one(entry.id), { otpCode: await s.deleter.otp() });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ ok: true });
    const again = await s.deleter.request('DELETE', one(entry.id), { otpCode: await s.deleter.otp() });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('4022');

    const detail = (await s.reader.request('GET', one(entry.id))).json();
    expect(detail.state).toBe('DELETED');
    expect(detail.deletedAt).not.toBeNull();
    const url = listOf(s.organizationId);
    const live = (await s.reader.post(url, { filters: { search: 'Temporary' } })).json();
    expect(live.total).toBe(0);
    const deleted = (await s.reader.post(url, { filters: { search: 'Temporary', state: ['DELETED'] } })).json();
    expect(deleted.items.map((i: { id: string }) => i.id)).toEqual([entry.id]);

    const reused = await create(draft({ name: 'temporary', address }));
    expect(reused.statusCode, reused.body).toBe(200);
    expect(reused.json().id).not.toBe(entry.id);
  });
});
