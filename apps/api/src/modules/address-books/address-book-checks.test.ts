import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanctionedAddresses } from '../../db/schema/index.js';
import {
  BOOK,
  type BookScene,
  bookScene,
  CORPORATION,
  draft,
  EN,
  EVM_A,
  EVM_D,
  evmAddress,
  flipCase,
  INDIVIDUAL,
  VALIDATE,
} from '../../test/address-book-fixtures.js';

/** The register form's validate calls: the create rules, answered field by field as issues. */
let s: BookScene;
beforeAll(async () => {
  s = await bookScene();
  expect((await s.creator.post(BOOK, draft({ name: 'Exchange Hot', address: EVM_A }))).statusCode).toBe(200);
  await s.t.testDb.database.db.insert(sanctionedAddresses).values({
    list: 'test-list',
    chain: 'ETH',
    address: EVM_D,
    addressKey: EVM_D.toLowerCase(),
    entity: 'Listed Entity',
  });
});
afterAll(async () => {
  await s?.t.close();
});

const ask = (url: string, body: unknown) => s.creator.request('POST', url, body, EN);
type Answer = { valid: boolean; issues: { path: string; key: string; message: string }[] };
const keys = (a: Answer) => a.issues.map((i) => `${i.path} ${i.key}`).sort();

describe('validate-address-book-context', () => {
  it('passes a complete, free draft', async () => {
    const res = await ask(VALIDATE.context, { draft: draft({ address: evmAddress() }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ valid: true, issues: [] });
  });

  it('answers every rule of a draft at once, by field path, translated', async () => {
    const answer: Answer = (
      await ask(VALIDATE.context, {
        draft: {
          name: 'exchange hot',
          tokenId: 'ETHEREUM.ETH',
          address: EVM_A.toLowerCase(),
          memo: 'nope',
          walletType: 'VASP',
          receiverType: 'CORPORATION',
          receiver: { nameKo: '한빛상사', nameEn: 'Hanbit', birthday: '1990-01-01' },
        },
      })
    ).json();
    expect(answer.valid).toBe(false);
    expect(keys(answer)).toEqual([
      'address validation.addressBook.duplicate',
      'memo validation.addressBook.memoNotSupported',
      'name validation.addressBook.nameTaken',
      'receiver.birthday validation.addressBook.notApplicable',
      'receiver.incorporationDate validation.required',
      'receiver.representativeNameEn validation.required',
      'receiver.representativeNameKo validation.required',
      'vaspId validation.addressBook.vaspRequired',
    ]);
    expect(answer.issues.find((i) => i.path === 'memo')!.message).toBe('This network does not carry a memo.');
  });

  it('judges an incomplete or malformed draft as far as it goes, never echoing it', async () => {
    const answer: Answer = (
      await ask(VALIDATE.context, {
        draft: {
          name: 'Fine',
          tokenId: 'ETHEREUM.ETH',
          address: 'ZZmarker',
          receiverType: 'INDIVIDUAL',
          odd: 'ZZmarker',
        },
      })
    ).json();
    expect(keys(answer)).toEqual([
      ' validation.invalid',
      'address validation.address.invalid',
      'receiver validation.required',
      'walletType validation.required',
    ]);
    expect(JSON.stringify(answer)).not.toContain('ZZmarker');
    const empty: Answer = (await ask(VALIDATE.context, { draft: {} })).json();
    expect(keys(empty)).toContain('name validation.required');
    expect(keys(empty)).toContain('receiver validation.required');
    const bad = (await ask(VALIDATE.context, { draft: 'x' })).json();
    expect(bad.code).toBe('4000');
  });

  it("flags the organization's sanctioned addresses and individual's missing birthday", async () => {
    const answer: Answer = (
      await ask(VALIDATE.context, {
        draft: draft({ address: EVM_D, receiver: { nameKo: INDIVIDUAL.nameKo, nameEn: INDIVIDUAL.nameEn } }),
      })
    ).json();
    expect(keys(answer)).toEqual([
      'address validation.addressBook.sanctioned',
      'receiver.birthday validation.required',
    ]);
    const corp = await ask(VALIDATE.context, {
      draft: draft({ address: evmAddress(), receiverType: 'CORPORATION', receiver: CORPORATION }),
    });
    expect(corp.json()).toEqual({ valid: true, issues: [] });
  });
});

describe('the single-field checks', () => {
  it('name: taken case-insensitively among live entries', async () => {
    expect((await ask(VALIDATE.name, { name: 'EXCHANGE HOT' })).json()).toEqual({ exists: true });
    expect((await ask(VALIDATE.name, { name: 'Exchange Cold' })).json()).toEqual({ exists: false });
    expect((await ask(VALIDATE.name, { name: '' })).json().code).toBe('4000');
  });

  it("address: valid on the token's network with its checksum, and a memo only where carried", async () => {
    const check = async (body: unknown) => keys((await ask(VALIDATE.address, body)).json());
    expect(await check({ tokenId: 'ETHEREUM.USDT', address: EVM_A })).toEqual([]);
    expect(await check({ tokenId: 'ETHEREUM.USDT', address: ` ${EVM_A.toLowerCase()} ` })).toEqual([]);
    expect(await check({ tokenId: 'ETHEREUM.ETH', address: flipCase(EVM_A) })).toEqual([
      'address validation.address.invalid',
    ]);
    const invalid = (await ask(VALIDATE.address, { tokenId: 'BITCOIN.BTC', address: EVM_A })).json();
    expect(invalid.issues[0].message).toBe('This is not a valid address on BITCOIN.');
    expect(await check({ tokenId: 'BIZAUTO.BIZA', address: 'vaultlinetst', memo: 'tag 7' })).toEqual([]);
    expect(
      await check({ tokenId: 'SOLANA.SOL', address: 'So11111111111111111111111111111111111111112', memo: 'x' }),
    ).toEqual(['memo validation.addressBook.memoNotSupported']);
    expect(await check({ tokenId: 'ETHEREUM.NOPE', address: EVM_A })).toEqual(['tokenId validation.token.unknown']);
    expect(await check({ tokenId: 'ETHEREUM.ETH', address: '  ' })).toEqual(['address validation.required']);
  });

  it('duplicate: a live entry holds the (token, address) pair, by its canonical form', async () => {
    const dup = (body: unknown) => ask(VALIDATE.duplicate, body).then((r) => r.json());
    expect(await dup({ tokenId: 'ETHEREUM.ETH', address: EVM_A.toLowerCase() })).toEqual({ duplicate: true });
    expect(await dup({ tokenId: 'ETHEREUM.USDT', address: EVM_A })).toEqual({ duplicate: false });
    expect(await dup({ tokenId: 'ETHEREUM.NOPE', address: EVM_A })).toEqual({ duplicate: false });
    expect((await ask(VALIDATE.duplicate, { tokenId: 'ETHEREUM.ETH' })).json().code).toBe('4000');
  });
});
