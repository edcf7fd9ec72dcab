import { vasps } from '../db/schema/index.js';
import { createTestApp, type TestApp } from './app.js';
import type { TestBrowser } from './browser.js';
import { createMember, createOrganization, grant, signIn, type TestMember } from './fixtures.js';

/** The address-book tests' scene: one organization with a member per role, and an outsider's organization. */

// EIP-55's own examples: valid checksummed EVM addresses nobody owns.
export const EVM_A = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
export const EVM_B = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
export const EVM_C = '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB';
export const EVM_D = '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb';
/** A fresh valid EVM address (all lower-case carries no checksum, which EIP-55 admits), one per call. */
let fresh = 0;
export function evmAddress(): string {
  fresh += 1;
  return `0x${(0xa11ce000 + fresh).toString(16).padStart(40, '0')}`;
}
/** The address with the case of its first letter after `0x` flipped: its EIP-55 checksum no longer holds. */
export function flipCase(address: string): string {
  const i = address.slice(2).search(/[a-fA-F]/) + 2;
  const c = address[i]!;
  return address.slice(0, i) + (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) + address.slice(i + 1);
}
export const BTC_BECH32 = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

export const BOOK = '/api/v1/address-books';
export const one = (id: string) => `${BOOK}/${id}`;
export const listOf = (organizationId: string) => `${BOOK}/${organizationId}`;
export const VALIDATE = {
  context: `${BOOK}/validate-address-book-context`,
  name: `${BOOK}/validate-address-book-name-exist`,
  address: `${BOOK}/validate-address-book-blockchain-address`,
  duplicate: `${BOOK}/validate-address-book-duplicate-address-and-token`,
};
/** Answers in English, so tests can read the translated messages. */
export const EN = { headers: { 'accept-language': 'en' } };

export const INDIVIDUAL = {
  nameKo: '김민수',
  nameEn: 'Minsu Kim',
  birthday: '1990-04-15',
  address: 'Seoul Gangnam-gu Teheran-ro 1',
  phone: '+82 10-1234-5678',
};

export const CORPORATION = {
  nameKo: '한빛상사',
  nameEn: 'Hanbit Trading',
  representativeNameKo: '이영희',
  representativeNameEn: 'Younghee Lee',
  incorporationDate: '2011-09-30',
};

let serial = 0;
/** A self-managed individual's ETH entry under a fresh name. */
export function draft(over: Record<string, unknown> = {}) {
  serial += 1;
  return {
    name: `Entry ${serial}`,
    tokenId: 'ETHEREUM.ETH',
    address: EVM_A,
    walletType: 'PERSONAL',
    receiverType: 'INDIVIDUAL',
    receiver: INDIVIDUAL,
    ...over,
  };
}

export interface BookScene {
  t: TestApp;
  organizationId: string;
  ownerMember: TestMember;
  owner: TestBrowser;
  /** ADDRESS_BOOK_CREATION and WALLETS_VIEW. */
  creator: TestBrowser;
  /** ADDRESS_BOOK_DELETION and WALLETS_VIEW. */
  deleter: TestBrowser;
  /** ADDRESS_BOOK_DELETION only. */
  deleter2: TestBrowser;
  /** ADDRESS_BOOK_UPDATE only. */
  updater: TestBrowser;
  /** WALLETS_VIEW only: may read entries, sees receivers masked. */
  reader: TestBrowser;
  /** No permission and no wallet: may not read the address book. */
  nobody: TestBrowser;
  outsider: TestBrowser;
  outsiderOrganizationId: string;
  /** Account ids by role. */
  ids: Record<'creator' | 'deleter' | 'deleter2' | 'updater' | 'reader' | 'nobody' | 'outsider', string>;
}

export async function bookScene(env: Record<string, string> = {}): Promise<BookScene> {
  const t = await createTestApp({ AUTH_RATE_LIMIT_FACTOR: '20', ...env });
  const db = t.testDb.database.db;
  const organizationId = (await createOrganization(db, 'Address Book Org')).id;
  const outsiderOrganizationId = (await createOrganization(db, 'Other Org')).id;
  const member = async (permissions: string[], orgId = organizationId) => {
    const m = await createMember(db, t.config, { organizationId: orgId });
    await grant(db, m.id, permissions);
    return m;
  };
  const ownerMember = await member(['OWNER']);
  const people = {
    creator: await member(['ADDRESS_BOOK_CREATION', 'WALLETS_VIEW']),
    deleter: await member(['ADDRESS_BOOK_DELETION', 'WALLETS_VIEW']),
    deleter2: await member(['ADDRESS_BOOK_DELETION']),
    updater: await member(['ADDRESS_BOOK_UPDATE']),
    reader: await member(['WALLETS_VIEW']),
    nobody: await member([]),
    outsider: await member(['OWNER'], outsiderOrganizationId),
  };
  return {
    t,
    organizationId,
    ownerMember,
    owner: await signIn(t, ownerMember),
    creator: await signIn(t, people.creator),
    deleter: await signIn(t, people.deleter),
    deleter2: await signIn(t, people.deleter2),
    updater: await signIn(t, people.updater),
    reader: await signIn(t, people.reader),
    nobody: await signIn(t, people.nobody),
    outsider: await signIn(t, people.outsider),
    outsiderOrganizationId,
    ids: Object.fromEntries(Object.entries(people).map(([role, m]) => [role, m.id])) as BookScene['ids'],
  };
}

export async function insertVasp(t: TestApp, name: string, endpoint = 'http://127.0.0.1:9') {
  const [row] = await t.testDb.database.db.insert(vasps).values({ name, endpoint }).returning({ id: vasps.id });
  return row!.id;
}
