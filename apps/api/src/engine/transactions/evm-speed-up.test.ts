// Speeding up a stuck EVM transfer on a real anvil with mining switched off, on both databases: the replacement
// is mined and the old attempt ends REPLACED; a replacement that arrives after the old one was mined gives way to
// it; a speed-up at the same fees or of a finished transfer is refused with the spec's codes. Money moves once.
import { evmTermsOf } from '@vaultline/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { createEvmCustody, ETH, type EvmCustody, TEST_MASTER_KEY } from '../../test/evm-custody.js';
import { type AnvilNode, startAnvil } from '../chains/anvil.js';
import { evmChainNode } from './evm-chain-node.js';
import { type SpeedUpRefused, speedUpEvmTransfer } from './evm-speed-up.js';
import { type TransactionExecutor, transactionExecutor } from './executor.js';
import { createSigner } from './signer.js';

let testDb: TestDatabase;
let node: AnvilNode;
let custody: EvmCustody;
let executor: TransactionExecutor;

const transfer = async (amount: bigint) => ({
  organizationId: custody.organizationId,
  requestId: await custody.newRequest(),
  purpose: 'transfer',
  blockchain: 'ETHEREUM' as const,
  fromAddress: custody.addresses[0]!,
  toAddress: custody.addresses[1]!,
  tokenId: 'ETHEREUM.ETH',
  amount,
});

/** Built, signed and handed to the node, which holds it in its pool (nothing is mined until the test says so). */
async function stuck(amount: bigint) {
  const built = await executor.create(await transfer(amount));
  await executor.advance(built.id);
  const sent = await executor.advance(built.id);
  expect(sent.status).toBe('BROADCAST');
  return sent;
}

const mine = () => node.rpc.call('evm_mine', []);

beforeAll(async () => {
  [testDb, node] = await Promise.all([createTestDatabase(), startAnvil()]);
  custody = await createEvmCustody(testDb.database.db, node, { wallets: 2, fundEach: 10n * ETH });
  await node.rpc.call('evm_setAutomine', [false]);
  const db = testDb.database.db;
  executor = transactionExecutor({
    db,
    node: evmChainNode(node.rpc),
    signer: createSigner({ db, masterKey: TEST_MASTER_KEY }),
    confirmations: 1,
  });
});

afterAll(async () => {
  await node?.stop();
  await testDb?.dispose();
});

describe('speeding up a stuck EVM transfer', () => {
  it('mines the replacement at higher fees; the old attempt ends REPLACED and the money moves once', async () => {
    const receiverBefore = await node.rpc.balance(custody.addresses[1]!);
    const old = await stuck(ETH / 10n);
    const replacement = await speedUpEvmTransfer(testDb.database.db, evmChainNode(node.rpc), old.id);
    expect(replacement).toMatchObject({ status: 'BUILT', attempt: 2, sequence: old.sequence, amount: old.amount });
    expect(BigInt(replacement.fee)).toBeGreaterThan(BigInt(old.fee));

    await executor.advance(replacement.id);
    expect((await executor.advance(replacement.id)).status).toBe('BROADCAST');
    await mine();
    const done = await executor.settle(replacement.id);
    expect(done).toMatchObject({ status: 'CONFIRMED', attempt: 2 });
    expect((await node.rpc.transactionStatus(done.hash!)).state).toBe('confirmed');
    expect((await node.rpc.transactionStatus(old.hash!)).state).toBe('unknown');
    expect(await executor.advance(old.id)).toMatchObject({ status: 'REPLACED', failureCode: '4112' });
    expect(await node.rpc.balance(custody.addresses[1]!)).toBe(receiverBefore + ETH / 10n);
  });

  it('gives way to the old attempt when that one was mined before the replacement arrived', async () => {
    const receiverBefore = await node.rpc.balance(custody.addresses[1]!);
    const old = await stuck(ETH / 20n);
    await mine(); // the old one is in a block; the row has not heard yet
    const replacement = await speedUpEvmTransfer(testDb.database.db, evmChainNode(node.rpc), old.id);
    const refused = await executor.settle(replacement.id);
    expect(refused).toMatchObject({ status: 'REPLACED', failureCode: '4112' });
    expect(await executor.settle(old.id)).toMatchObject({ status: 'CONFIRMED', hash: old.hash });
    expect(await node.rpc.balance(custody.addresses[1]!)).toBe(receiverBefore + ETH / 20n);
  });

  it('refuses the same fees (4113) and a transfer that is no longer pending (4112)', async () => {
    const old = await stuck(1_000n);
    const { maxFeePerGas, maxPriorityFeePerGas } = evmTermsOf(old.payload);
    const sameFees = { maxFeePerGas, maxPriorityFeePerGas };
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: SpeedUpRefused) => error.code,
      );
    expect(await refusal(speedUpEvmTransfer(testDb.database.db, evmChainNode(node.rpc), old.id, sameFees))).toBe(
      '4113',
    );
    await mine();
    const done = await executor.settle(old.id);
    expect(done.status).toBe('CONFIRMED');
    expect(await refusal(speedUpEvmTransfer(testDb.database.db, evmChainNode(node.rpc), old.id))).toBe('4112');
  });
});
