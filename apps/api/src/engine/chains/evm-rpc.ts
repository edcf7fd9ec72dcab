// A small Ethereum JSON-RPC client (fetch) with what the engine needs to send a transfer and follow it. Node
// refusals are mapped to reasons the engine can act on (resync the nonce, fail the withdrawal, bump the fee).
import { postJsonRpc } from './json-rpc.js';

/** Why a node refused a raw transaction. */
export type EvmRejection =
  | 'NONCE_TOO_LOW' // the nonce was already used by a mined transaction
  | 'INSUFFICIENT_FUNDS' // balance below value + gas × fee cap
  | 'INVALID_SIGNATURE' // the signature does not recover a valid sender
  | 'WRONG_CHAIN_ID' // signed for another chain
  | 'REPLACEMENT_UNDERPRICED' // same nonce as a pending transaction, fees not bumped enough
  | 'ALREADY_KNOWN' // this exact transaction is already in the pool
  | 'FEE_TOO_LOW' // fee cap below the base fee, or tip below the node's minimum
  | 'MALFORMED' // the bytes do not decode as a transaction
  | 'UNKNOWN';

export class EvmRpcError extends Error {
  constructor(
    readonly method: string,
    readonly code: number,
    readonly nodeMessage: string,
    readonly reason: EvmRejection,
  ) {
    super(`${method} failed (${code}): ${nodeMessage}`);
    this.name = 'EvmRpcError';
  }
}

/**
 * geth, anvil (and the clients that copy geth's texts) say why in the message only, so match the known phrases.
 * Order matters: "replacement transaction underpriced" also contains "underpriced".
 */
const REJECTIONS: [RegExp, EvmRejection][] = [
  [/replacement transaction underpriced|replacement.*underpriced/i, 'REPLACEMENT_UNDERPRICED'],
  [/nonce too low|nonce.*already (been )?used|NonceTooLow/i, 'NONCE_TOO_LOW'],
  [/insufficient funds|InsufficientFunds|lack of funds/i, 'INSUFFICIENT_FUNDS'],
  [/invalid chain ?id|chain ?id mismatch|incompatible chain|InvalidChainId/i, 'WRONG_CHAIN_ID'],
  [/invalid (sender|signature)|signature.*invalid|InvalidSignature|failed to recover/i, 'INVALID_SIGNATURE'],
  [/already known|AlreadyImported|known transaction/i, 'ALREADY_KNOWN'],
  [/max fee per gas less than block base fee|fee cap less than|underpriced|FeeCapTooLow/i, 'FEE_TOO_LOW'],
  [/failed to decode|rlp|typed transaction too short/i, 'MALFORMED'],
];

export function evmRejectionOf(message: string): EvmRejection {
  return REJECTIONS.find(([pattern]) => pattern.test(message))?.[1] ?? 'UNKNOWN';
}

export interface EvmFeeSuggestion {
  /** Base fee the next block will charge. */
  baseFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
  /** Twice the next base fee plus the tip: stays includable through several full blocks in a row. */
  maxFeePerGas: bigint;
}

export interface EvmTransactionStatus {
  /** `pending`: known to the node, not mined; `unknown`: the node has never seen it (or dropped it). */
  state: 'unknown' | 'pending' | 'confirmed' | 'reverted';
  blockNumber?: bigint;
  blockHash?: string;
  /** Blocks since inclusion, counting the including block (1 right after it is mined). */
  confirmations: number;
  gasUsed?: bigint;
  effectiveGasPrice?: bigint;
}

export interface EvmCall {
  from?: string;
  to?: string;
  value?: bigint;
  data?: string;
}

type Hex = `0x${string}`;
const quantity = (value: bigint | number): Hex => `0x${value.toString(16)}`;
const toHex = (bytes: Uint8Array): Hex => `0x${Buffer.from(bytes).toString('hex')}`;

/** Tip used when the node has no fee history to go by (a fresh dev chain): 1 gwei. */
const FALLBACK_PRIORITY_FEE = 1_000_000_000n;

export class EvmRpc {
  private nextId = 1;

  constructor(
    readonly url: string,
    private readonly timeoutMs = 15_000,
  ) {}

  async call<T>(method: string, params: unknown[] = []): Promise<T> {
    const response = await postJsonRpc(this.url, this.nextId++, method, params, this.timeoutMs);
    const body = (await response.json()) as { result?: T; error?: { code: number; message: string; data?: unknown } };
    if (body.error) {
      const detail =
        typeof body.error.data === 'string' ? `${body.error.message}: ${body.error.data}` : body.error.message;
      throw new EvmRpcError(method, body.error.code, detail, evmRejectionOf(detail));
    }
    if (!response.ok) throw new EvmRpcError(method, response.status, response.statusText, 'UNKNOWN');
    return body.result as T;
  }

  async chainId(): Promise<number> {
    return Number(await this.call<Hex>('eth_chainId'));
  }

  async blockNumber(): Promise<bigint> {
    return BigInt(await this.call<Hex>('eth_blockNumber'));
  }

  /** The next nonce to use: counts transactions still in the pool, so in-flight ones are not reused. */
  async pendingNonce(address: string): Promise<number> {
    return Number(await this.call<Hex>('eth_getTransactionCount', [address, 'pending']));
  }

  async balance(address: string): Promise<bigint> {
    return BigInt(await this.call<Hex>('eth_getBalance', [address, 'latest']));
  }

  /** `balanceOf(owner)` of an ERC-20 contract, via eth_call. */
  async erc20Balance(contract: string, owner: string): Promise<bigint> {
    const data = `0x70a08231${owner.slice(2).toLowerCase().padStart(64, '0')}`;
    const result = await this.call<Hex>('eth_call', [{ to: contract, data }, 'latest']);
    return result === '0x' ? 0n : BigInt(result);
  }

  async estimateGas(call: EvmCall): Promise<bigint> {
    const request = { ...call, ...(call.value === undefined ? {} : { value: quantity(call.value) }) };
    return BigInt(await this.call<Hex>('eth_estimateGas', [request]));
  }

  /** Next base fee from eth_feeHistory, tip = median of recent blocks' median tips (or the node's suggestion). */
  async suggestFees(): Promise<EvmFeeSuggestion> {
    const history = await this.call<{ baseFeePerGas: Hex[]; reward?: Hex[][] }>('eth_feeHistory', [
      quantity(5),
      'latest',
      [50],
    ]);
    // The last entry is the base fee of the next block, the one our transaction competes for.
    const baseFeePerGas = BigInt(history.baseFeePerGas.at(-1) ?? '0x0');
    const tips = (history.reward ?? []).map((r) => BigInt(r[0] ?? '0x0')).filter((tip) => tip > 0n);
    tips.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    let maxPriorityFeePerGas = tips[Math.floor(tips.length / 2)];
    if (maxPriorityFeePerGas === undefined) {
      maxPriorityFeePerGas = await this.call<Hex>('eth_maxPriorityFeePerGas')
        .then(BigInt)
        .catch(() => FALLBACK_PRIORITY_FEE);
    }
    return { baseFeePerGas, maxPriorityFeePerGas, maxFeePerGas: 2n * baseFeePerGas + maxPriorityFeePerGas };
  }

  /** Broadcasts signed bytes; returns the hash the node reports. Refusals throw EvmRpcError with a reason. */
  async sendRawTransaction(raw: Uint8Array | string): Promise<string> {
    return this.call<Hex>('eth_sendRawTransaction', [typeof raw === 'string' ? raw : toHex(raw)]);
  }

  async transactionStatus(hash: string): Promise<EvmTransactionStatus> {
    const receipt = await this.call<{
      status: Hex;
      blockNumber: Hex;
      blockHash: string;
      gasUsed: Hex;
      effectiveGasPrice: Hex;
    } | null>('eth_getTransactionReceipt', [hash]);
    if (!receipt) {
      const tx = await this.call<object | null>('eth_getTransactionByHash', [hash]);
      return { state: tx ? 'pending' : 'unknown', confirmations: 0 };
    }
    const blockNumber = BigInt(receipt.blockNumber);
    const head = await this.blockNumber();
    return {
      state: receipt.status === '0x1' ? 'confirmed' : 'reverted',
      blockNumber,
      blockHash: receipt.blockHash,
      confirmations: Number(head - blockNumber + 1n),
      gasUsed: BigInt(receipt.gasUsed),
      effectiveGasPrice: BigInt(receipt.effectiveGasPrice),
    };
  }
}
