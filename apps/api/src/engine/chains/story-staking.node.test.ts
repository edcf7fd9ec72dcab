// Story staking calls against a real anvil node running Story's chain id, with a stand-in of the IPTokenStaking
// predeploy at its address: the calldata we encode is what the contract's ABI decodes, the events it emits are what
// we decode, the value leaves the sender, and a fee replacement keeps the call.
import {
  buildEvmContractCall,
  decodeStoryStakingLogs,
  deriveSigningKey,
  type EvmUnsignedTransfer,
  encodeStoryStake,
  encodeStoryUnstake,
  evmChainIdOf,
  mnemonicToSeed,
  publicKeyToEvmAddress,
  replaceEvmTransfer,
  type SignedTransfer,
  signEvmTransfer,
} from '@vaultline/chains';
import { STORY_STAKING } from '@vaultline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unstakeFeeOf } from '../staking.js';
import { evmChainNode } from '../transactions/evm-chain-node.js';
import { evmPlanner } from '../transactions/evm-planner.js';
import type { OutgoingTransfer } from '../transactions/transfer-planner.js';
import { type AnvilNode, sleep, startAnvil } from './anvil.js';
import { installStakingStandIn } from './story-staking-standin.js';

const seed = mnemonicToSeed('test test test test test test test test test test test junk');
const key = deriveSigningKey(seed, 'STORY', 0);
const delegator = publicKeyToEvmAddress(key.publicKey);
const IP = 10n ** 18n;
const STAKING = STORY_STAKING.contractAddress;
// The validator key of piplabs/story's own IPTokenStaking tests.
const VALIDATOR = '0x0381513466154dfc0e702d8325d7a45284bc395f60b813230da299fab640c1eb08';

let node: AnvilNode;
/** The chain id the node runs: Story's own (anvil_setChainId), so the builder signs without an override. */
let chainId: number;

const hexQuantity = (value: bigint) => `0x${value.toString(16)}`;

async function mined(hash: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const status = await node.rpc.transactionStatus(hash);
    if (status.state !== 'pending' || Date.now() > deadline) return status;
    await sleep(20);
  }
}

/** Sends, waits for the receipt, and returns what it cost and the staking events it emitted. */
async function sendAndRead(signed: SignedTransfer) {
  expect(await node.rpc.sendRawTransaction(signed.raw)).toBe(signed.hash);
  const status = await mined(signed.hash);
  expect(status.state).toBe('confirmed');
  const receipt = await node.rpc.call<{ logs: { address: string; topics: string[]; data: string }[] }>(
    'eth_getTransactionReceipt',
    [signed.hash],
  );
  return { paid: status.gasUsed! * status.effectiveGasPrice!, events: decodeStoryStakingLogs(receipt.logs) };
}

async function call(data: string, value: bigint, gasLimit = 200_000n): Promise<EvmUnsignedTransfer> {
  const fees = await node.rpc.suggestFees();
  return buildEvmContractCall({
    blockchain: 'STORY',
    ...(chainId === evmChainIdOf('STORY') ? {} : { chainId }),
    fromAddress: delegator,
    toAddress: STAKING,
    data,
    value,
    nonce: await node.rpc.pendingNonce(delegator),
    maxFeePerGas: fees.maxFeePerGas,
    maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    gasLimit,
  });
}

beforeAll(async () => {
  node = await startAnvil();
  // anvil starts at its own chain id (anvil.ts); Story's is set over RPC, or the builder's override is used.
  chainId = await node.rpc
    .call('anvil_setChainId', [evmChainIdOf('STORY')])
    .then(() => node.rpc.chainId())
    .catch(() => node.chainId);
  await installStakingStandIn(node.rpc);
  await node.rpc.call('anvil_setBalance', [delegator, hexQuantity(10_000n * IP)]);
});

afterAll(async () => {
  await node?.stop();
});

describe('Story staking on anvil (IPTokenStaking stand-in)', () => {
  it("runs on Story's chain id", () => {
    expect(chainId).toBe(1514);
  });

  it('stakes through the EVM planner: gas estimated with the value, Deposit decoded, the stake left the sender', async () => {
    const planner = evmPlanner(evmChainNode(node.rpc));
    const intent: OutgoingTransfer = {
      organizationId: 'org',
      requestId: null,
      purpose: 'STAKE',
      blockchain: 'STORY',
      fromAddress: delegator,
      toAddress: STAKING,
      tokenId: 'STORY.IP',
      amount: 2_048n * IP,
      data: encodeStoryStake({ validatorCmpPubkey: VALIDATOR, period: 'SHORT', data: '0x0102' }),
    };
    const quote = await planner.quote(intent);
    if (typeof quote === 'string') throw new Error(`quote refused: ${quote}`);
    expect(quote.chainId).toBe(chainId);
    const planned = await planner.plan(undefined as never, intent, quote, { nextSequence: 0 });
    if (typeof planned === 'string') throw new Error(`plan refused: ${planned}`);
    const unsigned: EvmUnsignedTransfer = {
      family: 'evm',
      blockchain: 'STORY',
      payload: planned.payload,
      fee: planned.fee,
      fromAddress: delegator,
      nonce: planned.sequence!,
    };

    const [before, contractBefore] = [await node.rpc.balance(delegator), await node.rpc.balance(STAKING)];
    const { paid, events } = await sendAndRead(await signEvmTransfer(unsigned, key.privateKey));
    expect(events).toEqual([
      {
        kind: 'deposit',
        index: 0,
        delegator,
        validatorCmpPubkey: VALIDATOR,
        amount: 2_048n * IP,
        period: 'SHORT',
        delegationId: 1n,
        operator: delegator,
        data: '0x0102',
      },
    ]);
    expect(await node.rpc.balance(delegator)).toBe(before - 2_048n * IP - paid);
    // Burned, as the real contract does: sent on to the zero address, not kept.
    expect(await node.rpc.balance(STAKING)).toBe(contractBefore);
  });

  it("reads the unstake fee from the contract's fee() on a node, as the engine pays it", async () => {
    const config = { chainRpc: { STORY: node.url }, production: false };
    expect(await unstakeFeeOf(config, 'STORY')).toBe(STORY_STAKING.unstakeFee);
    // Where the devnet plays the chain, its constant.
    expect(await unstakeFeeOf({ chainRpc: {}, production: false }, 'STORY_TESTNET')).toBe(STORY_STAKING.unstakeFee);
  });

  it('unstakes paying exactly the fee: Withdraw names the delegation and amount', async () => {
    const before = await node.rpc.balance(delegator);
    const unsigned = await call(
      encodeStoryUnstake({ validatorCmpPubkey: VALIDATOR, delegationId: 1n, amount: 2_048n * IP }),
      STORY_STAKING.unstakeFee,
    );
    const { paid, events } = await sendAndRead(await signEvmTransfer(unsigned, key.privateKey));
    expect(events).toEqual([
      expect.objectContaining({
        kind: 'withdraw',
        delegator,
        validatorCmpPubkey: VALIDATOR,
        amount: 2_048n * IP,
        delegationId: 1n,
        data: '0x',
      }),
    ]);
    expect(await node.rpc.balance(delegator)).toBe(before - STORY_STAKING.unstakeFee - paid);
  });

  it('gives FLEXIBLE stakes delegation id 0 and numbers periods on; refunds what is under a gwei', async () => {
    const flexible = await sendAndRead(
      await signEvmTransfer(
        await call(encodeStoryStake({ validatorCmpPubkey: VALIDATOR, period: 'FLEXIBLE' }), 1_024n * IP),
        key.privateKey,
      ),
    );
    expect(flexible.events).toMatchObject([{ kind: 'deposit', period: 'FLEXIBLE', delegationId: 0n }]);

    const before = await node.rpc.balance(delegator);
    const long = await sendAndRead(
      await signEvmTransfer(
        await call(encodeStoryStake({ validatorCmpPubkey: VALIDATOR, period: 'LONG' }), 1_024n * IP + 1n),
        key.privateKey,
      ),
    );
    expect(long.events).toMatchObject([{ kind: 'deposit', period: 'LONG', delegationId: 2n, amount: 1_024n * IP }]);
    expect(await node.rpc.balance(delegator)).toBe(before - 1_024n * IP - long.paid);
  });

  it('has the planner refuse what the contract reverts: a stake under the minimum, an unstake without the fee', async () => {
    const planner = evmPlanner(evmChainNode(node.rpc));
    const base = {
      organizationId: 'org',
      requestId: null,
      purpose: 'STAKE',
      blockchain: 'STORY' as const,
      fromAddress: delegator,
      toAddress: STAKING,
      tokenId: 'STORY.IP',
    };
    const small = await planner.quote({
      ...base,
      amount: 1_000n * IP,
      data: encodeStoryStake({ validatorCmpPubkey: VALIDATOR, period: 'FLEXIBLE' }),
    });
    expect(typeof small).toBe('string');
    const feeless = await planner.quote({
      ...base,
      amount: 0n,
      data: encodeStoryUnstake({ validatorCmpPubkey: VALIDATOR, delegationId: 0n, amount: 1_024n * IP }),
    });
    expect(typeof feeless).toBe('string');
  });

  it('keeps the call when a stuck stake is replaced at higher fees', async () => {
    let replacementHash = '';
    await node.rpc.call('evm_setAutomine', [false]);
    try {
      const stuck = await call(encodeStoryStake({ validatorCmpPubkey: VALIDATOR, period: 'MEDIUM' }), 1_024n * IP);
      const first = await signEvmTransfer(stuck, key.privateKey);
      expect(await node.rpc.sendRawTransaction(first.raw)).toBe(first.hash);
      const { maxFeePerGas, maxPriorityFeePerGas } = await node.rpc.suggestFees();
      const replacement = replaceEvmTransfer(stuck, {
        maxFeePerGas: maxFeePerGas * 2n,
        maxPriorityFeePerGas: maxPriorityFeePerGas * 2n,
      });
      const second = await signEvmTransfer(replacement, key.privateKey);
      expect(await node.rpc.sendRawTransaction(second.raw)).toBe(second.hash);
      replacementHash = second.hash;
      await node.rpc.call('evm_mine', []);
    } finally {
      await node.rpc.call('evm_setAutomine', [true]);
    }
    const block = await node.rpc.call<{ transactions: string[] }>('eth_getBlockByNumber', ['latest', false]);
    expect(block.transactions).toEqual([replacementHash]);
    const receipt = await node.rpc.call<{ logs: { address: string; topics: string[]; data: string }[] }>(
      'eth_getTransactionReceipt',
      [block.transactions[0]],
    );
    expect(decodeStoryStakingLogs(receipt.logs)).toMatchObject([
      { kind: 'deposit', period: 'MEDIUM', delegationId: 3n, amount: 1_024n * IP, delegator },
    ]);
  });
});
