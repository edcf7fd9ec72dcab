// The executor on an EOS-type network through the nodeos chain API client, against the devnet's ledger served in
// nodeos's shapes (nodeos-api-server.ts): signatures, TAPOS and expirations are really checked, errors come back as
// nodeos error bodies, and status is found by reading blocks as on a node without history.
import { randomBytes } from '@noble/hashes/utils.js';
import { DevnetAdapter, faucetPay, signEosTransfer } from '@vaultline/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEosTestWallets } from '../../devnet/eos-test-wallets.js';
import { dbLedgerStore } from '../../devnet/ledger-store.js';
import { type NodeosApiServer, startNodeosApiServer } from '../../devnet/nodeos-api-server.js';
import { TEST_MASTER_KEY } from '../../test/custody.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { EosApi } from '../chains/eos-api.js';
import { eosApiChainNode, storedSignedBytes } from './eos-api-chain-node.js';
import { transactionExecutor } from './executor.js';
import { createSigner, type TransactionSigner } from './signer.js';

const BIZA = 10_000n; // 4 decimals
let testDb: TestDatabase;
let server: NodeosApiServer;
let time = new Date();
const clock = () => time;
let chain: DevnetAdapter;
let accounts: string[];
let organizationId: string;
let newRequest: () => Promise<string>;
const db = () => testDb.database.db;

const balance = async (account: string) => {
  const flows = await dbLedgerStore(db(), { now: clock }).view('BIZAUTO').flows(account, 'BIZAUTO.BIZA');
  return flows.received - flows.sent;
};

function executorWith(signer?: TransactionSigner) {
  const node = eosApiChainNode(new EosApi(server.url), { recall: storedSignedBytes(db(), 'BIZAUTO') });
  return transactionExecutor({
    db: db(),
    node,
    signer: signer ?? createSigner({ db: db(), masterKey: TEST_MASTER_KEY }),
    confirmations: 1,
  });
}

/** Steps the row (and its next attempts) to a final status, sealing a devnet block between steps. */
async function settle(executor: ReturnType<typeof executorWith>, id: string) {
  let row = await executor.advance(id);
  for (let i = 0; i < 20 && !['CONFIRMED', 'FAILED', 'DROPPED', 'REPLACED'].includes(row.status); i++) {
    await chain.produceBlock();
    row = await executor.advance(row.id);
  }
  return row;
}

const intent = async (amount: bigint) => ({
  organizationId,
  requestId: await newRequest(),
  purpose: 'transfer',
  blockchain: 'BIZAUTO' as const,
  fromAddress: accounts[0]!,
  toAddress: accounts[1]!,
  tokenId: 'BIZAUTO.BIZA',
  amount,
});

beforeAll(async () => {
  testDb = await createTestDatabase();
  ({ organizationId, newRequest, accounts } = await createEosTestWallets(db(), 'BIZAUTO', [
    'vaultsender1',
    'vaultreceivr',
  ]));
  const store = dbLedgerStore(db(), { now: clock });
  chain = new DevnetAdapter('BIZAUTO', store, { now: clock });
  await chain.produceBlock();
  const funded = await faucetPay(chain, store, {
    toAddress: accounts[0]!,
    tokenId: 'BIZAUTO.BIZA',
    amount: 10n * BIZA,
  });
  expect(funded.kind).toBe('accepted');
  await chain.produceBlock();
  server = await startNodeosApiServer({ db: db(), blockchain: 'BIZAUTO', now: clock });
});

afterAll(async () => {
  await server?.close();
  await testDb?.dispose();
});

describe('executor over the nodeos chain API (devnet behind it)', () => {
  it('confirms a BIZA transfer between two registered accounts, found by reading blocks', async () => {
    const executor = executorWith();
    const row = await executor.create(await intent(3n * BIZA));
    const done = await settle(executor, row.id);
    expect(done).toMatchObject({ status: 'CONFIRMED', attempt: 1, failureCode: null });
    expect(done.confirmations).toBeGreaterThanOrEqual(1);
    expect(done.blockHash).toMatch(/^[0-9a-f]{64}$/);
    expect([await balance(accounts[0]!), await balance(accounts[1]!)]).toEqual([7n * BIZA, 3n * BIZA]);
  });

  it('refuses an overspend as FAILED 4 (eosio.token: overdrawn balance)', async () => {
    const executor = executorWith();
    const row = await executor.create(await intent(100n * BIZA));
    expect(await settle(executor, row.id)).toMatchObject({ status: 'FAILED', failureCode: '4' });
    expect(await balance(accounts[0]!)).toBe(7n * BIZA);
  });

  it('refuses a signature by another key as FAILED 4111 (unsatisfied_authorization)', async () => {
    const wrongKey: TransactionSigner = {
      sign: async (job) =>
        signEosTransfer(
          { family: 'eosio', blockchain: job.blockchain, payload: job.payload, fee: job.fee },
          randomBytes(32),
          job.eosChainId!,
        ),
    };
    const executor = executorWith(wrongKey);
    const row = await executor.create(await intent(BIZA));
    expect(await settle(executor, row.id)).toMatchObject({ status: 'FAILED', failureCode: '4111' });
    expect(await balance(accounts[0]!)).toBe(7n * BIZA);
  });

  it('builds an expired transaction once more: attempt 2 CONFIRMED, the money moved once', async () => {
    const executor = executorWith();
    const row = await executor.create(await intent(2n * BIZA));
    expect((await executor.advance(row.id)).status).toBe('SIGNED');
    // The engine was away past the expiration: the node refuses the bytes, and a block stamped after it is final.
    time = new Date(time.getTime() + 10 * 60_000);
    await chain.produceBlock();
    // A fresh node (a restarted engine) knows the hash only from the stored bytes.
    const restarted = executorWith();
    const done = await settle(restarted, row.id);
    expect(done).toMatchObject({ status: 'CONFIRMED', attempt: 2 });
    expect(done.id).not.toBe(row.id);
    expect([await balance(accounts[0]!), await balance(accounts[1]!)]).toEqual([5n * BIZA, 5n * BIZA]);
  });
});
