import type { RequestContentOf } from '@vaultline/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gasFeeEntries, gasFeeWallets, requestDecisions, requests, wallets } from '../db/schema/index.js';
import { requestExecution } from '../modules/approvals/request-execution.service.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { createMember, createOrganization, grant, signIn, type TestMember } from '../test/fixtures.js';
import { createWallet } from '../test/wallet-fixtures.js';
import { walletCreationHandler } from './wallet-creation.js';

/** BIZAUTO: 0.5 BIZA (4 decimals) per account creation. */
const COST = 5_000n;

let t: TestApp;
let orgId: string;
let owner: TestMember;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_FACTOR: '20' });
  orgId = (await createOrganization(t.testDb.database.db, 'Gas Retry Org')).id;
  owner = await createMember(t.testDb.database.db, t.config, { organizationId: orgId });
  await grant(t.testDb.database.db, owner.id, ['OWNER']);
  // The network's first wallet makes (and on the devnet funds) its gas-fee wallet, and is charged to it.
  await createWallet(await signIn(t, owner), orgId, 'BIZAUTO', 'Biz first');
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.testDb.database.db;
const balance = async () => {
  const [row] = await db()
    .select({ balance: gasFeeWallets.balance })
    .from(gasFeeWallets)
    .where(and(eq(gasFeeWallets.organizationId, orgId), eq(gasFeeWallets.blockchain, 'BIZAUTO')));
  return BigInt(row!.balance);
};
const chargesOf = (requestId: string) =>
  db().select().from(gasFeeEntries).where(eq(gasFeeEntries.requestId, requestId));
const handler = () =>
  walletCreationHandler({ config: t.config, requests: requestExecution(db(), t.clock.now), now: t.clock.now });

/** An approved EOS-type creation request no queue job carries: only the test's handler calls execute it. */
async function approvedRequest(name: string, accountName: string) {
  const payload: RequestContentOf<'WALLET_CREATION'> = {
    kind: 'WALLET_CREATION',
    name,
    blockchain: 'BIZAUTO',
    family: 'eosio',
    accountName,
  };
  const [request] = await db()
    .insert(requests)
    .values({
      organizationId: orgId,
      type: 'WALLET_CREATION',
      itemType: 'WALLET_CREATION',
      payload,
      status: 'APPROVED',
      initiatorId: owner.id,
      steps: [{ requiredApprovals: 1, eligible: [owner.id], status: 'APPROVED' }],
    })
    .returning();
  await db()
    .insert(requestDecisions)
    .values({ requestId: request!.id, accountId: owner.id, step: 0, decision: 'APPROVED' });
  return request!.id;
}

describe('wallet creation charges the gas-fee wallet', () => {
  it('charges nothing more when a finished job is retried', async () => {
    const [first] = await db().select().from(wallets).where(eq(wallets.organizationId, orgId));
    const before = await balance();
    expect(await chargesOf(first!.creationRequestId!)).toHaveLength(1);
    await handler()({ requestId: first!.creationRequestId!, organizationId: orgId });
    expect(await balance()).toBe(before);
    expect(await chargesOf(first!.creationRequestId!)).toHaveLength(1);
  });

  it('debits once when the same job runs twice at the same time, then again', async () => {
    const before = await balance();
    const requestId = await approvedRequest('Biz twin', 'gastwin12345');
    const job = { requestId, organizationId: orgId };
    await Promise.all([handler()(job), handler()(job)]);
    await handler()(job);
    expect(await balance()).toBe(before - COST);
    expect(await chargesOf(requestId)).toHaveLength(1);
    const [request] = await db().select().from(requests).where(eq(requests.id, requestId));
    expect(request!.status).toBe('COMPLETE');
  });

  it('fails with 5001 and charges nothing when the balance no longer covers the account', async () => {
    await db()
      .update(gasFeeWallets)
      .set({ balance: (COST - 1n).toString() })
      .where(and(eq(gasFeeWallets.organizationId, orgId), eq(gasFeeWallets.blockchain, 'BIZAUTO')));
    const requestId = await approvedRequest('Biz poor', 'gaspoor12345');
    await handler()({ requestId, organizationId: orgId });
    const [request] = await db().select().from(requests).where(eq(requests.id, requestId));
    expect(request).toMatchObject({ status: 'FAILED', failureReason: '5001' });
    expect(await balance()).toBe(COST - 1n);
    expect(await chargesOf(requestId)).toHaveLength(0);
    expect(await db().select().from(wallets).where(eq(wallets.creationRequestId, requestId))).toHaveLength(0);
  });
});
