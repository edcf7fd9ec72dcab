// Vaultline as a beneficiary VASP (the module's route), on both databases: another Vaultline's signed TRP inquiry about one of our
// organizations' wallets is approved when it names the organization, rejected with the spec's reason otherwise, and
// refused without a valid signature. Last, the two sides together: our engine asks our own route over HTTP.
import { randomUUID } from 'node:crypto';
import { TRP_API_VERSION, TRP_HEADERS, type TrpInquiry } from '@vaultline/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '../../db/client.js';
import { addressBookEntries, travelRuleInquiries as inquiries, organizations, vasps } from '../../db/schema/index.js';
import { inquiryDraft, openPayload, travelRuleInquiries } from '../../modules/address-books/travel-rule.service.js';
import { completeInquiry } from '../../modules/address-books/travel-rule-outbox.service.js';
import { encryptAtRest } from '../../security/at-rest.js';
import { signTrpRequest, VASP_SECRET_CONTEXT } from '../../security/trp-signature.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createCustody } from '../../test/custody.js';
import { createMember } from '../../test/fixtures.js';
import { inquirySweeper } from './inquiry-sweeper.js';

const KEY = { keyId: 'other-vaultline', secret: 'secret-shared-with-the-other-vaultline' };
const ORG_NAME = 'Acme Custody Co.';
const REPRESENTATIVE = 'Lee Jaeyong';

let t: TestApp;
let organizationId: string;
let walletAddress: string;
let vaspId: string;
const db = () => t.testDb.database.db;

/** The inquiry another Vaultline sends about `address`, for a corporate receiver named `name`. */
function inquiryAbout(address: string, name = ORG_NAME, representative = REPRESENTATIVE): TrpInquiry {
  const draft = inquiryDraft(
    {
      organizationId: randomUUID(),
      addressBookId: randomUUID(),
      vaspId: randomUUID(),
      blockchain: 'ETHEREUM',
      tokenId: 'ETHEREUM.USDT',
      address,
      memo: null,
      receiverType: 'CORPORATION',
      receiver: {
        nameKo: name,
        nameEn: name,
        representativeNameEn: representative,
        representativeNameKo: representative,
      },
      requestedBy: randomUUID(),
    },
    { id: randomUUID(), name: 'Other Org Ltd.' },
  );
  return completeInquiry(draft, {
    ourVaspName: 'Other Vaultline',
    theirVaspName: 'Vaultline',
    callback: 'https://other.example/api/v1/travel-rule/callbacks/1',
  });
}

function post(inquiry: TrpInquiry, sign: { key?: typeof KEY; at?: Date; tamper?: boolean } = {}) {
  const body = JSON.stringify(inquiry);
  const requestIdentifier = randomUUID();
  const signature = sign.key ? signTrpRequest(sign.key, requestIdentifier, body, sign.at ?? t.clock.now()) : {};
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/travel-rule/inquiries',
    headers: {
      'content-type': 'application/json',
      [TRP_HEADERS.apiVersion]: TRP_API_VERSION,
      [TRP_HEADERS.requestIdentifier]: requestIdentifier,
      ...signature,
    },
    payload: sign.tamper ? body.replace(ORG_NAME, 'Acme Custody Co') : body,
  });
}

const incoming = () => db().select().from(inquiries).where(eq(inquiries.direction, 'INCOMING'));

beforeAll(async () => {
  t = await createTestApp({ TRAVEL_RULE_SWEEP_MS: '0' });
  const custody = await createCustody(db(), { masterKey: t.config.masterKey });
  organizationId = custody.organizationId;
  walletAddress = (await custody.addWallets('ETHEREUM', 1))[0]!.address;
  await db()
    .update(organizations)
    .set({ name: ORG_NAME, representativeName: REPRESENTATIVE })
    .where(eq(organizations.id, organizationId));
  const [vasp] = await db()
    .insert(vasps)
    .values({
      name: 'Other Vaultline',
      endpoint: 'http://127.0.0.1:1',
      keyId: KEY.keyId,
      secretEnc: encryptAtRest(KEY.secret, t.config.masterKey, VASP_SECRET_CONTEXT),
    })
    .returning({ id: vasps.id });
  vaspId = vasp!.id;
});

afterAll(async () => {
  await t?.close();
});

describe('POST /api/v1/travel-rule/inquiries (Vaultline as the beneficiary VASP)', () => {
  it('refuses a request without a valid signature, and stores nothing', async () => {
    const inquiry = inquiryAbout(walletAddress);
    const refusals = [
      await post(inquiry),
      await post(inquiry, { key: { ...KEY, secret: 'a-guessed-secret' } }),
      await post(inquiry, { key: { ...KEY, keyId: 'unknown-vasp' } }),
      await post(inquiry, { key: KEY, tamper: true }),
      await post(inquiry, { key: KEY, at: new Date(t.clock.now().getTime() - 10 * 60_000) }),
    ];
    expect(refusals.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403]);
    expect(await incoming()).toHaveLength(0);
  });

  it("approves an inquiry naming the wallet's organization and keeps it as an INCOMING row", async () => {
    // EVM addresses compare without case: the asker may send them lower-cased.
    const res = await post(inquiryAbout(walletAddress.toLowerCase()), { key: KEY });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ approved: { address: walletAddress } });
    const [row] = await incoming();
    expect(row).toMatchObject({
      organizationId,
      vaspId,
      counterparty: 'Other Vaultline',
      status: 'APPROVED',
      code: null,
      address: walletAddress,
    });
    const stored = openPayload(row!.requestPayload, t.config.masterKey) as { inquiry: TrpInquiry };
    expect(JSON.stringify(stored.inquiry.IVMS101)).toContain(ORG_NAME);
  });

  it('rejects another name (5105) or representative (5106), filed under the organization', async () => {
    const wrongName = await post(inquiryAbout(walletAddress, 'Acme Holdings'), { key: KEY });
    expect(wrongName.json()).toEqual({ rejected: 'COMPANY_NAME_MISMATCH' });
    const wrongRep = await post(inquiryAbout(walletAddress, ORG_NAME, 'Kim Minsu'), { key: KEY });
    expect(wrongRep.json()).toEqual({ rejected: 'REPRESENTATIVE_MISMATCH' });
    const codes = (await incoming()).filter((r) => r.status === 'REJECTED').map((r) => r.code);
    expect(codes.sort()).toEqual(['5105', '5106']);
  });

  it('rejects an address none of our wallets holds (5102)', async () => {
    const res = await post(inquiryAbout('0x1111111111111111111111111111111111111111'), { key: KEY });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ rejected: 'ADDRESS_NOT_FOUND' });
  });

  it('answers a malformed IVMS101 record with 400', async () => {
    const inquiry = inquiryAbout(walletAddress);
    const res = await post({ ...inquiry, IVMS101: { originator: {} } }, { key: KEY });
    expect(res.statusCode).toBe(400);
  });

  it('two Vaultlines verify each other: our engine asks our own route over HTTP and registers the entry', async () => {
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    await db()
      .update(vasps)
      .set({ endpoint: `${url}/api/v1/travel-rule` })
      .where(eq(vasps.id, vaspId));
    const asker = await createMember(db(), t.config, { otp: false });
    const ids = await transaction(db(), async (tx) => {
      const [entry] = await tx
        .insert(addressBookEntries)
        .values({
          organizationId: asker.organizationId,
          name: 'Acme at Vaultline',
          blockchain: 'ETHEREUM',
          tokenId: 'ETHEREUM.ETH',
          address: walletAddress,
          addressKey: walletAddress.toLowerCase(),
          walletType: 'VASP',
          vaspId,
          receiverType: 'CORPORATION',
          receiverEnc: 'sealed elsewhere',
          receiverMasked: {},
          state: 'VERIFYING',
          createdBy: asker.id,
        })
        .returning({ id: addressBookEntries.id });
      const inquiryId = await travelRuleInquiries(tx, t.config.masterKey).open({
        organizationId: asker.organizationId,
        addressBookId: entry!.id,
        vaspId,
        blockchain: 'ETHEREUM',
        tokenId: 'ETHEREUM.ETH',
        address: walletAddress,
        memo: null,
        receiverType: 'CORPORATION',
        receiver: { nameKo: ORG_NAME, nameEn: ORG_NAME, representativeNameEn: REPRESENTATIVE },
        requestedBy: asker.id,
      });
      return { entryId: entry!.id, inquiryId };
    });
    const log = { warn: () => {}, error: () => {} } as never;
    expect(await inquirySweeper({ db: db(), config: t.config, log }).tick()).toBe(1);
    const [entry] = await db().select().from(addressBookEntries).where(eq(addressBookEntries.id, ids.entryId));
    const [outgoing] = await db().select().from(inquiries).where(eq(inquiries.id, ids.inquiryId));
    expect([entry!.state, outgoing!.status]).toEqual(['REGISTERED', 'APPROVED']);
  });
});
