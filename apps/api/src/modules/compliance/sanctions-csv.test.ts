import { describe, expect, it } from 'vitest';
import { addressKeyOf, tagFamily } from './sanctions-chains.js';
import { parseSanctionsCsv } from './sanctions-csv.js';

/** The sanctions CSV parser and the chain tags: pure, no database. */

const EVM = '0x8589427373D6D84E98730D7795D8f6f8731FDA16';
const BTC_BECH32 = 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4';
const BTC_LEGACY = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';

describe('chain tags', () => {
  it('maps list tags and product blockchains onto families; unknown tags onto none', () => {
    expect(tagFamily('ETH', EVM)).toBe('evm');
    expect(tagFamily('bsc', EVM)).toBe('evm');
    expect(tagFamily('POLYGON', EVM)).toBe('evm');
    expect(tagFamily('XBT', BTC_LEGACY)).toBe('btc');
    expect(tagFamily('BTC', BTC_LEGACY)).toBe('btc');
    expect(tagFamily('BITCOIN_TESTNET', BTC_LEGACY)).toBe('btc');
    expect(tagFamily('SOL', 'x')).toBe('sol');
    // A token on several chains: EVM when hex, else a chain the product does not serve (Tron).
    expect(tagFamily('USDT', EVM)).toBe('evm');
    expect(tagFamily('USDT', 'TXmVpin5vq5gdZsciyyjdZgKRUju4st1wM')).toBeNull();
    expect(tagFamily('TRX', 'TXmVpin5vq5gdZsciyyjdZgKRUju4st1wM')).toBeNull();
    expect(tagFamily('EOS', 'abcdefghijkl')).toBeNull();
  });

  it('keys EVM and bech32 addresses lower-case, base58 as given', () => {
    expect(addressKeyOf('evm', ` ${EVM} `)).toBe(EVM.toLowerCase());
    expect(addressKeyOf('btc', BTC_BECH32)).toBe(BTC_BECH32.toLowerCase());
    expect(addressKeyOf('btc', BTC_LEGACY)).toBe(BTC_LEGACY);
    expect(addressKeyOf(null, 'TXmVpin5vq5gdZsciyyjdZgKRUju4st1wM')).toBe('TXmVpin5vq5gdZsciyyjdZgKRUju4st1wM');
  });
});

describe('parseSanctionsCsv', () => {
  it('reads address, chain and listing; quoted fields, CRLF, a BOM and blank lines', () => {
    const csv = `\uFEFFaddress,chain,listing\r\n${EVM},ETH,"LAZARUS GROUP, a.k.a. ""APT38"""\r\n\r\n${BTC_BECH32},XBT,Someone\n`;
    const parsed = parseSanctionsCsv(csv);
    expect(parsed).toEqual({
      ok: true,
      skipped: 0,
      rows: [
        {
          chain: 'ETH',
          address: EVM,
          addressKey: EVM.toLowerCase(),
          entity: 'LAZARUS GROUP, a.k.a. "APT38"',
          listedAt: null,
        },
        { chain: 'XBT', address: BTC_BECH32, addressKey: BTC_BECH32.toLowerCase(), entity: 'Someone', listedAt: null },
      ],
    });
  });

  it('finds columns by name in any order, ignores others, and prefers entity over listing', () => {
    const csv = [
      'SDN ID, Listed_Date ,Entity,Digital Currency Address,Currency,Listing,program',
      `123,2022-08-08,TORNADO CASH,${EVM},ETH,SDN,CYBER2`,
      // A quoted field after spaces, and a multi-line quoted name.
      `124, "2020-03-02","Multi\nline",${BTC_LEGACY},XBT,SDN,CYBER2`,
    ].join('\n');
    const parsed = parseSanctionsCsv(csv);
    expect(parsed.ok && parsed.rows.map((r) => [r.entity, r.listedAt, r.chain])).toEqual([
      ['TORNADO CASH', '2022-08-08', 'ETH'],
      ['Multi\nline', '2020-03-02', 'XBT'],
    ]);
  });

  it('counts bad rows as skipped: wrong field count, bad address for the family, stray quotes, repeats', () => {
    const csv = [
      'address,chain,listing',
      `${EVM},ETH,Good`,
      `${EVM},ETH,Good`, // the same listing again
      `${EVM},ETH`, // a field short
      '0x1234,ETH,Short hex', // not 40 hex digits
      `${BTC_LEGACY}x,XBT,Bad checksum`,
      `${EVM},ETH,Bad"quote`,
      `"${EVM}"junk,ETH,After the quote`,
      'has space,TRX,Spaces',
      `${EVM},,No chain`,
      `${EVM},ETH,`, // no listed party
      'TXmVpin5vq5gdZsciyyjdZgKRUju4st1wM,TRX,Tron kept as given',
    ].join('\n');
    const parsed = parseSanctionsCsv(csv);
    expect(parsed.ok && parsed.rows.map((r) => r.entity)).toEqual(['Good', 'Tron kept as given']);
    expect(parsed.ok && parsed.skipped).toBe(9);
  });

  it('refuses a file it cannot read as a whole, naming only the problem', () => {
    expect(parseSanctionsCsv('address,chain,listing\n"open,ETH,x')).toEqual({
      ok: false,
      problem: 'unterminated-quote',
    });
    expect(parseSanctionsCsv('\n\n')).toEqual({ ok: false, problem: 'no-header' });
    expect(parseSanctionsCsv(`address,chain\n${EVM},ETH`)).toEqual({ ok: false, problem: 'missing-columns' });
    expect(parseSanctionsCsv(`name,value\n${EVM},ETH`)).toEqual({ ok: false, problem: 'missing-columns' });
    expect(parseSanctionsCsv('address,chain,listing\n\u0000\u0001')).toEqual({ ok: false, problem: 'not-text' });
    // Rows there but none usable: the wrong file must not empty the list.
    expect(parseSanctionsCsv('address,chain,listing\nnot an address,ETH,x')).toEqual({
      ok: false,
      problem: 'no-usable-rows',
    });
    // A header alone is a list with nothing on it.
    expect(parseSanctionsCsv('address,chain,listing\n')).toEqual({ ok: true, rows: [], skipped: 0 });
  });
});
