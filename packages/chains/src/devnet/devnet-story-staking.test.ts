import { type Blockchain, STORY_STAKING } from '@vaultline/contracts';
import { encodeFunctionData, erc20Abi } from 'viem';
import { describe, expect, it } from 'vitest';
import { deriveEvm } from '../families/evm.js';
import { mnemonicToSeed } from '../seed.js';
import { buildEvmContractCall, signEvmTransfer } from '../tx/evm.js';
import { deriveSigningKey } from '../tx/keys.js';
import { encodeStoryStake, encodeStoryUnstake, STORY_STAKING_ABI } from '../tx/story-staking.js';
import { DevnetAdapter } from './devnet-adapter.js';
import { faucetPay } from './faucet.js';
import { MemoryLedgerStore } from './memory-ledger.js';
import {
  DEVNET_ERC20_TRANSFER_GAS,
  DEVNET_EVM_BASE_FEE,
  DEVNET_EVM_PRIORITY_FEE,
  DEVNET_EVM_TRANSFER_GAS,
  DEVNET_STAKING_CALL_GAS,
  devnetEvmGasEstimate,
} from './verify.js';

const seed = mnemonicToSeed(
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
);
const IP = 10n ** 18n;
const VALIDATOR = '0x0381513466154dfc0e702d8325d7a45284bc395f60b813230da299fab640c1eb08';
const STAKING = STORY_STAKING.contractAddress;
const fees = { maxFeePerGas: 3n * DEVNET_EVM_BASE_FEE, maxPriorityFeePerGas: DEVNET_EVM_PRIORITY_FEE };
const CALL_FEE = DEVNET_STAKING_CALL_GAS * (DEVNET_EVM_BASE_FEE + DEVNET_EVM_PRIORITY_FEE);

async function setUp(blockchain: Blockchain, balance: bigint) {
  const store = new MemoryLedgerStore();
  const chain = new DevnetAdapter(blockchain, store);
  const key = deriveSigningKey(seed, blockchain, 0);
  const from = deriveEvm(seed, blockchain, 0).address;
  const paid = await faucetPay(chain, store, { toAddress: from, tokenId: `${blockchain}.IP`, amount: balance });
  expect(paid.kind).toBe('accepted');
  await chain.produceBlock();
  const call = (data: string, value: bigint, nonce: number, extra: { to?: string; gasLimit?: bigint } = {}) =>
    signEvmTransfer(
      buildEvmContractCall({
        blockchain,
        fromAddress: from,
        toAddress: extra.to ?? STAKING,
        data,
        value,
        nonce,
        gasLimit: extra.gasLimit ?? DEVNET_STAKING_CALL_GAS,
        ...fees,
      }),
      key.privateKey,
    );
  const balanceOf = async () => {
    const flows = await store.view(blockchain).flows(from, `${blockchain}.IP`);
    return flows.received - flows.sent - flows.fees;
  };
  return { store, chain, from, call, balanceOf };
}

describe('devnet Story staking calls', () => {
  it('takes a stake: the value goes to the staking contract like a transfer, the sender pays it and the gas', async () => {
    const { chain, from, call, balanceOf } = await setUp('STORY', 5_000n * IP);
    const stake = await call(encodeStoryStake({ validatorCmpPubkey: VALIDATOR, period: 'SHORT' }), 2_048n * IP, 0);
    expect(await chain.broadcast(stake.raw, stake.hash)).toMatchObject({
      kind: 'accepted',
      transfer: { fromAddress: from, toAddress: STAKING, tokenId: 'STORY.IP', amount: 2_048n * IP },
    });
    expect(await balanceOf()).toBe(5_000n * IP - 2_048n * IP - CALL_FEE);
    await chain.produceBlock();
    expect(await chain.blockTransfers(1, 10, [STAKING])).toEqual([
      expect.objectContaining({ hash: stake.hash, toAddress: STAKING, amount: 2_048n * IP, failed: false }),
    ]);

    const unstake = await call(
      encodeStoryUnstake({ validatorCmpPubkey: VALIDATOR, delegationId: 1n, amount: 2_048n * IP }),
      STORY_STAKING.unstakeFee,
      1,
    );
    expect(await chain.broadcast(unstake.raw, unstake.hash)).toMatchObject({
      kind: 'accepted',
      transfer: { toAddress: STAKING, amount: STORY_STAKING.unstakeFee },
    });
    expect(await balanceOf()).toBe(5_000n * IP - 2_048n * IP - STORY_STAKING.unstakeFee - 2n * CALL_FEE);
  });

  it('refuses stakes below the minimum or not in whole gwei, unstakes not paying the fee, other calls', async () => {
    const { chain, call } = await setUp('STORY_TESTNET', 5_000n * IP);
    const stakeData = encodeStoryStake({ validatorCmpPubkey: VALIDATOR, period: 'FLEXIBLE' });
    const unstakeData = encodeStoryUnstake({ validatorCmpPubkey: VALIDATOR, delegationId: 0n, amount: 1_024n * IP });
    const refusedWith = async (signed: { raw: Uint8Array; hash: string }) => chain.broadcast(signed.raw, signed.hash);

    expect(await refusedWith(await call(stakeData, STORY_STAKING.minStake - 10n ** 9n, 0))).toMatchObject({
      kind: 'refused',
      reason: 'MALFORMED',
    });
    expect(await refusedWith(await call(stakeData, STORY_STAKING.minStake + 1n, 0))).toMatchObject({
      reason: 'MALFORMED',
    });
    expect(await refusedWith(await call(unstakeData, 0n, 0))).toMatchObject({ reason: 'MALFORMED' });
    expect(await refusedWith(await call(unstakeData, 2n * STORY_STAKING.unstakeFee, 0))).toMatchObject({
      reason: 'MALFORMED',
    });
    // Another function of the contract (redelegate is not carried), and garbage after a selector.
    const other = encodeFunctionData({
      abi: [
        {
          type: 'function',
          name: 'redelegate',
          stateMutability: 'payable',
          inputs: [
            { name: 'validatorSrcCmpPubkey', type: 'bytes' },
            { name: 'validatorDstCmpPubkey', type: 'bytes' },
            { name: 'delegationId', type: 'uint256' },
            { name: 'amount', type: 'uint256' },
          ],
          outputs: [],
        },
      ],
      functionName: 'redelegate',
      args: [VALIDATOR, VALIDATOR, 0n, 1_024n * IP],
    });
    expect(await refusedWith(await call(other, STORY_STAKING.unstakeFee, 0))).toMatchObject({ reason: 'MALFORMED' });
    expect(await refusedWith(await call('0xdeadbeef', 0n, 0))).toMatchObject({ reason: 'MALFORMED' });
    // Less gas than the devnet charges for a staking call.
    expect(await refusedWith(await call(stakeData, 1_024n * IP, 0, { gasLimit: 100_000n }))).toMatchObject({
      reason: 'MALFORMED',
    });
    // More than the balance.
    expect(await refusedWith(await call(stakeData, 5_000n * IP, 0))).toMatchObject({ reason: 'INSUFFICIENT_FUNDS' });

    const ok = await call(stakeData, 1_024n * IP, 0);
    expect((await chain.broadcast(ok.raw, ok.hash)).kind).toBe('accepted');
    expect(STORY_STAKING_ABI.map((item) => item.name)).toEqual(['fee', 'stake', 'unstake', 'Deposit', 'Withdraw']);
  });

  it('is Story only: the same call elsewhere is no token transfer and is refused', async () => {
    const store = new MemoryLedgerStore();
    const chain = new DevnetAdapter('SEPOLIA', store);
    const from = deriveEvm(seed, 'SEPOLIA', 0).address;
    await faucetPay(chain, store, { toAddress: from, tokenId: 'SEPOLIA.ETH', amount: 5_000n * IP });
    await chain.produceBlock();
    const signed = await signEvmTransfer(
      buildEvmContractCall({
        blockchain: 'SEPOLIA',
        fromAddress: from,
        toAddress: STAKING,
        data: encodeStoryStake({ validatorCmpPubkey: VALIDATOR, period: 'LONG' }),
        value: 1_024n * IP,
        nonce: 0,
        gasLimit: DEVNET_STAKING_CALL_GAS,
        ...fees,
      }),
      deriveSigningKey(seed, 'SEPOLIA', 0).privateKey,
    );
    expect(await chain.broadcast(signed.raw, signed.hash)).toMatchObject({ kind: 'refused', reason: 'MALFORMED' });
  });

  it('estimates what it charges', () => {
    const stake = encodeStoryStake({ validatorCmpPubkey: VALIDATOR, period: 'LONG' });
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [STAKING, 1n] });
    expect(devnetEvmGasEstimate('STORY', { to: STAKING, data: stake })).toBe(DEVNET_STAKING_CALL_GAS);
    expect(devnetEvmGasEstimate('STORY', { to: STAKING.toLowerCase() })).toBe(DEVNET_EVM_TRANSFER_GAS);
    expect(devnetEvmGasEstimate('SEPOLIA', { to: STAKING, data: stake })).toBe(DEVNET_ERC20_TRANSFER_GAS);
    expect(devnetEvmGasEstimate('STORY', { to: VALIDATOR.slice(0, 42), data: transfer })).toBe(
      DEVNET_ERC20_TRANSFER_GAS,
    );
  });
});
