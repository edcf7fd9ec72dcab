import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import {
  maskAddress,
  maskDate,
  maskName,
  maskPhone,
  maySeeReceiver,
  sealReceiver,
  unsealReceiver,
} from './receiver.js';

describe('receiver masking', () => {
  it('keeps the first and last character of a name, by code point', () => {
    expect(maskName('김민수')).toBe('김*수');
    expect(maskName('Minsu Kim')).toBe('M*******m');
    expect(maskName('김수')).toBe('김*');
    expect(maskName('A')).toBe('*');
  });

  it('shows only the day of a date, the last four digits of a phone, the first word of an address', () => {
    expect(maskDate('1990-04-15')).toBe('****-**-15');
    expect(maskPhone('+82 10-1234-5678')).toBe('+** **-****-5678');
    expect(maskPhone('010 1234')).toBe('*** 1234');
    expect(maskAddress('  Seoul Gangnam-gu Teheran-ro 1')).toBe('Seoul…');
  });

  it('shows the whole receiver only to the managers of the address book', () => {
    expect(maySeeReceiver(['WALLETS_VIEW'])).toBe(false);
    for (const p of ['ADDRESS_BOOK_CREATION', 'ADDRESS_BOOK_UPDATE', 'ADDRESS_BOOK_DELETION'] as const) {
      expect(maySeeReceiver([p])).toBe(true);
    }
  });

  it('seals under the master key and its own context', () => {
    const { masterKey } = loadConfig({ LOG_LEVEL: 'silent' });
    const receiver = { nameKo: '김민수', nameEn: 'Minsu Kim', birthday: '1990-04-15' };
    const sealed = sealReceiver(receiver, masterKey);
    expect(sealed).not.toContain('Minsu');
    expect(unsealReceiver(sealed, masterKey)).toEqual(receiver);
    expect(() => unsealReceiver(sealed, 'ab'.repeat(32))).toThrow();
  });
});
