// Cold by organization policy: the provider's maker-checker workflow keeps an organization's new wallets cold, so a
// wallet creation its line approves waits at signing until a signing operator imports the account key of the
// air-gapped signer, or declines it. On the embedded devnet, against the API as the console and members call it.
import { solanaAddressFromPublicKey } from '@vaultline/chains';
import { coldAccountUr, toQrParts } from '@vaultline/chains/cold';
import { type Blockchain, familyOf } from '@vaultline/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, organizationSeeds, wallets } from '../db/schema/index.js';
import { walletCreationHandler } from '../engine/wallet-creation.js';
import { requestExecution } from '../modules/approvals/request-execution.service.js';
import { TestBrowser } from './browser.js';
import { type ColdDevnetScene, coldDevnetScene } from './cold-devnet-scene.js';
import { get, OPS, QUEUE } from './cold-signing-scene.js';
import { db, requestRow, until } from './withdrawal-lifecycle-scene.js';

const COLD_SEED = new Uint8Array(64).map((_, i) => (i * 41 + 11) % 256);
const KEYS = `${QUEUE}/wallet-keys`;

let t: ColdDevnetScene['t'];
let s: ColdDevnetScene['s'];
let operators: ColdDevnetScene['operators'];

beforeAll(async () => {
  ({ t, s, operators } = await coldDevnetScene('Cold Policy'));
});
afterAll(async () => {
  await t?.close();
});

/** The maker proposes the policy and the checker approves it with a fresh code; the approved workflow. */
async function setPolicy(newWalletCustody: 'HOT' | 'COLD', coldSignersRequired: 1 | 2) {
  const proposed = await operators.maker.post(`${OPS}/organization-update-custody-policy-workflow/create`, {
    organizationId: s.orgId,
    newWalletCustody,
    coldSignersRequired,
  });
  expect(proposed.statusCode, proposed.body).toBe(200);
  const id = proposed.json().id as string;
  const approved = await operators.checker.post(`${OPS}/organization-update-workflow/${id}/approve`, {
    otpCode: await operators.checker.otp(),
  });
  expect(approved.json(), approved.body).toMatchObject({ status: 'APPROVED' });
}

/** The owner asks for a wallet and approves it (the one-step default line); the request id once it waits at SIGNING. */
async function requestWallet(owner: TestBrowser, blockchain: Blockchain, name: string) {
  const base = `/api/v1/organizations/wallet-creation/${familyOf(blockchain)}/${s.orgId}/wallet-creation-request`;
  const created = await owner.post(`${base}/create`, { blockchain, name });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().id as string;
  const approved = await owner.post(`${base}/${id}/approve`, { otpCode: await owner.otp() });
  expect(approved.statusCode, approved.body).toBe(200);
  await until(async () => (await requestRow(t, id)).progress === 'SIGNING', 'the creation to wait for its key');
  return id;
}

describe('cold by organization policy', () => {
  it('is set by one operator and approved by another, for members never', async () => {
    const url = `${OPS}/organization-update-custody-policy-workflow/create`;
    const body = { organizationId: s.orgId, newWalletCustody: 'COLD', coldSignersRequired: 2 };
    expect((await new TestBrowser(t.app).post(url, body)).statusCode).toBe(401);
    expect((await s.owner.post(url, body)).statusCode).toBe(403);
    const bad = await operators.maker.post(url, { ...body, newWalletCustody: 'WARM<script>' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).not.toContain('<script>');
    const own = await operators.maker.post(url, body);
    const ownApproval = await operators.maker.post(`${OPS}/organization-update-workflow/${own.json().id}/approve`, {
      otpCode: await operators.maker.otp(),
    });
    expect(ownApproval.json().code).toBe('4105');
    await operators.maker.post(`${OPS}/organization-update-workflow/${own.json().id}/cancel`, {});

    await setPolicy('COLD', 2);
    const org = await operators.maker.post(`${OPS}/${s.orgId}`, {});
    expect(org.json()).toMatchObject({ newWalletCustody: 'COLD', coldSignersRequired: 2 });
  });

  it("makes an approved wallet creation wait for the signer's key, then makes the cold wallet from it", async () => {
    const seedBefore = await seedIndex();
    const id = await requestWallet(s.owner, 'SOLANA_DEVNET', 'Cold by policy');
    expect(await requestRow(t, id)).toMatchObject({ status: 'EXECUTING', progress: 'SIGNING' });

    // Only signing operators see it; nobody else, members least of all.
    for (const who of [s.owner, operators.checker, operators.maker])
      expect((await get(who, QUEUE)).statusCode).toBe(403);
    const queue = (await get(operators.signer, QUEUE)).json();
    expect(queue.walletKeys).toEqual([
      expect.objectContaining({
        requestId: id,
        organizationName: 'Cold Policy',
        walletName: 'Cold by policy',
        blockchain: 'SOLANA_DEVNET',
        accountName: null,
        signersRequired: 2,
        suggestedAccount: 0,
        proposal: null,
      }),
    ]);
    // The header counts the waiting key with the waiting transactions.
    expect(queue.total).toBe(queue.transactionTotal + 1);

    const url = `${KEYS}/${id}/import`;
    const good = toQrParts(coldAccountUr(COLD_SEED, 'SOLANA_DEVNET', 0));
    expect((await s.owner.post(url, { accountParts: good })).statusCode).toBe(403);
    expect((await operators.checker.post(url, { accountParts: good })).statusCode).toBe(403);
    expect(
      (await operators.signer.post(`${KEYS}/${crypto.randomUUID()}/import`, { accountParts: good })).statusCode,
    ).toBe(404);
    expect((await operators.signer.post(url, { accountParts: ['not a code'] })).json().code).toBe('40000');
    const foreign = toQrParts(coldAccountUr(COLD_SEED, 'ETHEREUM', 0));
    expect((await operators.signer.post(url, { accountParts: foreign })).json().code).toBe('40002');
    expect((await operators.signer.post(url, { accountParts: [] })).statusCode).toBe(400);
    expect(await requestRow(t, id)).toMatchObject({ status: 'EXECUTING', progress: 'SIGNING' });

    // Two signing operators: the import is a proposal, and only another signing operator's check makes the wallet.
    const proposed = await operators.signer.post(url, { accountParts: good });
    expect(proposed.json(), proposed.body).toMatchObject({ status: 'PROPOSED', walletId: null });
    const address = proposed.json().address as string;
    expect(await requestRow(t, id)).toMatchObject({ status: 'EXECUTING', progress: 'SIGNING', walletId: null });
    const seenBy = async (who: TestBrowser) =>
      (await get(who, QUEUE)).json().walletKeys.find((k: { requestId: string }) => k.requestId === id).proposal;
    expect(await seenBy(operators.signer)).toMatchObject({ address, proposedByMe: true });
    expect(await seenBy(operators.secondSigner)).toMatchObject({ address, proposedByMe: false });
    const confirmUrl = `${KEYS}/${id}/confirm`;
    expect((await operators.signer.post(confirmUrl, {})).json().code).toBe('4115');
    expect((await operators.checker.post(confirmUrl, {})).statusCode).toBe(403);
    expect((await operators.secondSigner.post(`${KEYS}/${crypto.randomUUID()}/confirm`, {})).statusCode).toBe(404);
    const imported = await operators.secondSigner.post(confirmUrl, {});
    expect(imported.json(), imported.body).toMatchObject({ status: 'COMPLETE', address });
    const request = await requestRow(t, id);
    expect(request).toMatchObject({ status: 'COMPLETE', progress: 'COMPLETE', walletId: imported.json().walletId });
    const [wallet] = await db(t).select().from(wallets).where(eq(wallets.id, imported.json().walletId));
    expect(wallet).toMatchObject({
      custody: 'COLD',
      coldSignersRequired: 2,
      creationRequestId: id,
      importWorkflowId: null,
      name: 'Cold by policy',
      address,
    });
    expect(solanaAddressFromPublicKey(Buffer.from(wallet!.publicKey, 'hex'))).toBe(address);
    // The organization's own seed derived nothing: the key is the signer's alone.
    expect(await seedIndex()).toBe(seedBefore);
    // The initiator manages the wallet, and sees it as any other.
    const seen = await s.owner.request('GET', `/api/v1/organizations/wallets/${wallet!.id}`);
    expect(seen.json()).toMatchObject({ address, name: 'Cold by policy' });
    // Outside the organization the wallet and the request are nobody's business.
    expect((await s.outsider.request('GET', `/api/v1/organizations/wallets/${wallet!.id}`)).statusCode).toBe(404);

    // Done is done: a second key, or a decline, changes nothing.
    const again = toQrParts(coldAccountUr(COLD_SEED, 'SOLANA_DEVNET', 1));
    expect((await operators.secondSigner.post(url, { accountParts: again })).json().code).toBe('4112');
    expect((await operators.secondSigner.post(`${KEYS}/${id}/decline`, { reason: 'late' })).json().code).toBe('4112');
    const audits = await db(t).select().from(auditLog).where(eq(auditLog.objectId, id));
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['COLD_WALLET_KEY_PROPOSED', 'COLD_WALLET_KEY_IMPORTED']),
    );
    expect((await get(operators.signer, QUEUE)).json().walletKeys).toEqual([]);
  });

  it('refuses a key whose address is a wallet already, and a declined creation fails with 4116', async () => {
    const id = await requestWallet(s.owner, 'SOLANA_DEVNET', 'Declined cold');
    const queue = (await get(operators.signer, QUEUE)).json();
    expect(queue.walletKeys[0]).toMatchObject({ requestId: id, suggestedAccount: 1 });
    const taken = toQrParts(coldAccountUr(COLD_SEED, 'SOLANA_DEVNET', 0));
    expect((await operators.signer.post(`${KEYS}/${id}/import`, { accountParts: taken })).json().code).toBe('4109');

    expect((await s.owner.post(`${KEYS}/${id}/decline`, { reason: 'no' })).statusCode).toBe(403);
    expect((await operators.signer.post(`${KEYS}/${id}/decline`, { reason: '' })).statusCode).toBe(400);
    const declined = await operators.signer.post(`${KEYS}/${id}/decline`, {
      reason: 'Customer asked by phone to stop',
    });
    expect(declined.json(), declined.body).toEqual({ requestId: id, status: 'FAILED' });
    expect(await requestRow(t, id)).toMatchObject({ status: 'FAILED', failureReason: '4116' });
    const seen = (await s.owner.post(`/api/v1/organizations/requests/${id}`, {})).json();
    expect(seen).toMatchObject({ status: 'FAILED' });
  });

  it('makes one wallet when a proposed key is confirmed twice at once', async () => {
    const id = await requestWallet(s.owner, 'SOLANA_DEVNET', 'Raced cold');
    const parts = toQrParts(coldAccountUr(COLD_SEED, 'SOLANA_DEVNET', 2));
    expect((await operators.signer.post(`${KEYS}/${id}/import`, { accountParts: parts })).statusCode).toBe(200);
    const answers = await Promise.all([1, 2].map(() => operators.secondSigner.post(`${KEYS}/${id}/confirm`, {})));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().code).toBe('4112');
    const made = await db(t).select().from(wallets).where(eq(wallets.creationRequestId, id));
    expect(made).toHaveLength(1);
    expect(await requestRow(t, id)).toMatchObject({ status: 'COMPLETE', walletId: made[0]!.id });
  });

  it('confirms only the key shown: a newer proposal makes the older confirmation stale', async () => {
    const id = await requestWallet(s.owner, 'SOLANA_DEVNET', 'Replaced proposal');
    const first = toQrParts(coldAccountUr(COLD_SEED, 'SOLANA_DEVNET', 3));
    const second = toQrParts(coldAccountUr(COLD_SEED, 'SOLANA_DEVNET', 4));
    await operators.signer.post(`${KEYS}/${id}/import`, { accountParts: first });
    const replaced = await operators.secondSigner.post(`${KEYS}/${id}/import`, { accountParts: second });
    expect(replaced.json()).toMatchObject({ status: 'PROPOSED' });
    // The second proposal is the second signer's: they may not confirm it, the first signer does.
    expect((await operators.secondSigner.post(`${KEYS}/${id}/confirm`, {})).json().code).toBe('4115');
    const done = await operators.signer.post(`${KEYS}/${id}/confirm`, {});
    expect(done.json()).toMatchObject({ status: 'COMPLETE', address: replaced.json().address });
  });

  it('imports in one step under a one-signer policy, once when two signers race', async () => {
    await setPolicy('COLD', 1);
    const id = await requestWallet(s.owner, 'SOLANA_DEVNET', 'One signer cold');
    const answers = await Promise.all(
      [5, 6].map((account, i) =>
        [operators.signer, operators.secondSigner][i]!.post(`${KEYS}/${id}/import`, {
          accountParts: toQrParts(coldAccountUr(COLD_SEED, 'SOLANA_DEVNET', account)),
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const won = answers.find((a) => a.statusCode === 200)!.json();
    expect(won).toMatchObject({ status: 'COMPLETE' });
    const made = await db(t).select().from(wallets).where(eq(wallets.creationRequestId, id));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ id: won.walletId, coldSignersRequired: 1 });
  });

  it("makes an EOS-type creation's account the cold key's, registered on the devnet", async () => {
    const id = await requestWallet(s.owner, 'BIZAUTO', 'Cold EOS policy');
    const item = (await get(operators.signer, QUEUE))
      .json()
      .walletKeys.find((k: { requestId: string }) => k.requestId === id);
    expect(item.accountName).toMatch(/^[a-z1-5]{12}$/);
    const imported = await operators.signer.post(`${KEYS}/${id}/import`, {
      accountParts: toQrParts(coldAccountUr(COLD_SEED, 'BIZAUTO', 0)),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().address).toBe(item.accountName);
    const [wallet] = await db(t).select().from(wallets).where(eq(wallets.creationRequestId, id));
    expect(wallet).toMatchObject({ custody: 'COLD', family: 'eosio', address: item.accountName });
    expect(wallet!.publicKey).toMatch(/^(EOS|PUB_K1_)/);
  });

  it('goes back to keys derived in the engine when the policy is HOT again', async () => {
    const waiting = await requestWallet(s.owner, 'SOLANA_DEVNET', 'Waiting across policies');
    const before = await requestRow(t, waiting);
    await setPolicy('HOT', 1);
    // A creation approved under the cold policy keeps waiting for its key, even when its job runs again.
    const handler = walletCreationHandler({
      config: t.config,
      requests: requestExecution(db(t), t.clock.now),
      now: t.clock.now,
    });
    await handler({ organizationId: s.orgId, requestId: waiting });
    expect(await requestRow(t, waiting)).toMatchObject({
      status: 'EXECUTING',
      progress: 'SIGNING',
      updatedAt: before.updatedAt,
    });

    const base = `/api/v1/organizations/wallet-creation/sol/${s.orgId}/wallet-creation-request`;
    const created = await s.owner.post(`${base}/create`, { blockchain: 'SOLANA_DEVNET', name: 'Hot again' });
    const id = created.json().id as string;
    await s.owner.post(`${base}/${id}/approve`, { otpCode: await s.owner.otp() });
    const done = await until(async () => {
      const r = await requestRow(t, id);
      return r.status === 'COMPLETE' && r;
    }, 'the hot creation to complete');
    const [wallet] = await db(t).select().from(wallets).where(eq(wallets.id, done.walletId!));
    expect(wallet).toMatchObject({ custody: 'HOT', coldMasterFingerprint: null });
  });
});

async function seedIndex() {
  const [row] = await db(t).select().from(organizationSeeds).where(eq(organizationSeeds.organizationId, s.orgId));
  return row?.nextAccountIndex ?? 0;
}
