// Outgoing travel-rule inquiries through the real protocol, on both databases: each entry is inserted directly, its
// inquiry opened with travelRuleInquiries().open as the address book does, and the engine's sweeper sends it over
// HTTP to the counterparty VASP running as a child process. Every outcome of the spec, an approval with its expiry,
// a VASP that hangs, answers garbage or fails, and two sweepers at once.
import type { Blockchain, ReceiverInput, ReceiverType, TrpInquiry } from '@vaultline/contracts';
import { eq } from 'drizzle-orm';
import type { IVMS101, Person } from 'ivms101';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { transaction } from '../../db/client.js';
import { addressBookEntries, travelRuleInquiries as inquiries, vasps } from '../../db/schema/index.js';
import { openPayload, travelRuleInquiries } from '../../modules/address-books/travel-rule.service.js';
import { encryptAtRest } from '../../security/at-rest.js';
import { VASP_SECRET_CONTEXT } from '../../security/trp-signature.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { createMember, createOrganization, type TestMember } from '../../test/fixtures.js';
import { type CounterpartyProcess, startCounterpartyProcess } from '../../travel-rule/counterparty-process.js';
import { inquirySweeper, type RetryBound } from './inquiry-sweeper.js';
import { endpointAllowed } from './trp-client.js';

const MASTER_KEY = 'ab'.repeat(32);
const SECRET = 'test-shared-secret-of-the-counterparty';
const KIM = '0x4124a521bBE993F13966651bDaeaeb0264923B0b';
const HANBIT = '0xec8fF0eB1BDAcd14eA62DD31572d1F37746711B3';
const ERROR = '0x98abd933A0958F382541F727cCfE7F433cCD8a04';
const HANG = '0x238B9BE32a5885b7292F1AEf28ABE872770598a5';
const GARBAGE = '0x0e9Bf09B09008f81147D725087e85226207Ca9Bf';
const OUTAGE = '0x719c63697D9A78a53c32ef698d1423b6e75D0089';
const UNKNOWN = '0x1111111111111111111111111111111111111111';

const kim: ReceiverInput = { nameKo: '김철수', nameEn: 'Kim Chulsoo', birthday: '1985-03-15' };
const hanbit: ReceiverInput = {
  nameKo: '한빛무역 주식회사',
  nameEn: 'Hanbit Trading Co., Ltd.',
  representativeNameKo: '박지성',
  representativeNameEn: 'Park Jisung',
  incorporationDate: '2015-06-01',
};

let testDb: TestDatabase;
let counterparty: CounterpartyProcess;
let member: TestMember;
let vaspId: string;
const log = { error: () => {}, warn: () => {}, info: () => {} } as never;
const config = { ...loadConfig({ MASTER_KEY }), travelRuleSweepMs: 0, travelRuleTimeoutMs: 800 };
const db = () => testDb.database.db;

const sweeper = (bound: Partial<RetryBound> = {}) => inquirySweeper({ db: db(), config, log, bound });

/** An exchange entry as the address book stores it, VERIFYING, with its inquiry opened in the same transaction. */
async function openInquiry(opts: {
  address: string;
  receiverType: ReceiverType;
  receiver: ReceiverInput;
  blockchain?: Blockchain;
  tokenId?: string;
}) {
  const blockchain = opts.blockchain ?? 'ETHEREUM';
  const tokenId = opts.tokenId ?? `${blockchain}.ETH`;
  // An organization per entry: the (token, address) pair is unique within one, and the cases reuse addresses.
  const organization = await createOrganization(db(), `Acme Custody ${Math.random().toString(36).slice(2, 8)}`);
  return transaction(db(), async (tx) => {
    const [entry] = await tx
      .insert(addressBookEntries)
      .values({
        organizationId: organization.id,
        name: 'Exchange account',
        blockchain,
        tokenId,
        address: opts.address,
        addressKey: opts.address.toLowerCase(),
        walletType: 'VASP',
        vaspId,
        receiverType: opts.receiverType,
        receiverEnc: encryptAtRest(JSON.stringify(opts.receiver), MASTER_KEY, 'test'),
        receiverMasked: {},
        state: 'VERIFYING',
        createdBy: member.id,
      })
      .returning({ id: addressBookEntries.id });
    const inquiryId = await travelRuleInquiries(tx, MASTER_KEY).open({
      organizationId: organization.id,
      addressBookId: entry!.id,
      vaspId,
      blockchain,
      tokenId,
      address: opts.address,
      memo: null,
      receiverType: opts.receiverType,
      receiver: opts.receiver,
      requestedBy: member.id,
    });
    return { entryId: entry!.id, inquiryId };
  });
}

async function state(ids: { entryId: string; inquiryId: string }) {
  const [inquiry] = await db().select().from(inquiries).where(eq(inquiries.id, ids.inquiryId));
  const [entry] = await db().select().from(addressBookEntries).where(eq(addressBookEntries.id, ids.entryId));
  return { inquiry: inquiry!, entry: entry! };
}

beforeAll(async () => {
  [testDb, counterparty] = await Promise.all([createTestDatabase(), startCounterpartyProcess(SECRET)]);
  member = await createMember(db(), config, { otp: false });
  const [vasp] = await db()
    .insert(vasps)
    .values({
      name: 'Hanbit Exchange (test)',
      endpoint: counterparty.url,
      keyId: 'vaultline-test',
      secretEnc: encryptAtRest(SECRET, MASTER_KEY, VASP_SECRET_CONTEXT),
    })
    .returning({ id: vasps.id });
  vaspId = vasp!.id;
});

afterAll(async () => {
  await counterparty?.stop();
  await testDb?.dispose();
});

describe('travel-rule inquiry sweeper against the counterparty VASP', () => {
  it('approves a matching individual: inquiry APPROVED for 30 days, entry REGISTERED, payloads kept sealed', async () => {
    const ids = await openInquiry({ address: KIM, receiverType: 'INDIVIDUAL', receiver: kim });
    const before = Date.now();
    expect(await sweeper().tick()).toBe(1);
    const { inquiry, entry } = await state(ids);
    expect(inquiry).toMatchObject({ status: 'APPROVED', code: null, attempts: 1, nextAttemptAt: null });
    const days = (inquiry.expiresAt!.getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    expect(entry.state).toBe('REGISTERED');
    // At rest the payloads are ciphertext; opened, they are the TRP inquiry as sent and the answer.
    expect(JSON.stringify(inquiry.requestPayload)).not.toContain('Chulsoo');
    const sent = openPayload(inquiry.requestPayload, MASTER_KEY) as TrpInquiry & { IVMS101: IVMS101 };
    expect(sent.asset).toEqual({ network: 'ETHEREUM', symbol: 'ETH' });
    expect(sent.callback).toContain(`/api/v1/travel-rule/callbacks/${ids.inquiryId}`);
    const ivms = sent.IVMS101;
    expect(ivms.beneficiary.beneficiaryPerson[0]!.naturalPerson!.name.localNameIdentifier![0]).toEqual({
      primaryIdentifier: '김철수',
      nameIdentifierType: 'LEGL',
    });
    expect(ivms.beneficiary.beneficiaryPerson[0]!.naturalPerson!.dateAndPlaceOfBirth!.dateOfBirth).toBe('1985-03-15');
    const legalName = (p: Person | undefined) => p!.legalPerson!.name.nameIdentifier[0]!.legalPersonName;
    expect(legalName(ivms.originator.originatorPerson[0])).toMatch(/^Acme Custody /);
    expect(legalName(ivms.originatingVASP)).toBe('Vaultline');
    expect(legalName(ivms.beneficiaryVASP)).toBe('Hanbit Exchange (test)');
    expect(openPayload(inquiry.responsePayload, MASTER_KEY)).toMatchObject({ approved: { address: KIM } });
  });

  it('approves a matching corporation (names, representative, incorporation date)', async () => {
    const ids = await openInquiry({ address: HANBIT.toLowerCase(), receiverType: 'CORPORATION', receiver: hanbit });
    await sweeper().tick();
    const { inquiry, entry } = await state(ids);
    expect([inquiry.status, entry.state]).toEqual(['APPROVED', 'REGISTERED']);
  });

  const rejections: [string, Parameters<typeof openInquiry>[0]][] = [
    ['5100', { address: KIM, receiverType: 'INDIVIDUAL', receiver: kim, tokenId: 'ETHEREUM.DAI' }],
    [
      '5101',
      {
        address: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
        receiverType: 'INDIVIDUAL',
        receiver: kim,
        blockchain: 'SOLANA',
        tokenId: 'SOLANA.SOL',
      },
    ],
    ['5102', { address: UNKNOWN, receiverType: 'INDIVIDUAL', receiver: kim }],
    ['5103', { address: KIM, receiverType: 'INDIVIDUAL', receiver: { ...kim, nameEn: 'Kim Minsu' } }],
    ['5104', { address: KIM, receiverType: 'INDIVIDUAL', receiver: { ...kim, birthday: '1985-03-16' } }],
    ['5105', { address: HANBIT, receiverType: 'CORPORATION', receiver: { ...hanbit, nameEn: 'Hanbit Logistics' } }],
    [
      '5106',
      { address: HANBIT, receiverType: 'CORPORATION', receiver: { ...hanbit, representativeNameEn: 'Park Minho' } },
    ],
    [
      '5107',
      { address: HANBIT, receiverType: 'CORPORATION', receiver: { ...hanbit, incorporationDate: '2016-06-01' } },
    ],
    ['5107', { address: HANBIT, receiverType: 'INDIVIDUAL', receiver: { ...kim, nameEn: 'Hanbit Trading Co., Ltd.' } }],
    ['5108', { address: ERROR, receiverType: 'INDIVIDUAL', receiver: { nameKo: '정민호', nameEn: 'Jung Minho' } }],
  ];

  it.each(rejections)('a rejection answers %s: inquiry REJECTED with the code, entry FAILED', async (code, subject) => {
    const ids = await openInquiry(subject);
    expect(await sweeper().tick()).toBe(1);
    const { inquiry, entry } = await state(ids);
    expect({ status: inquiry.status, code: inquiry.code, entry: entry.state }).toEqual({
      status: 'REJECTED',
      code,
      entry: 'FAILED',
    });
  });

  it.each([
    ['hangs', HANG],
    ['answers garbage', GARBAGE],
    ['answers 503', OUTAGE],
  ])(
    'a VASP that %s: retried with backoff, VERIFYING meanwhile, ERROR 5108 and FAILED after the bound',
    async (_, address) => {
      const ids = await openInquiry({ address, receiverType: 'INDIVIDUAL', receiver: kim });
      const bound = { maxAttempts: 2, baseDelayMs: 60_000 };
      const before = Date.now();
      expect(await sweeper(bound).tick()).toBe(0);
      let { inquiry, entry } = await state(ids);
      expect([inquiry.status, inquiry.attempts, entry.state]).toEqual(['PENDING', 1, 'VERIFYING']);
      expect(inquiry.nextAttemptAt!.getTime()).toBeGreaterThanOrEqual(before + 60_000);
      // Not due yet: a tick leaves it alone.
      await sweeper(bound).tick();
      expect((await state(ids)).inquiry.attempts).toBe(1);
      await db().update(inquiries).set({ nextAttemptAt: new Date() }).where(eq(inquiries.id, ids.inquiryId));
      await sweeper(bound).tick();
      ({ inquiry, entry } = await state(ids));
      expect({ status: inquiry.status, code: inquiry.code, attempts: inquiry.attempts, entry: entry.state }).toEqual({
        status: 'ERROR',
        code: '5108',
        attempts: 2,
        entry: 'FAILED',
      });
    },
  );

  it('gives up when the inquiry is older than the time bound, whatever the attempts', async () => {
    const ids = await openInquiry({ address: GARBAGE, receiverType: 'INDIVIDUAL', receiver: kim });
    await sweeper({ maxAgeMs: 1_000, baseDelayMs: 5_000 }).tick();
    const { inquiry, entry } = await state(ids);
    expect([inquiry.status, inquiry.code, inquiry.attempts, entry.state]).toEqual(['ERROR', '5108', 1, 'FAILED']);
  });

  it('two sweepers at once send an inquiry once', async () => {
    const ids = await openInquiry({ address: KIM, receiverType: 'INDIVIDUAL', receiver: kim });
    const settled = await Promise.all([sweeper().tick(), sweeper().tick()]);
    expect(settled[0]! + settled[1]!).toBe(1);
    const { inquiry, entry } = await state(ids);
    expect([inquiry.status, inquiry.attempts, entry.state]).toEqual(['APPROVED', 1, 'REGISTERED']);
  });

  it('pendingFor tells a pending inquiry from a settled one', async () => {
    const ids = await openInquiry({ address: KIM, receiverType: 'INDIVIDUAL', receiver: kim });
    expect(await travelRuleInquiries(db(), MASTER_KEY).pendingFor(ids.entryId)).toBe(true);
    await sweeper().tick();
    expect(await travelRuleInquiries(db(), MASTER_KEY).pendingFor(ids.entryId)).toBe(false);
  });

  it('sends over https only in production, plain http only to loopback elsewhere', () => {
    expect(endpointAllowed('https://vasp.example.com/trp', true)).toBe(true);
    expect(endpointAllowed('http://127.0.0.1:4100', true)).toBe(false);
    expect(endpointAllowed('http://127.0.0.1:4100', false)).toBe(true);
    expect(endpointAllowed('http://vasp.example.com', false)).toBe(false);
    expect(endpointAllowed('not a url', false)).toBe(false);
  });
});
