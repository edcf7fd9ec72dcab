// EVM builders and signers against a real anvil node: the node accepts or refuses the real signed bytes.
import {
  type BuildEvmTransferInput,
  buildEvmTransfer,
  deriveSigningKey,
  EvmReplacementUnderpricedError,
  type EvmToken,
  mnemonicToSeed,
  publicKeyToEvmAddress,
  replaceEvmTransfer,
  type SignedTransfer,
  signEvmTransfer,
} from '@vaultline/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANVIL_CHAIN_ID, type AnvilNode, sleep, startAnvil } from './anvil.js';
import { type EvmRejection, EvmRpcError } from './evm-rpc.js';
import { TEST_ERC20_BYTECODE, TEST_ERC20_DECIMALS } from './fixtures/test-erc20.js';

const seed = mnemonicToSeed('test test test test test test test test test test test junk');
const keyOf = (account: number) => {
  const key = deriveSigningKey(seed, 'ETHEREUM', account);
  return { ...key, address: publicKeyToEvmAddress(key.publicKey) };
};
const [alice, bob, carol, dave] = [keyOf(0), keyOf(1), keyOf(2), keyOf(3)];
const ETH = 10n ** 18n;
/** anvil's first pre-funded, unlocked dev account: deploys the token and hands it out. */
const DEV_ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

let node: AnvilNode;
let token: EvmToken & { kind: 'erc20' };

const word = (value: bigint | string) => BigInt(value).toString(16).padStart(64, '0');
const hexQuantity = (value: bigint) => `0x${value.toString(16)}`;

async function devSend(to: string | undefined, data: string): Promise<{ contractAddress: string | null }> {
  const hash = await node.rpc.call<string>('eth_sendTransaction', [{ from: DEV_ACCOUNT, to, data, gas: '0x200000' }]);
  expect((await mined(hash)).state).toBe('confirmed');
  return node.rpc.call('eth_getTransactionReceipt', [hash]);
}

/** A transfer from `from` at its pending nonce with the node's fee suggestion and gas estimate. */
async function prepare(from: typeof alice, overrides: Partial<BuildEvmTransferInput> = {}) {
  const fees = await node.rpc.suggestFees();
  const input: BuildEvmTransferInput = {
    blockchain: 'ETHEREUM',
    chainId: ANVIL_CHAIN_ID,
    fromAddress: from.address,
    toAddress: bob.address,
    token: { kind: 'native' },
    amount: ETH / 10n,
    nonce: await node.rpc.pendingNonce(from.address),
    maxFeePerGas: fees.maxFeePerGas,
    maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    gasLimit: 21_000n,
    ...overrides,
  };
  return buildEvmTransfer(input);
}

/** Automine mines each transaction right after accepting it, but asynchronously: poll until it is in a block. */
async function mined(hash: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const status = await node.rpc.transactionStatus(hash);
    if (status.state !== 'pending' || Date.now() > deadline) return status;
    await sleep(20);
  }
}

async function sendAndConfirm(signed: SignedTransfer) {
  expect(await node.rpc.sendRawTransaction(signed.raw)).toBe(signed.hash);
  const status = await mined(signed.hash);
  expect(status.state).toBe('confirmed');
  return status;
}

async function rejectionOf(raw: Uint8Array): Promise<EvmRejection> {
  try {
    await node.rpc.sendRawTransaction(raw);
  } catch (error) {
    if (error instanceof EvmRpcError) return error.reason;
    throw error;
  }
  throw new Error('The node accepted the transaction');
}

/** Runs `body` with automine off, so transactions wait in the pool until `evm_mine`. */
async function withoutAutomine(body: () => Promise<void>) {
  await node.rpc.call('evm_setAutomine', [false]);
  try {
    await body();
  } finally {
    await node.rpc.call('evm_setAutomine', [true]);
  }
}

beforeAll(async () => {
  node = await startAnvil();
  for (const key of [alice, carol, dave])
    await node.rpc.call('anvil_setBalance', [key.address, hexQuantity(10n * ETH)]);
  const deployed = await devSend(undefined, TEST_ERC20_BYTECODE);
  token = { kind: 'erc20', contract: deployed.contractAddress!, decimals: TEST_ERC20_DECIMALS };
  await devSend(token.contract, `0xa9059cbb${word(alice.address)}${word(1_000_000_000n)}`);
});

afterAll(async () => {
  await node?.stop();
});

describe('EVM transfers on anvil', () => {
  it('runs on the chain id the builder signs for', () => {
    expect(node.chainId).toBe(ANVIL_CHAIN_ID);
  });

  it('confirms a native transfer: the receiver gets the amount, the sender pays amount + gas used × price', async () => {
    const [aliceBefore, bobBefore] = [await node.rpc.balance(alice.address), await node.rpc.balance(bob.address)];
    const estimate = await node.rpc.estimateGas({ from: alice.address, to: bob.address, value: ETH / 10n });
    const unsigned = await prepare(alice, { gasLimit: estimate });
    const signed = await signEvmTransfer(unsigned, alice.privateKey);
    const status = await sendAndConfirm(signed);
    expect(status.confirmations).toBe(1);
    const block = await node.rpc.call<{ hash: string }>('eth_getBlockByNumber', [
      hexQuantity(status.blockNumber!),
      false,
    ]);
    expect(status.blockHash).toBe(block.hash);

    const paid = status.gasUsed! * status.effectiveGasPrice!;
    expect(paid).toBeGreaterThan(0n);
    expect(paid).toBeLessThanOrEqual(unsigned.fee);
    expect(await node.rpc.balance(bob.address)).toBe(bobBefore + ETH / 10n);
    expect(await node.rpc.balance(alice.address)).toBe(aliceBefore - ETH / 10n - paid);

    await node.rpc.call('anvil_mine', ['0x2']);
    expect((await node.rpc.transactionStatus(signed.hash)).confirmations).toBe(3);
  });

  it('confirms an ERC-20 transfer: tokens move, the sender pays only gas in the native coin', async () => {
    const [tokensBefore, ethBefore] = [
      await node.rpc.erc20Balance(token.contract, alice.address),
      await node.rpc.balance(alice.address),
    ];
    const unsigned = await prepare(alice, { token, amount: 12_345_678n, gasLimit: 100_000n });
    const status = await sendAndConfirm(await signEvmTransfer(unsigned, alice.privateKey));
    expect(await node.rpc.erc20Balance(token.contract, alice.address)).toBe(tokensBefore - 12_345_678n);
    expect(await node.rpc.erc20Balance(token.contract, bob.address)).toBe(12_345_678n);
    expect(await node.rpc.balance(alice.address)).toBe(ethBefore - status.gasUsed! * status.effectiveGasPrice!);
  });

  it('refuses a tampered signature, and the sender keeps its funds', async () => {
    const before = await node.rpc.balance(alice.address);
    const signed = await signEvmTransfer(await prepare(alice), alice.privateKey);
    // raw ends with r and s, each 0xa0 + 32 bytes. A flipped bit of s recovers some other, unfunded account.
    const flipped = signed.raw.slice();
    flipped[flipped.length - 5]! ^= 0x01;
    expect(await rejectionOf(flipped)).toBe('INSUFFICIENT_FUNDS');
    // An r that is no point's x coordinate recovers nobody at all.
    const noPoint = signed.raw.slice();
    noPoint.fill(0xff, noPoint.length - 65, noPoint.length - 33);
    expect(await rejectionOf(noPoint)).toBe('INVALID_SIGNATURE');
    expect(await node.rpc.balance(alice.address)).toBe(before);
  });

  it('refuses a transaction signed for another chain id', async () => {
    const signed = await signEvmTransfer(await prepare(alice, { chainId: 1 }), alice.privateKey);
    expect(await rejectionOf(signed.raw)).toBe('WRONG_CHAIN_ID');
  });

  it('refuses a reused nonce: the same bytes again, and other content at a mined nonce', async () => {
    const signed = await signEvmTransfer(await prepare(alice), alice.privateKey);
    const status = await sendAndConfirm(signed);
    expect(await rejectionOf(signed.raw)).toBe('NONCE_TOO_LOW');
    const nextNonce = await node.rpc.pendingNonce(alice.address);
    const stale = await prepare(alice, { nonce: nextNonce - 1, amount: 1n });
    expect(await rejectionOf((await signEvmTransfer(stale, alice.privateKey)).raw)).toBe('NONCE_TOO_LOW');
    expect((await node.rpc.transactionStatus(signed.hash)).blockHash).toBe(status.blockHash);
  });

  it('refuses an overspend', async () => {
    const balance = await node.rpc.balance(alice.address);
    const signed = await signEvmTransfer(await prepare(alice, { amount: balance }), alice.privateKey);
    expect(await rejectionOf(signed.raw)).toBe('INSUFFICIENT_FUNDS');
    const tokens = await node.rpc.erc20Balance(token.contract, alice.address);
    expect(tokens).toBeGreaterThan(0n);
  });

  it('confirms 20 transfers with consecutive nonces sent together from one address', async () => {
    const daveBefore = await node.rpc.balance(dave.address);
    const first = await node.rpc.pendingNonce(carol.address);
    await withoutAutomine(async () => {
      const hashes: string[] = [];
      for (let i = 0; i < 20; i++) {
        const unsigned = await prepare(carol, {
          toAddress: dave.address,
          amount: 1_000n + BigInt(i),
          nonce: first + i,
        });
        const signed = await signEvmTransfer(unsigned, carol.privateKey);
        hashes.push(await node.rpc.sendRawTransaction(signed.raw));
      }
      expect(await node.rpc.pendingNonce(carol.address)).toBe(first + 20);
      await node.rpc.call('evm_mine');
      const statuses = await Promise.all(hashes.map((hash) => node.rpc.transactionStatus(hash)));
      expect(statuses.map((s) => s.state)).toEqual(Array(20).fill('confirmed'));
    });
    expect(await node.rpc.balance(dave.address)).toBe(daveBefore + 20n * 1_000n + 190n);
  });

  it('replaces a pending transaction with a 10% higher fee, and the node refuses an underpriced one', async () => {
    await withoutAutomine(async () => {
      const { maxFeePerGas, maxPriorityFeePerGas } = await node.rpc.suggestFees();
      const fees = { maxFeePerGas, maxPriorityFeePerGas };
      const original = await prepare(alice, { toAddress: dave.address, amount: 5n, ...fees });
      const signedOriginal = await signEvmTransfer(original, alice.privateKey);
      await node.rpc.sendRawTransaction(signedOriginal.raw);
      expect((await node.rpc.transactionStatus(signedOriginal.hash)).state).toBe('pending');

      // Same nonce, same fees, other content: the "same gas price already used" refusal.
      const sameFee = await prepare(alice, { toAddress: dave.address, amount: 6n, nonce: original.nonce, ...fees });
      expect(await rejectionOf((await signEvmTransfer(sameFee, alice.privateKey)).raw)).toBe('REPLACEMENT_UNDERPRICED');
      // anvil itself takes any increase; geth wants 10% on both fees, so the builder refuses less than that.
      const fivePercent = {
        maxFeePerGas: (maxFeePerGas * 105n) / 100n,
        maxPriorityFeePerGas: (maxPriorityFeePerGas * 110n + 99n) / 100n,
      };
      expect(() => replaceEvmTransfer(original, fivePercent)).toThrow(EvmReplacementUnderpricedError);

      const bumped = replaceEvmTransfer(original, {
        maxFeePerGas: (maxFeePerGas * 110n + 99n) / 100n,
        maxPriorityFeePerGas: (maxPriorityFeePerGas * 110n + 99n) / 100n,
      });
      const signedBumped = await signEvmTransfer(bumped, alice.privateKey);
      expect(await node.rpc.sendRawTransaction(signedBumped.raw)).toBe(signedBumped.hash);
      await node.rpc.call('evm_mine');
      expect((await node.rpc.transactionStatus(signedBumped.hash)).state).toBe('confirmed');
      expect((await node.rpc.transactionStatus(signedOriginal.hash)).state).toBe('unknown');
    });
  });
});
