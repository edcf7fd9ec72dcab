// Test-only helpers of the withdrawal lifecycle tests (travel rule at execution, cancel during execution).
import type { ReceiverInput, ReceiverType } from '@vaultline/contracts';
import { desc, eq } from 'drizzle-orm';
import { addressBookEntries, chainTransactions, requests, travelRuleInquiries, vasps } from '../db/schema/index.js';
import { sealReceiver } from '../modules/address-books/receiver.js';
import { WD, type WithdrawalScene } from '../modules/withdrawals/withdrawal-scene.js';
import { encryptAtRest } from '../security/at-rest.js';
import { VASP_SECRET_CONTEXT } from '../security/trp-signature.js';
import type { TestApp } from './app.js';

export const db = (t: TestApp) => t.testDb.database.db;

/** A VASP of the directory at `endpoint`, sharing `secret` with us. */
export async function directoryVasp(t: TestApp, name: string, endpoint: string, secret: string) {
  const [row] = await db(t)
    .insert(vasps)
    .values({
      name,
      endpoint,
      keyId: `key-${name.toLowerCase().replace(/\W+/g, '-')}`,
      secretEnc: encryptAtRest(secret, t.config.masterKey, VASP_SECRET_CONTEXT),
    })
    .returning({ id: vasps.id });
  return row!.id;
}

/** A REGISTERED exchange entry of the organization, verified (an approved inquiry valid for a week). */
export async function exchangeEntry(
  t: TestApp,
  s: WithdrawalScene,
  opts: { vaspId: string; address: string; receiverType: ReceiverType; receiver: ReceiverInput; name: string },
) {
  const [entry] = await db(t)
    .insert(addressBookEntries)
    .values({
      organizationId: s.orgId,
      name: opts.name,
      blockchain: 'ETHEREUM',
      tokenId: 'ETHEREUM.ETH',
      address: opts.address,
      addressKey: opts.address.toLowerCase(),
      walletType: 'VASP',
      vaspId: opts.vaspId,
      receiverType: opts.receiverType,
      receiverEnc: sealReceiver(opts.receiver, t.config.masterKey),
      receiverMasked: {},
      state: 'REGISTERED',
    })
    .returning({ id: addressBookEntries.id });
  await db(t)
    .insert(travelRuleInquiries)
    .values({
      organizationId: s.orgId,
      direction: 'OUTGOING',
      addressBookId: entry!.id,
      vaspId: opts.vaspId,
      counterparty: opts.name,
      blockchain: 'ETHEREUM',
      address: opts.address,
      status: 'APPROVED',
      attempts: 1,
      requestPayload: {},
      answeredAt: t.clock.now(),
      expiresAt: new Date(t.clock.now().getTime() + 7 * 86_400_000),
    });
  return entry!.id;
}

/** A withdrawal by the owner (no approval line: handed to the engine at once); its id. */
export async function ownerWithdrawal(s: WithdrawalScene, addressBookId: string, amount = '0.1') {
  const made = await s.owner.post(`${WD('evm')}/create`, {
    walletId: s.alpha.id,
    tokenId: 'ETHEREUM.ETH',
    addressBookId,
    amount,
  });
  if (made.statusCode !== 200) throw new Error(made.body);
  return made.json().id as string;
}

export async function requestRow(t: TestApp, id: string) {
  const [row] = await db(t).select().from(requests).where(eq(requests.id, id));
  return row!;
}

export async function transfers(t: TestApp, requestId: string) {
  return db(t)
    .select()
    .from(chainTransactions)
    .where(eq(chainTransactions.requestId, requestId))
    .orderBy(desc(chainTransactions.attempt));
}

/** Polls `probe` until it returns something truthy (the in-process engine works on its own schedule). */
export async function until<T>(probe: () => Promise<T | undefined | null | false>, what: string, ms = 20_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
