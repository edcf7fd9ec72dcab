import { AddressBookInput } from '@vaultline/contracts';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_REGISTER_VALUES,
  fieldError,
  fieldOfIssuePath,
  needsMemo,
  type RegisterValues,
  receiverFieldsFor,
  stepErrors,
  stepFields,
  stepOfField,
  toAddressBookInput,
} from './register-steps';

const texts = { tokenRequired: 'token!', vaspRequired: 'vasp!', dateInFuture: 'future!' };
const values = (over: Partial<RegisterValues> = {}): RegisterValues => ({ ...EMPTY_REGISTER_VALUES, ...over });
const fieldsOf = (...args: Parameters<typeof receiverFieldsFor>) =>
  receiverFieldsFor(...args).map((f) => `${f.field}${f.required ? '*' : ''}`);

const filled = values({
  tokenId: 'ETHEREUM.ETH',
  address: ' 0x52908400098527886E0F7030069857D2E4169EE7 ',
  name: ' Treasury ',
  nameKo: '홍길동',
  nameEn: 'Gildong Hong',
  representativeNameKo: '김대표',
  representativeNameEn: 'Daepyo Kim',
  birthday: '1990-01-15',
  incorporationDate: '2015-03-02',
  receiverAddress: '123 Teheran-ro',
  phone: '+82 10-1234-5678',
});

describe('the receiver fields each wallet and receiver type asks', () => {
  it('asks a self-managed individual for names and birthday, and optionally address and phone', () => {
    expect(fieldsOf('PERSONAL', 'INDIVIDUAL')).toEqual(['nameKo*', 'nameEn*', 'birthday*', 'receiverAddress', 'phone']);
  });

  it('asks an exchange individual only what the travel rule matches: names and birthday, no contact', () => {
    expect(fieldsOf('VASP', 'INDIVIDUAL')).toEqual(['nameKo*', 'nameEn*', 'birthday*']);
  });

  it('asks a corporation for its representative and incorporation date; a self-managed one for contact too', () => {
    expect(fieldsOf('PERSONAL', 'CORPORATION')).toEqual([
      'nameKo*',
      'nameEn*',
      'representativeNameKo*',
      'representativeNameEn*',
      'incorporationDate*',
      'receiverAddress',
      'phone',
    ]);
    expect(fieldsOf('VASP', 'CORPORATION')).toEqual([
      'nameKo*',
      'nameEn*',
      'representativeNameKo*',
      'representativeNameEn*',
      'incorporationDate*',
    ]);
  });

  it('never asks an individual for corporate fields, nor a corporation for a birthday', () => {
    for (const wallet of ['PERSONAL', 'VASP'] as const) {
      const individual = receiverFieldsFor(wallet, 'INDIVIDUAL').map((f) => f.field);
      const corporation = receiverFieldsFor(wallet, 'CORPORATION').map((f) => f.field);
      expect(individual).not.toContain('incorporationDate');
      expect(individual).not.toContain('representativeNameKo');
      expect(corporation).not.toContain('birthday');
    }
  });
});

describe('the fields of each step', () => {
  it('asks a memo only on EOS-type networks', () => {
    expect(needsMemo('BIZAUTO.BIZA')).toBe(true);
    expect(needsMemo('ETHEREUM.USDT')).toBe(false);
    expect(needsMemo(null)).toBe(false);
    expect(stepFields('destination', values({ tokenId: 'BIZAUTO.BIZA' }))).toEqual([
      'tokenId',
      'address',
      'memo',
      'name',
    ]);
    expect(stepFields('destination', values({ tokenId: 'BITCOIN.BTC' }))).toEqual(['tokenId', 'address', 'name']);
  });

  it('asks for the exchange only for an exchange entry', () => {
    expect(stepFields('wallet', values())).toEqual(['walletType']);
    expect(stepFields('wallet', values({ walletType: 'VASP' }))).toEqual(['walletType', 'vaspId']);
  });

  it('asks the receiver fields of the chosen types, and nothing at review', () => {
    expect(stepFields('receiver', values({ walletType: 'VASP' }))).toEqual([
      'receiverType',
      'nameKo',
      'nameEn',
      'birthday',
    ]);
    expect(stepFields('review', filled)).toEqual([]);
  });

  it('places every field in its step', () => {
    expect(stepOfField('memo')).toBe('destination');
    expect(stepOfField('vaspId')).toBe('wallet');
    expect(stepOfField('incorporationDate')).toBe('receiver');
    expect(fieldOfIssuePath('receiver.address')).toBe('receiverAddress');
    expect(fieldOfIssuePath('receiver.birthday')).toBe('birthday');
    expect(fieldOfIssuePath('nonsense')).toBeNull();
  });
});

describe('checking a step', () => {
  it('stops the first step without token, address or name', () => {
    const errors = stepErrors('destination', values(), 'en', texts);
    expect(errors.tokenId).toBe('token!');
    expect(errors.address).toBe('This field is required.');
    expect(errors.name).toBe('This field is required.');
  });

  it('wants the exchange chosen only for an exchange entry', () => {
    expect(stepErrors('wallet', values(), 'en', texts)).toEqual({});
    expect(stepErrors('wallet', values({ walletType: 'VASP' }), 'en', texts)).toEqual({ vaspId: 'vasp!' });
  });

  it('requires a birthday of an individual, and leaves address and phone optional', () => {
    const personal = values({ nameKo: '홍길동', nameEn: 'Gildong Hong' });
    expect(stepErrors('receiver', personal, 'ko', texts)).toEqual({ birthday: '필수 입력 항목입니다.' });
    expect(stepErrors('receiver', { ...personal, birthday: '1990-01-15' }, 'en', texts)).toEqual({});
  });

  it('checks optional fields only once filled in, and dates by their format', () => {
    const personal = values({ nameKo: '홍길동', nameEn: 'Gildong Hong', phone: 'call me', birthday: '1990-13-40' });
    expect(stepErrors('receiver', personal, 'en', texts)).toEqual({
      phone: 'Enter a phone number of digits, spaces, + and -.',
      birthday: 'Enter a date as YYYY-MM-DD.',
    });
  });

  it('refuses names with digits and dates in the future', () => {
    expect(fieldError('nameEn', values({ nameEn: 'Hong 2' }), 'en', texts)).toMatch(/./);
    expect(fieldError('birthday', values({ birthday: '2999-01-01' }), 'en', texts)).toBe('future!');
  });

  it('does not check fields the chosen types do not ask', () => {
    const v = values({ receiverType: 'INDIVIDUAL', incorporationDate: 'garbage', representativeNameEn: '1' });
    expect(fieldError('incorporationDate', v, 'en', texts)).toBeNull();
    expect(fieldError('representativeNameEn', v, 'en', texts)).toBeNull();
    expect(fieldError('memo', values({ tokenId: 'ETHEREUM.ETH', memo: 'x'.repeat(300) }), 'en', texts)).toBeNull();
  });
});

describe('the body sent', () => {
  it('sends a self-managed individual without an exchange or corporate fields, trimmed', () => {
    const body = toAddressBookInput({ ...filled, vaspId: '5b1b3a4e-3f55-4f52-9c44-2b8f1c0c8a10' });
    expect(body).toEqual({
      name: 'Treasury',
      tokenId: 'ETHEREUM.ETH',
      address: '0x52908400098527886E0F7030069857D2E4169EE7',
      walletType: 'PERSONAL',
      receiverType: 'INDIVIDUAL',
      receiver: {
        nameKo: '홍길동',
        nameEn: 'Gildong Hong',
        birthday: '1990-01-15',
        address: '123 Teheran-ro',
        phone: '+82 10-1234-5678',
      },
    });
    expect(AddressBookInput.safeParse(body).success).toBe(true);
  });

  it('sends an exchange corporation with its exchange and only what the travel rule matches', () => {
    const body = toAddressBookInput({
      ...filled,
      walletType: 'VASP',
      vaspId: '5b1b3a4e-3f55-4f52-9c44-2b8f1c0c8a10',
      receiverType: 'CORPORATION',
    });
    expect(body.vaspId).toBe('5b1b3a4e-3f55-4f52-9c44-2b8f1c0c8a10');
    expect(body.receiver).toEqual({
      nameKo: '홍길동',
      nameEn: 'Gildong Hong',
      representativeNameKo: '김대표',
      representativeNameEn: 'Daepyo Kim',
      incorporationDate: '2015-03-02',
    });
    expect(AddressBookInput.safeParse(body).success).toBe(true);
  });

  it('sends a memo only on a network that carries one', () => {
    expect(toAddressBookInput({ ...filled, memo: '123' }).memo).toBeUndefined();
    expect(toAddressBookInput({ ...filled, tokenId: 'BIZAUTO.BIZA', memo: ' 123 ' }).memo).toBe('123');
    expect(toAddressBookInput({ ...filled, tokenId: 'BIZAUTO.BIZA', memo: ' ' })).not.toHaveProperty('memo');
  });
});
