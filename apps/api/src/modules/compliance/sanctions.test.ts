import { toChecksumAddress } from '@vaultline/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { sanctionedAddresses } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { TestBrowser } from '../../test/browser.js';
import { createMember, grant, signIn } from '../../test/fixtures.js';
import { sanctionsCheck } from './sanctions.service.js';

/** Operators' sanctions import (replace semantics, bad rows, malformed files, roles) and the sanctions check. */
let t: TestApp;
let db: Db;
let operator: TestBrowser;
let viewerOperator: TestBrowser;
let owner: TestBrowser;

// OFAC lists addresses like these; lower-case in the file, checksummed when a member types them.
const TORNADO = '0x8589427373d6d84e98730d7795d8f6f8731fda16';
const BTC_BECH32 = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const BTC_LEGACY = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';
const CLEAN_EVM = toChecksumAddress('0x00000000219ab540356cbb839cbe05303d7705fa');

const IMPORT = '/api/v1/operator/compliance/sanctions';

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_FACTOR: '20' });
  db = t.testDb.database.db;
  const op = await createMember(db, t.config, { kind: 'OPERATOR', operatorRole: 'ADMINISTRATOR' });
  const opV = await createMember(db, t.config, { kind: 'OPERATOR', operatorRole: 'VIEWER' });
  const o = await createMember(db, t.config);
  await grant(db, o.id, ['OWNER']);
  operator = await signIn(t, op);
  viewerOperator = await signIn(t, opV);
  owner = await signIn(t, o);
});
afterAll(async () => {
  await t?.close();
});

const csv = (...rows: string[]) => ['address,chain,listing,listed_at', ...rows].join('\n');

describe('sanctions import', () => {
  it('imports a list, counts bad rows as skipped, and replaces the list on the next import', async () => {
    const first = await operator.post(IMPORT, {
      list: 'OFAC SDN',
      csv: csv(
        `${TORNADO},ETH,TORNADO CASH,2022-08-08`,
        `${BTC_BECH32.toUpperCase()},XBT,"LAZARUS GROUP, a.k.a. APT38",2019-09-13`,
        `${BTC_LEGACY},XBT,Old Listing,`,
        'TXmVpin5vq5gdZsciyyjdZgKRUju4st1wM,USDT,Tron Party,2023-01-01',
        'not-hex,ETH,Broken Row,',
        `${TORNADO},ETH`,
      ),
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ list: 'OFAC SDN', imported: 4, skipped: 2 });

    // Another list is untouched by replacing this one.
    const other = await operator.post(IMPORT, { list: 'Local', csv: csv(`${TORNADO},POLYGON,Local Listing,`) });
    expect(other.json()).toEqual({ list: 'Local', imported: 1, skipped: 0 });

    const again = await operator.post(IMPORT, {
      list: 'OFAC SDN',
      csv: csv(`${TORNADO},ETH,TORNADO CASH,2022-08-08`, `${BTC_BECH32},XBT,LAZARUS GROUP,2019-09-13`),
    });
    expect(again.json()).toEqual({ list: 'OFAC SDN', imported: 2, skipped: 0 });
    const rows = await db.select().from(sanctionedAddresses);
    expect(rows.filter((r) => r.list === 'OFAC SDN').map((r) => r.entity)).toEqual(
      expect.arrayContaining(['TORNADO CASH', 'LAZARUS GROUP']),
    );
    expect(rows.filter((r) => r.list === 'OFAC SDN')).toHaveLength(2);
    expect(rows.filter((r) => r.list === 'Local')).toHaveLength(1);
    expect(await sanctionsCheck(db).isSanctioned('BITCOIN', BTC_LEGACY)).toBe(false);
  });

  it('two imports of one list at once leave one file, never the union of both', async () => {
    const a = csv(`${CLEAN_EVM},ETH,Race A,`);
    const b = csv(`${TORNADO},ETH,Race B,`, `${BTC_LEGACY},XBT,Race B,`);
    const answers = await Promise.all([
      operator.post(IMPORT, { list: 'Race', csv: a }),
      operator.post(IMPORT, { list: 'Race', csv: b }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const entities = (await db.select().from(sanctionedAddresses))
      .filter((r) => r.list === 'Race')
      .map((r) => r.entity);
    expect([['Race A'], ['Race B', 'Race B']]).toContainEqual(entities);
    await operator.post(IMPORT, { list: 'Race', csv: csv() });
    expect((await db.select().from(sanctionedAddresses)).filter((r) => r.list === 'Race')).toEqual([]);
  });

  it('refuses a malformed file with 4000 on body.csv, never echoing it, and keeps the list', async () => {
    const secret = 'SECRET-CONTENT-7731';
    for (const file of [`"${secret},ETH,x`, `name,value\n${secret},1`, `address,chain,listing\n${secret},ETH,x`]) {
      const res = await operator.post(IMPORT, { list: 'OFAC SDN', csv: file });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        code: '4000',
        data: { issues: [{ path: 'body.csv', key: 'validation.sanctions.csvInvalid' }] },
      });
      expect(res.body).not.toContain(secret);
    }
    expect((await operator.post(IMPORT, { list: 'OFAC SDN', csv: '' })).json().code).toBe('4000');
    expect(await sanctionsCheck(db).isSanctioned('ETHEREUM', TORNADO)).toBe(true);
  });

  it('is for operators of a deciding role only: members and viewers 403, guests 401', async () => {
    const body = { list: 'OFAC SDN', csv: csv(`${CLEAN_EVM},ETH,Nobody,`) };
    const viewer = await viewerOperator.post(IMPORT, body);
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json()).toMatchObject({ code: '403', data: { ability: 'importSanctions' } });
    expect((await owner.post(IMPORT, body)).statusCode).toBe(403);
    expect((await new TestBrowser(t.app).post(IMPORT, body)).statusCode).toBe(401);
    expect(await sanctionsCheck(db).isSanctioned('ETHEREUM', CLEAN_EVM)).toBe(false);
  });
});

describe('isSanctioned', () => {
  it('matches an EVM listing on every EVM network, whatever the letter case', async () => {
    const check = sanctionsCheck(db);
    for (const chain of ['ETHEREUM', 'POLYGON', 'BASE', 'SEPOLIA', 'ZKSYNC_ERA'] as const) {
      expect(await check.isSanctioned(chain, toChecksumAddress(TORNADO)), chain).toBe(true);
      expect(await check.isSanctioned(chain, TORNADO.toUpperCase().replace('0X', '0x')), chain).toBe(true);
    }
    expect(await check.isSanctioned('ETHEREUM', CLEAN_EVM)).toBe(false);
    // Another family never matches an EVM listing, nor a chain the product does not serve (the Tron row).
    expect(await check.isSanctioned('SOLANA', TORNADO)).toBe(false);
  });

  it('matches bech32 bitcoin addresses in either case; testnet addresses differ from mainnet ones', async () => {
    const check = sanctionsCheck(db);
    expect(await check.isSanctioned('BITCOIN', BTC_BECH32)).toBe(true);
    expect(await check.isSanctioned('BITCOIN', BTC_BECH32.toUpperCase())).toBe(true);
    expect(await check.isSanctioned('BITCOIN_TESTNET', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).toBe(false);
  });
});
