// EIP-1559 transfers of the native coin or an ERC-20 token, and contract calls. Pure: nonce and fees come in as
// arguments. The signer proves the signature by recovering the sender from the signed bytes before they leave it.
import { BLOCKCHAIN_INFO, type Blockchain, familyOf } from '@vaultline/contracts';
import {
  bytesToHex,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  hexToBytes,
  isHex,
  keccak256,
  parseTransaction,
  recoverTransactionAddress,
  serializeTransaction,
  type TransactionSerializableEIP1559,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { isValidEvmAddress, toChecksumAddress } from '../families/evm.js';
import { type SignedTransfer, TransferBuildError, type UnsignedTransfer } from './types.js';

export type EvmToken = { kind: 'native' } | { kind: 'erc20'; contract: string; decimals: number };

export interface BuildEvmTransferInput {
  blockchain: Blockchain;
  /** Replaces the blockchain's EIP-155 chain id (anvil: 31337). */
  chainId?: number;
  fromAddress: string;
  toAddress: string;
  token: EvmToken;
  /** Base units (wei, or the token's smallest unit). */
  amount: bigint;
  nonce: number;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
  gasLimit: bigint;
  memo?: string;
}

export interface EvmUnsignedTransfer extends UnsignedTransfer {
  family: 'evm';
  /** The signer must recover exactly this address from its signature. */
  fromAddress: string;
  nonce: number;
}

export interface EvmFees {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

/**
 * A replacement must raise both the fee cap and the tip by at least 10% over the transaction it replaces; geth and
 * anvil otherwise refuse it ("replacement transaction underpriced").
 */
export class EvmReplacementUnderpricedError extends Error {
  readonly reason = 'REPLACEMENT_UNDERPRICED';
  constructor(message: string) {
    super(message);
    this.name = 'EvmReplacementUnderpricedError';
  }
}

/** The bump geth's txpool requires of a same-nonce replacement (txpool.pricebump, percent). */
export const EVM_REPLACEMENT_BUMP_PERCENT = 10n;

export function evmChainIdOf(blockchain: Blockchain): number {
  const chainId = BLOCKCHAIN_INFO[blockchain].evmChainId;
  if (familyOf(blockchain) !== 'evm' || chainId === undefined) {
    throw new Error(`${blockchain} is not an EVM blockchain with a known chain id`);
  }
  return chainId;
}

function checkedAddress(address: string, role: string): Hex {
  if (!isValidEvmAddress(address)) {
    throw new TransferBuildError('INVALID_ADDRESS', `The ${role} address ${address} is not a valid EVM address`);
  }
  return toChecksumAddress(address) as Hex;
}

function checkFees(fees: EvmFees): void {
  if (fees.maxPriorityFeePerGas < 0n || fees.maxFeePerGas <= 0n) throw new RangeError('Fees must be positive');
  if (fees.maxPriorityFeePerGas > fees.maxFeePerGas) {
    throw new RangeError('The priority fee cannot exceed the fee cap');
  }
}

export function buildEvmTransfer(input: BuildEvmTransferInput): EvmUnsignedTransfer {
  const chainId = input.chainId ?? evmChainIdOf(input.blockchain);
  if (familyOf(input.blockchain) !== 'evm') throw new Error(`${input.blockchain} is not an EVM blockchain`);
  if (input.memo !== undefined) {
    throw new TransferBuildError('MEMO_NOT_SUPPORTED', 'EVM transfers cannot carry a memo');
  }
  const from = checkedAddress(input.fromAddress, 'sender');
  const to = checkedAddress(input.toAddress, 'destination');
  if (input.amount <= 0n) throw new TransferBuildError('AMOUNT_TOO_SMALL', 'The amount must be positive');
  if (!Number.isSafeInteger(input.nonce) || input.nonce < 0) throw new RangeError(`Invalid nonce ${input.nonce}`);
  if (input.gasLimit <= 0n) throw new RangeError('The gas limit must be positive');
  checkFees(input);

  const common = {
    type: 'eip1559',
    chainId,
    nonce: input.nonce,
    gas: input.gasLimit,
    maxFeePerGas: input.maxFeePerGas,
    maxPriorityFeePerGas: input.maxPriorityFeePerGas,
  } as const;
  const tx: TransactionSerializableEIP1559 =
    input.token.kind === 'native'
      ? { ...common, to, value: input.amount }
      : {
          ...common,
          // A token transfer is a call of the token contract: no value, `transfer(to, amount)` as calldata.
          to: checkedAddress(input.token.contract, 'token contract'),
          value: 0n,
          data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, input.amount] }),
        };
  return unsignedOf(input.blockchain, from, tx);
}

export interface BuildEvmContractCallInput {
  blockchain: Blockchain;
  /** Replaces the blockchain's EIP-155 chain id (anvil: 31337). */
  chainId?: number;
  fromAddress: string;
  /** The contract called. */
  toAddress: string;
  /** Calldata, 0x hex: at least the 4-byte function selector. */
  data: string;
  /** Native coin sent with the call, base units; 0 for a call that pays nothing. */
  value: bigint;
  nonce: number;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
  gasLimit: bigint;
  memo?: string;
}

/**
 * A call of a contract: calldata `data` and native `value` (which, unlike a transfer's amount, may be 0), with the
 * checks of a transfer (addresses, nonce, gas, fees). What the call does is the caller's to encode.
 */
export function buildEvmContractCall(input: BuildEvmContractCallInput): EvmUnsignedTransfer {
  const chainId = input.chainId ?? evmChainIdOf(input.blockchain);
  if (familyOf(input.blockchain) !== 'evm') throw new Error(`${input.blockchain} is not an EVM blockchain`);
  if (input.memo !== undefined) {
    throw new TransferBuildError('MEMO_NOT_SUPPORTED', 'EVM contract calls cannot carry a memo');
  }
  const from = checkedAddress(input.fromAddress, 'sender');
  const to = checkedAddress(input.toAddress, 'contract');
  if (!isHex(input.data, { strict: true }) || input.data.length % 2 !== 0 || input.data.length < 10) {
    throw new RangeError('The calldata must be hex bytes starting with a 4-byte selector');
  }
  if (input.value < 0n) throw new TransferBuildError('AMOUNT_TOO_SMALL', 'The value cannot be negative');
  if (!Number.isSafeInteger(input.nonce) || input.nonce < 0) throw new RangeError(`Invalid nonce ${input.nonce}`);
  if (input.gasLimit <= 0n) throw new RangeError('The gas limit must be positive');
  checkFees(input);

  return unsignedOf(input.blockchain, from, {
    type: 'eip1559',
    chainId,
    nonce: input.nonce,
    gas: input.gasLimit,
    maxFeePerGas: input.maxFeePerGas,
    maxPriorityFeePerGas: input.maxPriorityFeePerGas,
    to,
    value: input.value,
    data: input.data.toLowerCase() as Hex,
  });
}

function unsignedOf(blockchain: Blockchain, fromAddress: string, tx: TransactionSerializableEIP1559) {
  return {
    family: 'evm',
    blockchain,
    payload: hexToBytes(serializeTransaction(tx)),
    // The most it can cost: every unit of gas at the fee cap (the unused part and the base-fee margin come back).
    fee: tx.gas! * tx.maxFeePerGas!,
    fromAddress,
    nonce: tx.nonce!,
  } satisfies EvmUnsignedTransfer;
}

function parseUnsigned(unsigned: UnsignedTransfer): TransactionSerializableEIP1559 {
  const tx = parseTransaction(bytesToHex(unsigned.payload));
  if (tx.type !== 'eip1559') throw new Error(`Expected an EIP-1559 transaction, got ${tx.type}`);
  return tx;
}

/**
 * A zero-value transfer from the sender to itself at `nonce`, with the terms (chain id, fees) of another unsigned
 * payload: what takes a nonce that a refused transaction left free behind later ones, so those can be mined. It
 * moves nothing but the gas of a plain transfer.
 */
export function buildEvmNonceFiller(
  blockchain: Blockchain,
  fromAddress: string,
  terms: { chainId: number; nonce: number } & EvmFees,
): EvmUnsignedTransfer {
  const from = checkedAddress(fromAddress, 'sender');
  checkFees(terms);
  const tx: TransactionSerializableEIP1559 = {
    type: 'eip1559',
    chainId: terms.chainId,
    nonce: terms.nonce,
    gas: 21_000n,
    maxFeePerGas: terms.maxFeePerGas,
    maxPriorityFeePerGas: terms.maxPriorityFeePerGas,
    to: from,
    value: 0n,
  };
  return unsignedOf(blockchain, from, tx);
}

/** Chain id, nonce and fees of an unsigned EIP-1559 payload (to build another transaction at the same terms). */
export function evmTermsOf(payload: Uint8Array): { chainId: number; nonce: number } & EvmFees {
  const tx = parseUnsigned({ family: 'evm', blockchain: 'ETHEREUM', payload, fee: 0n });
  return {
    chainId: tx.chainId,
    nonce: tx.nonce!,
    maxFeePerGas: tx.maxFeePerGas!,
    maxPriorityFeePerGas: tx.maxPriorityFeePerGas!,
  };
}

/** At least `EVM_REPLACEMENT_BUMP_PERCENT` above `old`, in exact integer arithmetic. */
function isBumped(next: bigint, old: bigint): boolean {
  return next * 100n >= old * (100n + EVM_REPLACEMENT_BUMP_PERCENT);
}

/** The same transaction (nonce, recipient, value, calldata, gas) with higher fees, to replace a stuck one. */
export function replaceEvmTransfer(unsigned: EvmUnsignedTransfer, fees: EvmFees): EvmUnsignedTransfer {
  const old = parseUnsigned(unsigned);
  checkFees(fees);
  if (!isBumped(fees.maxFeePerGas, old.maxFeePerGas!)) {
    throw new EvmReplacementUnderpricedError(
      `The fee cap ${fees.maxFeePerGas} is not ${EVM_REPLACEMENT_BUMP_PERCENT}% above ${old.maxFeePerGas}`,
    );
  }
  if (!isBumped(fees.maxPriorityFeePerGas, old.maxPriorityFeePerGas!)) {
    throw new EvmReplacementUnderpricedError(
      `The priority fee ${fees.maxPriorityFeePerGas} is not ${EVM_REPLACEMENT_BUMP_PERCENT}% above ${old.maxPriorityFeePerGas}`,
    );
  }
  return unsignedOf(unsigned.blockchain, unsigned.fromAddress, { ...old, ...fees });
}

/** Signs, then recovers the signer from the signed bytes and refuses to return them unless it is the sender. */
export async function signEvmTransfer(unsigned: EvmUnsignedTransfer, privateKey: Uint8Array): Promise<SignedTransfer> {
  const tx = parseUnsigned(unsigned);
  const account = privateKeyToAccount(bytesToHex(privateKey));
  // viem types the result as any hex; it is the EIP-1559 envelope of `tx`, which starts with 0x02.
  const serialized = (await account.signTransaction(tx)) as `0x02${string}`;
  const recovered = await recoverTransactionAddress({ serializedTransaction: serialized });
  if (recovered.toLowerCase() !== unsigned.fromAddress.toLowerCase()) {
    throw new Error(`The signature recovers ${recovered}, not the sender ${unsigned.fromAddress}`);
  }
  return {
    family: 'evm',
    blockchain: unsigned.blockchain,
    raw: hexToBytes(serialized),
    hash: keccak256(serialized),
    fee: unsigned.fee,
  };
}
