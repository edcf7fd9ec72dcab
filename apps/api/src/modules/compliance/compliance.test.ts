import { randomUUID } from 'node:crypto';
import { toChecksumAddress } from '@vaultline/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { addressBookEntries, travelRuleInquiries, vasps, walletMembers } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { TestBrowser } from '../../test/browser.js';
import { createMember, createOrganization, grant, signIn } from '../../test/fixtures.js';
import { createWallet } from '../../test/wallet-fixtures.js';

/** Compliance: address verification (validity, sanctions listings, known VASP) and the VASP requests list. */
let t: TestApp;
let db: Db;
let operator: TestBrowser;
let owner: TestBrowser;
let creator: TestBrowser;
let nobody: TestBrowser;
let outsider: TestBrowser;
let orgA: string;
let orgB: string;
let ownerId: string;
let nobodyId: string;

// OFAC lists addresses like these; lower-case in the file, checksummed when a member types them.
const TORNADO = '0x8589427373d6d84e98730d7795d8f6f8731fda16';
const BTC_LEGACY = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';
const CLEAN_EVM = toChecksumAddress('0x00000000219ab540356cbb839cbe05303d7705fa');

const IMPORT = '/api/v1/operator/compliance/sanctions';
const VERIFY = '/api/v1/vasp/address-verification';
const REQUESTS = '/api/v1/vasp/vasp-requests';

const csv = (...rows: string[]) => ['address,chain,listing,listed_at', ...rows].join('\n');

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_FACTOR: '20' });
  db = t.testDb.database.db;
  orgA = (await createOrganization(db, 'Compliance Org A')).id;
  orgB = (await createOrganization(db, 'Compliance Org B')).id;
  const op = await createMember(db, t.config, { kind: 'OPERATOR', operatorRole: 'ADMINISTRATOR' });
  const o = await createMember(db, t.config, { organizationId: orgA });
  const c = await createMember(db, t.config, { organizationId: orgA });
  const n = await createMember(db, t.config, { organizationId: orgA });
  const x = await createMember(db, t.config, { organizationId: orgB });
  await grant(db, o.id, ['OWNER']);
  await grant(db, c.id, ['ADDRESS_BOOK_CREATION']);
  await grant(db, x.id, ['OWNER']);
  ownerId = o.id;
  nobodyId = n.id;
  operator = await signIn(t, op);
  owner = await signIn(t, o);
  creator = await signIn(t, c);
  nobody = await signIn(t, n);
  outsider = await signIn(t, x);
  // Two lists naming the same address under different tags: both listings are answered.
  for (const [list, rows] of [
    ['OFAC SDN', [`${TORNADO},ETH,TORNADO CASH,2022-08-08`]],
    ['Local', [`${TORNADO},POLYGON,Local Listing,`]],
  ] as const) {
    const res = await operator.post(IMPORT, { list, csv: csv(...rows) });
    if (res.statusCode !== 200) throw new Error(`import refused: ${res.body}`);
  }
});
afterAll(async () => {
  await t?.close();
});

describe('address verification', () => {
  it('answers invalid for a malformed address without looking it up', async () => {
    const res = await creator.post(VERIFY, { blockchain: 'ETHEREUM', address: TORNADO.slice(0, 20) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ valid: false, vasp: null, sanctioned: false, listings: [] });
    // A wrong EIP-55 checksum is a typo, not an address.
    const typo = `0x${toChecksumAddress(TORNADO)
      .slice(2)
      .replace(/[a-f]/, (c) => c.toUpperCase())}`;
    expect((await creator.post(VERIFY, { blockchain: 'ETHEREUM', address: typo })).json().valid).toBe(false);
  });

  it('names the listings of a sanctioned address, from every list, on any EVM network', async () => {
    const res = await nobody.post(VERIFY, { blockchain: 'POLYGON', address: toChecksumAddress(TORNADO) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ valid: true, vasp: null, sanctioned: true });
    expect(res.json().listings).toEqual(
      expect.arrayContaining([
        { list: 'OFAC SDN', entity: 'TORNADO CASH', listedAt: '2022-08-08' },
        { list: 'Local', entity: 'Local Listing', listedAt: null },
      ]),
    );
    const clean = await nobody.post(VERIFY, { blockchain: 'ETHEREUM', address: CLEAN_EVM });
    expect(clean.json()).toEqual({ valid: true, vasp: null, sanctioned: false, listings: [] });
  });

  it("names the VASP of the organization's own approved verification, and only that", async () => {
    const [vasp] = await db
      .insert(vasps)
      .values({ name: `Exchange ${randomUUID().slice(0, 6)}`, endpoint: 'https://vasp.example.com/trp' })
      .returning();
    await insertInquiry(orgA, { status: 'APPROVED', vaspId: vasp!.id, address: CLEAN_EVM });
    const known = await creator.post(VERIFY, { blockchain: 'ETHEREUM', address: CLEAN_EVM.toLowerCase() });
    expect(known.json()).toMatchObject({
      valid: true,
      vasp: { id: vasp!.id, name: vasp!.name, endpoint: 'https://vasp.example.com/trp' },
      sanctioned: false,
    });
    // Another network, another organization, or a rejected inquiry says nothing about where the address lives.
    expect((await creator.post(VERIFY, { blockchain: 'POLYGON', address: CLEAN_EVM })).json().vasp).toBeNull();
    expect((await outsider.post(VERIFY, { blockchain: 'ETHEREUM', address: CLEAN_EVM })).json().vasp).toBeNull();
    await insertInquiry(orgA, { status: 'REJECTED', vaspId: vasp!.id, address: BTC_LEGACY, blockchain: 'BITCOIN' });
    expect((await creator.post(VERIFY, { blockchain: 'BITCOIN', address: BTC_LEGACY })).json().vasp).toBeNull();
  });

  it('is for members: operators 403, guests 401', async () => {
    const body = { blockchain: 'ETHEREUM', address: CLEAN_EVM };
    expect((await operator.post(VERIFY, body)).statusCode).toBe(403);
    expect((await new TestBrowser(t.app).post(VERIFY, body)).statusCode).toBe(401);
    expect((await creator.post(VERIFY, { ...body, blockchain: 'NOPE' })).json().code).toBe('4000');
  });
});

describe('VASP requests', () => {
  it("lists the organization's inquiries newest first, paged, with the requester's name", async () => {
    const before = (await owner.request('GET', REQUESTS)).json().total as number;
    const base = Date.now() + 60_000;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(await insertInquiry(orgA, { createdAt: new Date(base + i * 1000), requestedBy: ownerId }));
    }
    await insertInquiry(orgB, { createdAt: new Date(base + 10_000) });

    const page1 = (await owner.request('GET', `${REQUESTS}?size=2`)).json();
    expect(page1).toMatchObject({ page: 1, size: 2, total: before + 3 });
    expect(page1.items.map((i: { id: string }) => i.id)).toEqual([ids[2], ids[1]]);
    expect(page1.items[0]).toMatchObject({
      direction: 'OUTGOING',
      blockchain: 'ETHEREUM',
      status: 'PENDING',
      code: null,
      attempts: 0,
      requestedBy: { id: ownerId, userName: 'Test Member' },
      answeredAt: null,
    });
    const page2 = (await owner.request('GET', `${REQUESTS}?size=2&page=2`)).json();
    expect(page2.items[0].id).toBe(ids[0]);
    const all = (await owner.request('GET', `${REQUESTS}?size=100`)).json().items as { id: string }[];
    expect(new Set(all.map((i) => i.id)).size).toBe(before + 3);
  });

  it("narrows to one address-book entry, and never shows another organization's rows", async () => {
    const entryId = await insertEntry(orgA);
    const mine = await insertInquiry(orgA, { addressBookId: entryId });
    const res = (await creator.request('GET', `${REQUESTS}?addressBookId=${entryId}`)).json();
    expect(res).toMatchObject({ total: 1, items: [{ id: mine, addressBookId: entryId }] });

    const theirs = (await outsider.request('GET', `${REQUESTS}?size=100`)).json();
    expect(theirs.total).toBe(1);
    expect(theirs.items.every((i: { addressBookId: string | null }) => i.addressBookId === null)).toBe(true);
    // Asking for A's entry from B finds nothing.
    expect((await outsider.request('GET', `${REQUESTS}?addressBookId=${entryId}`)).json().total).toBe(0);
  });

  it('is refused with 403 to a member who may not use the address book; 401 to guests; 4000 to bad paging', async () => {
    const refused = await nobody.request('GET', REQUESTS);
    expect(refused.statusCode).toBe(403);
    expect((await operator.request('GET', REQUESTS)).statusCode).toBe(403);
    expect((await new TestBrowser(t.app).request('GET', REQUESTS)).statusCode).toBe(401);
    expect((await owner.request('GET', `${REQUESTS}?size=0`)).json().code).toBe('4000');
    expect((await owner.request('GET', `${REQUESTS}?addressBookId=nope`)).json().code).toBe('4000');
  });

  it('is shown to a member of one of the wallets, who may choose address-book destinations', async () => {
    const wallet = await createWallet(owner, orgA, 'SEPOLIA', 'Compliance Wallet');
    await db.insert(walletMembers).values({ walletId: wallet.id, accountId: nobodyId, role: 'MEMBER' });
    const res = await nobody.request('GET', REQUESTS);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total).toBeGreaterThan(0);
  });
});

async function insertInquiry(
  organizationId: string,
  o: Partial<typeof travelRuleInquiries.$inferInsert> = {},
): Promise<string> {
  const [row] = await db
    .insert(travelRuleInquiries)
    .values({
      organizationId,
      direction: 'OUTGOING',
      counterparty: 'Test Exchange',
      blockchain: 'ETHEREUM',
      address: CLEAN_EVM,
      status: 'PENDING',
      requestPayload: {},
      ...o,
    })
    .returning({ id: travelRuleInquiries.id });
  return row!.id;
}

async function insertEntry(organizationId: string): Promise<string> {
  const [row] = await db
    .insert(addressBookEntries)
    .values({
      organizationId,
      name: `Entry ${randomUUID().slice(0, 6)}`,
      blockchain: 'ETHEREUM',
      tokenId: 'ETHEREUM.ETH',
      address: CLEAN_EVM,
      addressKey: CLEAN_EVM.toLowerCase(),
      walletType: 'PERSONAL',
      receiverType: 'INDIVIDUAL',
      receiverEnc: 'sealed',
      receiverMasked: {},
      state: 'REGISTERED',
    })
    .returning({ id: addressBookEntries.id });
  return row!.id;
}
