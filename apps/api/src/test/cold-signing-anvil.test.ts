// The provider's cold-signing step end to end on a real EVM node (anvil): two operators import a cold wallet's public
// key from its signer's QR parts (maker-checker), the owner withdraws from it, the engine builds the transaction and
// stops at SIGNING without deriving any key, a SIGNER operator reads the sign request's parts, the air-gapped
// signer's answer comes back through the API and is verified, and the engine broadcasts and confirms it.

import { deriveAccount, deriveSigningKey } from '@vaultline/chains';
import { coldAccountUr, SIGN_REQUEST_TYPES, signColdRequest, toQrParts } from '@vaultline/chains/cold';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, organizationSeeds, wallets } from '../db/schema/index.js';
import type { AnvilNode } from '../engine/chains/anvil.js';
import { createSigner } from '../engine/transactions/signer.js';
import type { chainSweeper } from '../engine/transactions/sweeper.js';
import { ETH, WD, type WithdrawalScene } from '../modules/withdrawals/withdrawal-scene.js';
import { anvilWithdrawalScene, fundOnAnvil } from './anvil-withdrawal-scene.js';
import type { TestApp } from './app.js';
import type { TestBrowser } from './browser.js';
import { coldOperators, get, messageOf, OPS, QUEUE, testSweeper, untilSigning } from './cold-signing-scene.js';
import type { CreatedWallet } from './wallet-fixtures.js';
import { db, requestRow, transfers, until } from './withdrawal-lifecycle-scene.js';

const RECEIVER = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'; // the scene's registered entry
/** The air-gapped signer's seed: it exists in this test only, as it would on the signer alone. */
const COLD_SEED = new Uint8Array(64).map((_, i) => (i * 37 + 11) % 256);

let node: AnvilNode;
let t: TestApp;
let s: WithdrawalScene;
let maker: TestBrowser;
let checker: TestBrowser;
let signer: TestBrowser;
let cold: CreatedWallet;
let sweeper: ReturnType<typeof chainSweeper>;

const tick = () => sweeper.tick();

async function withdrawCold(amount: string) {
  const made = await s.owner.post(`${WD('evm')}/create`, {
    walletId: cold.id,
    tokenId: 'ETHEREUM.ETH',
    addressBookId: s.entryId,
    amount,
  });
  expect(made.statusCode, made.body).toBe(200);
  const id = made.json().id as string;
  return { id, row: await untilSigning(t, sweeper, id) };
}

beforeAll(async () => {
  ({ node, t, s } = await anvilWithdrawalScene('Cold Signing'));
  ({ maker, checker, signer } = await coldOperators(t));
  sweeper = testSweeper(t);
});
afterAll(async () => {
  await t?.close();
  await node?.stop();
});

describe('importing a cold wallet (maker-checker)', () => {
  const proposal = (accountParts: string[], name = 'Cold Vault') => ({
    organizationId: s.orgId,
    walletName: name,
    blockchain: 'ETHEREUM',
    accountParts,
  });

  it('refuses parts that hold no key (40000), a key of another network (40002) and an incomplete set (40001)', async () => {
    const create = (parts: string[]) => maker.post(`${OPS}/cold-wallet-import-workflow/create`, proposal(parts));
    expect((await create(['not a code'])).json().code).toBe('40000');
    expect((await create(toQrParts(coldAccountUr(COLD_SEED, 'SOLANA', 0)))).json().code).toBe('40002');
    const cut = toQrParts(coldAccountUr(COLD_SEED, 'ETHEREUM', 0), 10);
    expect(cut.length).toBeGreaterThan(4);
    expect((await create(cut.slice(0, 2))).json().code).toBe('40001');
    const member = await s.owner.post(`${OPS}/cold-wallet-import-workflow/create`, proposal(cut));
    expect(member.statusCode).toBe(403);
  });

  it('makes the wallet only when a second operator approves, with the address the key derives', async () => {
    const parts = toQrParts(coldAccountUr(COLD_SEED, 'ETHEREUM', 0));
    const created = await maker.post(`${OPS}/cold-wallet-import-workflow/create`, proposal(parts));
    expect(created.statusCode, created.body).toBe(200);
    const workflow = created.json();
    expect(workflow).toMatchObject({ type: 'COLD_WALLET_IMPORT', status: 'IN_PROGRESS' });
    expect(workflow.payload.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(
      (
        await maker.post(`${OPS}/cold-wallet-import-workflow/${workflow.id}/approve`, { otpCode: await maker.otp() })
      ).json().code,
    ).toBe('4105');
    const approved = await checker.post(`${OPS}/cold-wallet-import-workflow/${workflow.id}/approve`, {
      otpCode: await checker.otp(),
    });
    expect(approved.json(), approved.body).toMatchObject({ status: 'APPROVED' });

    const [wallet] = await db(t).select().from(wallets).where(eq(wallets.importWorkflowId, workflow.id));
    expect(wallet).toMatchObject({ custody: 'COLD', address: workflow.payload.address, organizationId: s.orgId });
    cold = { id: wallet!.id, name: wallet!.name, blockchain: 'ETHEREUM', address: wallet!.address };
    // Members see it as cold in their wallet list.
    const listed = await s.owner.post('/api/v1/organizations/wallets', { filters: { search: 'Cold Vault' } });
    expect(listed.json().items).toEqual([expect.objectContaining({ id: cold.id, custody: 'COLD', myRole: 'MANAGER' })]);
    // A second import of the same key is refused: the address is a wallet's already.
    const again = await maker.post(`${OPS}/cold-wallet-import-workflow/create`, proposal(parts, 'Cold Vault 2'));
    expect(again.json().code).toBe('4109');
  });
});

describe('a withdrawal from the cold wallet', () => {
  let first: Awaited<ReturnType<typeof withdrawCold>>;
  let second: Awaited<ReturnType<typeof withdrawCold>>;

  beforeAll(async () => {
    await fundOnAnvil(node, t, s.orgId, cold, 10n);
  });

  it('stops at SIGNING with the transaction BUILT: the engine derives no key for it', async () => {
    first = await withdrawCold('1');
    second = await withdrawCold('2');
    for (let i = 0; i < 3; i++) await tick();
    const [row] = await transfers(t, first.id);
    expect(row).toMatchObject({ status: 'BUILT', raw: null, hash: null });
    // The organization's own seed never signs for a cold wallet.
    const signing = createSigner({ db: db(t), masterKey: t.config.masterKey });
    await expect(
      signing.sign({
        organizationId: s.orgId,
        blockchain: 'ETHEREUM',
        fromAddress: cold.address,
        payload: row!.payload,
        fee: BigInt(row!.fee),
        sequence: row!.sequence,
      }),
    ).rejects.toThrow(/not a wallet/);
    const seeds = await db(t).select().from(organizationSeeds).where(eq(organizationSeeds.organizationId, s.orgId));
    expect(JSON.stringify(seeds)).not.toContain(cold.address);
  });

  it('is listed for signing operators only, with what the signer checks', async () => {
    const queue = await get(signer, QUEUE);
    expect(queue.statusCode, queue.body).toBe(200);
    const item = queue.json().items.find((i: { transactionId: string }) => i.transactionId === first.row.id);
    expect(item).toMatchObject({
      organizationId: s.orgId,
      walletId: cold.id,
      walletName: 'Cold Vault',
      toAddress: RECEIVER,
      amount: ETH(1n).toString(),
      requestId: first.id,
      purpose: 'withdrawal',
      validUntilHeight: null,
      expiresAt: null,
    });
    expect(queue.json().total).toBeGreaterThanOrEqual(2);
    expect((await get(checker, QUEUE)).statusCode).toBe(403);
    expect((await get(s.owner, QUEUE)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: QUEUE })).statusCode).toBe(401);
    expect((await get(checker, `${QUEUE}/${first.row.id}`)).statusCode).toBe(403);
  });

  it('refuses an answer that is unreadable (40000) or signs another transaction (40002), and logs the refusal', async () => {
    const url = `${QUEUE}/${first.row.id}/signature`;
    expect((await signer.post(url, { parts: ['ur:eth-signature/nonsense'] })).json().code).toBe('40000');
    const other = await get(signer, `${QUEUE}/${second.row.id}`);
    const answer = signColdRequest(COLD_SEED, messageOf(other.json().parts, SIGN_REQUEST_TYPES.evm)).answer;
    const refused = await signer.post(url, { parts: toQrParts(answer) });
    expect(refused.json()).toMatchObject({ code: '40002', data: { reason: 'OTHER_REQUEST' } });
    const [row] = await transfers(t, first.id);
    expect(row!.status).toBe('BUILT');
    const logged = await db(t)
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'COLD_SIGNATURE_REFUSED'), eq(auditLog.objectId, first.row.id)));
    expect(logged).toHaveLength(1);
    // A hot wallet's transaction or none at all is not in the queue.
    expect((await get(signer, `${QUEUE}/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
  });

  it('accepts the signer’s answer once, and the engine sends and confirms it', async () => {
    const shown = await get(signer, `${QUEUE}/${first.row.id}`);
    expect(shown.json()).toMatchObject({ requestType: 'eth-sign-request', transactionId: first.row.id });
    const { answer, review } = signColdRequest(COLD_SEED, messageOf(shown.json().parts, SIGN_REQUEST_TYPES.evm));
    expect(review.effects.join(' ')).toContain(`send ${ETH(1n)} wei to ${RECEIVER}`);
    const parts = toQrParts(answer, 30).reverse(); // out of order, as a camera reads them
    const accepted = await signer.post(`${QUEUE}/${first.row.id}/signature`, { parts });
    expect(accepted.json(), accepted.body).toMatchObject({ status: 'SIGNED', hash: expect.stringMatching(/^0x/) });
    expect((await requestRow(t, first.id)).progress).toBe('PROCESSING');
    expect((await signer.post(`${QUEUE}/${first.row.id}/signature`, { parts })).json().code).toBe('4112');

    const before = await node.rpc.balance(RECEIVER);
    const request = await until(async () => {
      await tick();
      await node.rpc.call('evm_mine', []);
      const r = await requestRow(t, first.id);
      return r.status !== 'EXECUTING' && r;
    }, 'the cold withdrawal to complete');
    expect(request).toMatchObject({ status: 'COMPLETE', progress: 'COMPLETE' });
    expect((await node.rpc.balance(RECEIVER)) - before).toBe(ETH(1n));
    const [row] = await transfers(t, first.id);
    expect(row).toMatchObject({ status: 'CONFIRMED', hash: accepted.json().hash });
  });

  it('takes one of two answers handed in at once: exactly one SIGNED write, the other 4112', async () => {
    const shown = await get(signer, `${QUEUE}/${second.row.id}`);
    const { answer } = signColdRequest(COLD_SEED, messageOf(shown.json().parts, SIGN_REQUEST_TYPES.evm));
    const url = `${QUEUE}/${second.row.id}/signature`;
    const answers = await Promise.all([0, 1].map(() => signer.post(url, { parts: toQrParts(answer) })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().code).toBe('4112');
    const [row] = await transfers(t, second.id);
    expect(row).toMatchObject({ status: 'SIGNED', hash: answers.find((a) => a.statusCode === 200)!.json().hash });
  });

  it('never holds the cold key: no table holds it, in any form, after the whole flow', async () => {
    const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
    const secrets = [hex(deriveSigningKey(COLD_SEED, 'ETHEREUM', 0).privateKey), hex(COLD_SEED)];
    const tables = (await db(t).execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )) as unknown as { rows: { table_name: string }[] };
    expect(tables.rows.length).toBeGreaterThan(20);
    for (const { table_name: table } of tables.rows) {
      const dump = (await db(t).execute(
        sql`select coalesce(string_agg(row_to_json(x)::text, ''), '') as text from ${sql.identifier(table)} x`,
      )) as unknown as { rows: { text: string }[] };
      const text = dump.rows[0]!.text.toLowerCase();
      for (const secret of secrets) expect(text.includes(secret.toLowerCase()), table).toBe(false);
    }
    // The public key is what Vaultline keeps.
    const [wallet] = await db(t).select().from(wallets).where(eq(wallets.id, cold.id));
    expect(wallet!.publicKey).toBe(
      deriveAccount({ seed: COLD_SEED, blockchain: 'ETHEREUM', accountIndex: 0 }).publicKey,
    );
  });
});
