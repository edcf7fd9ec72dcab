// Test-only helpers of the cold-signing tests (cold-signing-anvil, cold-signing-regtest): the operators, the import
// of a cold wallet through the maker-checker workflow, the engine's sweep, and reading QR parts back into a message.
import { coldAccountUr, QrPartCollector, toQrParts } from '@vaultline/chains/cold';
import type { Blockchain } from '@vaultline/contracts';
import { eq } from 'drizzle-orm';
import { wallets } from '../db/schema/index.js';
import { chainSweeper } from '../engine/transactions/sweeper.js';
import { requestExecution } from '../modules/approvals/request-execution.service.js';
import { withdrawalExecution } from '../modules/withdrawals/withdrawal-execution.service.js';
import { INDIVIDUAL } from './address-book-fixtures.js';
import type { TestApp } from './app.js';
import type { TestBrowser } from './browser.js';
import { createMember, signIn } from './fixtures.js';
import type { CreatedWallet } from './wallet-fixtures.js';
import { db, requestRow, transfers, until } from './withdrawal-lifecycle-scene.js';

export const OPS = '/api/v1/operations/organizations';
export const QUEUE = '/api/v1/operations/signing-queue';

export const get = (who: TestBrowser, url: string) => who.request('GET', url);

/** The whole message of QR parts, as a reader puts them back together. */
export function messageOf(parts: string[], type: string) {
  const collector = new QrPartCollector([type]);
  for (const part of parts) if (!collector.complete) collector.receive(part);
  return collector.finish();
}

/** A proposer (OPERATOR), a checker (MANAGER) and two signers (SIGNER), signed in. */
export async function coldOperators(t: TestApp) {
  const database = db(t);
  const as = async (operatorRole: 'OPERATOR' | 'MANAGER' | 'SIGNER') =>
    signIn(t, await createMember(database, t.config, { kind: 'OPERATOR', operatorRole }));
  return {
    maker: await as('OPERATOR'),
    checker: await as('MANAGER'),
    signer: await as('SIGNER'),
    secondSigner: await as('SIGNER'),
  };
}

/** The engine's sweep as the tests drive it, settling requests whose transactions went final. */
export function testSweeper(t: TestApp, confirmations = 1) {
  const database = db(t);
  const settle = withdrawalExecution(database);
  const execution = requestExecution(database, t.clock.now);
  return chainSweeper({
    db: database,
    config: t.config,
    log: t.app.log,
    now: t.clock.now,
    confirmations: () => confirmations,
    afterTick: () => settle.settleFinished(execution, t.clock.now),
  });
}

/** A cold wallet of the seed's account 0 on `blockchain`, proposed by `maker` and approved by `checker`. */
export async function importColdWallet(
  t: TestApp,
  people: { maker: TestBrowser; checker: TestBrowser },
  organizationId: string,
  seed: Uint8Array,
  blockchain: Blockchain,
  walletName: string,
  signersRequired: 1 | 2 = 1,
  /** EOS-type networks: the account the key is to control. */
  accountName?: string,
): Promise<CreatedWallet> {
  const created = await people.maker.post(`${OPS}/cold-wallet-import-workflow/create`, {
    organizationId,
    walletName,
    blockchain,
    accountParts: toQrParts(coldAccountUr(seed, blockchain, 0)),
    signersRequired,
    ...(accountName ? { accountName } : {}),
  });
  if (created.statusCode !== 200) throw new Error(created.body);
  const id = created.json().id as string;
  const approved = await people.checker.post(`${OPS}/cold-wallet-import-workflow/${id}/approve`, {
    otpCode: await people.checker.otp(),
  });
  if (approved.json().status !== 'APPROVED') throw new Error(approved.body);
  const [wallet] = await db(t).select().from(wallets).where(eq(wallets.importWorkflowId, id));
  return { id: wallet!.id, name: wallet!.name, blockchain, address: wallet!.address };
}

/** Sweeps until the request's transfer waits, BUILT, for its cold signature (the request at SIGNING); the row. */
export function untilSigning(t: TestApp, sweeper: { tick(): Promise<unknown> }, requestId: string) {
  return until(async () => {
    await sweeper.tick();
    const [transfer] = await transfers(t, requestId);
    return transfer && (await requestRow(t, requestId)).progress === 'SIGNING' && transfer;
  }, 'the cold transfer to wait for its signature');
}

/** The owner registers a PERSONAL entry at `address` and withdraws `amount` to it from the wallet; the request id. */
export async function withdrawToNewEntry(
  owner: TestBrowser,
  w: { family: string; walletId: string; tokenId: string; address: string; amount: string; entryName: string },
) {
  const entry = await owner.post('/api/v1/address-books', {
    name: w.entryName,
    tokenId: w.tokenId,
    address: w.address,
    walletType: 'PERSONAL',
    receiverType: 'INDIVIDUAL',
    receiver: INDIVIDUAL,
  });
  if (entry.statusCode !== 200) throw new Error(entry.body);
  const made = await owner.post(`/api/v1/organizations/withdrawals/${w.family}/withdrawal-request/create`, {
    walletId: w.walletId,
    tokenId: w.tokenId,
    addressBookId: entry.json().id,
    amount: w.amount,
  });
  if (made.statusCode !== 200) throw new Error(made.body);
  return made.json().id as string;
}
