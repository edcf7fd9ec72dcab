import {
  bytesToHex,
  decodeFunctionData,
  erc20Abi,
  keccak256,
  parseTransaction,
  recoverTransactionAddress,
  type TransactionSerializedEIP1559,
} from 'viem';
import { describe, expect, it } from 'vitest';
import { publicKeyToEvmAddress } from '../families/evm.js';
import { mnemonicToSeed } from '../seed.js';
import {
  type BuildEvmContractCallInput,
  type BuildEvmTransferInput,
  buildEvmContractCall,
  buildEvmNonceFiller,
  buildEvmTransfer,
  EvmReplacementUnderpricedError,
  evmTermsOf,
  replaceEvmTransfer,
  signEvmTransfer,
} from './evm.js';
import { deriveSigningKey } from './keys.js';
import { TransferBuildError } from './types.js';

const seed = mnemonicToSeed(
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
);
const sender = deriveSigningKey(seed, 'ETHEREUM', 0);
const stranger = deriveSigningKey(seed, 'ETHEREUM', 1);
const senderAddress = publicKeyToEvmAddress(sender.publicKey);
const receiverAddress = publicKeyToEvmAddress(stranger.publicKey);
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

function transfer(overrides: Partial<BuildEvmTransferInput> = {}): BuildEvmTransferInput {
  return {
    blockchain: 'ETHEREUM',
    fromAddress: senderAddress,
    toAddress: receiverAddress,
    token: { kind: 'native' },
    amount: 10n ** 17n,
    nonce: 7,
    maxFeePerGas: 30_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
    gasLimit: 21_000n,
    ...overrides,
  };
}

const parsed = (payload: Uint8Array) => parseTransaction(bytesToHex(payload) as TransactionSerializedEIP1559);

function refusal(input: BuildEvmTransferInput): string | undefined {
  try {
    buildEvmTransfer(input);
  } catch (error) {
    if (error instanceof TransferBuildError) return error.reason;
    throw error;
  }
  return undefined;
}

describe('buildEvmTransfer', () => {
  it('builds an EIP-1559 native transfer on the chain id of the blockchain, fee = gas limit × fee cap', () => {
    const unsigned = buildEvmTransfer(transfer());
    expect(unsigned.payload[0]).toBe(0x02);
    expect(unsigned.fee).toBe(21_000n * 30_000_000_000n);
    expect(unsigned.nonce).toBe(7);
    const tx = parsed(unsigned.payload);
    expect(tx).toMatchObject({ type: 'eip1559', chainId: 1, nonce: 7, value: 10n ** 17n, gas: 21_000n });
    expect(tx.to?.toLowerCase()).toBe(receiverAddress.toLowerCase());
    expect(tx.data).toBeUndefined();
    expect(parsed(buildEvmTransfer(transfer({ blockchain: 'SEPOLIA' })).payload).chainId).toBe(11155111);
    expect(parsed(buildEvmTransfer(transfer({ chainId: 31337 })).payload).chainId).toBe(31337);
  });

  it('builds an ERC-20 transfer as a value-less call of transfer(to, amount) on the token contract', () => {
    const unsigned = buildEvmTransfer(
      transfer({ token: { kind: 'erc20', contract: USDC, decimals: 6 }, amount: 2_500_000n, gasLimit: 65_000n }),
    );
    const tx = parsed(unsigned.payload);
    expect(tx.to?.toLowerCase()).toBe(USDC.toLowerCase());
    expect(tx.value ?? 0n).toBe(0n);
    expect(tx.data?.slice(0, 10)).toBe('0xa9059cbb');
    const call = decodeFunctionData({ abi: erc20Abi, data: tx.data! });
    expect(call.functionName).toBe('transfer');
    expect(call.args).toEqual([receiverAddress, 2_500_000n]);
    expect(unsigned.fee).toBe(65_000n * 30_000_000_000n);
  });

  it('refuses invalid addresses, a non-positive amount and a memo', () => {
    const badChecksum = receiverAddress.replace(/[a-f]/, (c) => c.toUpperCase());
    expect(refusal(transfer({ toAddress: badChecksum }))).toBe('INVALID_ADDRESS');
    expect(refusal(transfer({ toAddress: '0x1234' }))).toBe('INVALID_ADDRESS');
    expect(refusal(transfer({ fromAddress: 'bc1qxyz' }))).toBe('INVALID_ADDRESS');
    expect(refusal(transfer({ token: { kind: 'erc20', contract: '0xnope', decimals: 6 } }))).toBe('INVALID_ADDRESS');
    expect(refusal(transfer({ amount: 0n }))).toBe('AMOUNT_TOO_SMALL');
    expect(refusal(transfer({ amount: -1n }))).toBe('AMOUNT_TOO_SMALL');
    expect(refusal(transfer({ memo: 'x' }))).toBe('MEMO_NOT_SUPPORTED');
    expect(refusal(transfer({ toAddress: receiverAddress.toLowerCase() }))).toBeUndefined();
  });

  it('refuses nonsense fees and non-EVM blockchains', () => {
    expect(() => buildEvmTransfer(transfer({ maxPriorityFeePerGas: 31_000_000_000n }))).toThrow(RangeError);
    expect(() => buildEvmTransfer(transfer({ gasLimit: 0n }))).toThrow(RangeError);
    expect(() => buildEvmTransfer(transfer({ nonce: -1 }))).toThrow(RangeError);
    expect(() => buildEvmTransfer(transfer({ blockchain: 'BITCOIN' }))).toThrow();
  });
});

describe('replaceEvmTransfer', () => {
  const original = buildEvmTransfer(transfer({ maxFeePerGas: 100n, maxPriorityFeePerGas: 10n }));

  it('keeps nonce and content and raises the fees when both go up by at least 10%', () => {
    const replacement = replaceEvmTransfer(original, { maxFeePerGas: 110n, maxPriorityFeePerGas: 11n });
    const [before, after] = [parsed(original.payload), parsed(replacement.payload)];
    expect({ ...after, maxFeePerGas: 0n, maxPriorityFeePerGas: 0n }).toEqual({
      ...before,
      maxFeePerGas: 0n,
      maxPriorityFeePerGas: 0n,
    });
    expect([after.maxFeePerGas, after.maxPriorityFeePerGas]).toEqual([110n, 11n]);
    expect(replacement.nonce).toBe(original.nonce);
    expect(replacement.fee).toBe(21_000n * 110n);
  });

  it('refuses a fee cap or tip that is not 10% higher', () => {
    const underpriced = [
      { maxFeePerGas: 100n, maxPriorityFeePerGas: 10n }, // the same gas price again
      { maxFeePerGas: 109n, maxPriorityFeePerGas: 20n },
      { maxFeePerGas: 200n, maxPriorityFeePerGas: 10n },
    ];
    for (const fees of underpriced) {
      expect(() => replaceEvmTransfer(original, fees)).toThrow(EvmReplacementUnderpricedError);
    }
  });
});

describe('buildEvmNonceFiller', () => {
  it('is a zero-value plain transfer to the sender itself, at the terms (chain, nonce, fees) read from another payload', () => {
    const terms = evmTermsOf(buildEvmTransfer(transfer()).payload);
    expect(terms).toMatchObject({ chainId: 1, nonce: 7 });
    const filler = buildEvmNonceFiller('ETHEREUM', senderAddress, terms);
    const tx = parsed(filler.payload);
    // A zero value is left out of the encoding; the parsed address comes back in lower case.
    expect(tx.value ?? 0n).toBe(0n);
    expect(tx).toMatchObject({
      to: senderAddress.toLowerCase(),
      nonce: 7,
      chainId: 1,
      gas: 21_000n,
      maxFeePerGas: terms.maxFeePerGas,
      maxPriorityFeePerGas: terms.maxPriorityFeePerGas,
    });
    expect(filler).toMatchObject({ fromAddress: senderAddress, nonce: 7, fee: 21_000n * terms.maxFeePerGas });
  });
});

describe('signEvmTransfer', () => {
  it('signs so that the sender is recovered, hash = keccak256(raw), deterministically', async () => {
    const unsigned = buildEvmTransfer(transfer());
    const signed = await signEvmTransfer(unsigned, sender.privateKey);
    const rawHex = bytesToHex(signed.raw) as TransactionSerializedEIP1559;
    expect(signed.hash).toBe(keccak256(signed.raw));
    expect(signed.fee).toBe(unsigned.fee);
    expect(await recoverTransactionAddress({ serializedTransaction: rawHex })).toBe(senderAddress);
    expect(parseTransaction(rawHex)).toMatchObject({ nonce: 7, chainId: 1, value: 10n ** 17n });
    expect((await signEvmTransfer(unsigned, sender.privateKey)).hash).toBe(signed.hash);
  });

  it('refuses to return a signature that does not recover the sender', async () => {
    const unsigned = buildEvmTransfer(transfer());
    await expect(signEvmTransfer(unsigned, stranger.privateKey)).rejects.toThrow(/not the sender/);
  });
});

describe('buildEvmContractCall', () => {
  const STAKING = '0xCCcCcC0000000000000000000000000000000001';
  const data = `0x12345678${'00'.repeat(31)}01`;
  const call = (overrides: Partial<BuildEvmContractCallInput> = {}): BuildEvmContractCallInput => ({
    blockchain: 'STORY',
    fromAddress: senderAddress,
    toAddress: STAKING,
    data,
    value: 1024n * 10n ** 18n,
    nonce: 3,
    maxFeePerGas: 30_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
    gasLimit: 120_000n,
    ...overrides,
  });
  const refused = (input: BuildEvmContractCallInput) => {
    try {
      buildEvmContractCall(input);
    } catch (error) {
      if (error instanceof TransferBuildError) return error.reason;
      throw error;
    }
    return undefined;
  };

  it('builds an EIP-1559 call of the contract with the calldata and value, fee = gas limit × fee cap', () => {
    const unsigned = buildEvmContractCall(call());
    const tx = parsed(unsigned.payload);
    expect(tx).toMatchObject({
      type: 'eip1559',
      chainId: 1514,
      nonce: 3,
      gas: 120_000n,
      to: STAKING.toLowerCase(),
      value: 1024n * 10n ** 18n,
      data,
    });
    expect(unsigned).toMatchObject({ family: 'evm', blockchain: 'STORY', fromAddress: senderAddress, nonce: 3 });
    expect(unsigned.fee).toBe(120_000n * 30_000_000_000n);
    expect(parsed(buildEvmContractCall(call({ chainId: 31337 })).payload).chainId).toBe(31337);
  });

  it('allows a zero value, unlike a transfer', () => {
    const tx = parsed(buildEvmContractCall(call({ value: 0n })).payload);
    expect(tx.value ?? 0n).toBe(0n);
    expect(tx.data).toBe(data);
  });

  it('refuses bad addresses, a negative value, a memo, and calldata without a selector', () => {
    expect(refused(call({ toAddress: '0x1234' }))).toBe('INVALID_ADDRESS');
    expect(refused(call({ fromAddress: 'nope' }))).toBe('INVALID_ADDRESS');
    expect(refused(call({ value: -1n }))).toBe('AMOUNT_TOO_SMALL');
    expect(refused(call({ memo: 'x' }))).toBe('MEMO_NOT_SUPPORTED');
    expect(() => buildEvmContractCall(call({ data: '0x' }))).toThrow(RangeError);
    expect(() => buildEvmContractCall(call({ data: '0x123456' }))).toThrow(RangeError);
    expect(() => buildEvmContractCall(call({ data: '0x1234567' }))).toThrow(RangeError);
    expect(() => buildEvmContractCall(call({ data: 'hello' }))).toThrow(RangeError);
    expect(() => buildEvmContractCall(call({ nonce: -1 }))).toThrow(RangeError);
    expect(() => buildEvmContractCall(call({ gasLimit: 0n }))).toThrow(RangeError);
    expect(() => buildEvmContractCall(call({ maxPriorityFeePerGas: 31_000_000_000n }))).toThrow(RangeError);
    expect(() => buildEvmContractCall(call({ blockchain: 'BITCOIN' }))).toThrow();
  });

  it('keeps calldata and value when replaced with higher fees, and signs so that the sender is recovered', async () => {
    const original = buildEvmContractCall(call({ maxFeePerGas: 100n, maxPriorityFeePerGas: 10n }));
    const replacement = replaceEvmTransfer(original, { maxFeePerGas: 110n, maxPriorityFeePerGas: 11n });
    const after = parsed(replacement.payload);
    expect(after).toMatchObject({
      to: STAKING.toLowerCase(),
      data,
      value: 1024n * 10n ** 18n,
      nonce: 3,
      gas: 120_000n,
    });
    expect(evmTermsOf(replacement.payload)).toEqual({
      chainId: 1514,
      nonce: 3,
      maxFeePerGas: 110n,
      maxPriorityFeePerGas: 11n,
    });
    const signed = await signEvmTransfer(replacement, sender.privateKey);
    const recovered = await recoverTransactionAddress({
      serializedTransaction: bytesToHex(signed.raw) as TransactionSerializedEIP1559,
    });
    expect(recovered).toBe(senderAddress);
    expect(parseTransaction(bytesToHex(signed.raw) as TransactionSerializedEIP1559).data).toBe(data);
  });
});
