// A JSON-RPC client for Bitcoin Core and its forks (Litecoin Core in the tests): UTXOs of an address, fee rate,
// broadcast and status. Amounts arrive as JSON decimals (BTC with 8 places); they are turned into bigint satoshis
// from the text itself, never through a float.

/** Why a node refused a raw transaction. */
export type BtcRejection =
  | 'INVALID_SIGNATURE' // a script (signature) check failed
  | 'MISSING_OR_SPENT' // an input is already spent in the chain, or never existed
  | 'MEMPOOL_CONFLICT' // an input is spent by a transaction still in the mempool
  | 'INSUFFICIENT_FUNDS' // outputs exceed inputs
  | 'FEE_TOO_LOW'
  | 'DUST'
  | 'IMMATURE_COINBASE'
  | 'ALREADY_KNOWN'
  | 'MALFORMED'
  | 'UNKNOWN';

export class BtcRpcError extends Error {
  constructor(
    readonly method: string,
    readonly code: number,
    readonly nodeMessage: string,
    readonly reason: BtcRejection,
  ) {
    super(`${method} failed (${code}): ${nodeMessage}`);
    this.name = 'BtcRpcError';
  }
}

/** Reject reasons Bitcoin Core puts in the message (validation.cpp / policy), most specific first. */
const REJECTIONS: [RegExp, BtcRejection][] = [
  [/script-verify-flag-failed|signature|script-verify/i, 'INVALID_SIGNATURE'],
  [/txn-mempool-conflict/i, 'MEMPOOL_CONFLICT'],
  [/missingorspent|missing-inputs|bad-txns-inputs-spent/i, 'MISSING_OR_SPENT'],
  [/bad-txns-in-belowout|bad-txns-inputvalues-outofrange/i, 'INSUFFICIENT_FUNDS'],
  [/premature-spend-of-coinbase/i, 'IMMATURE_COINBASE'],
  [/min relay fee not met|insufficient fee|mempool min fee not met|fee/i, 'FEE_TOO_LOW'],
  [/dust/i, 'DUST'],
  [/already in (the )?(mempool|block ?chain)|txn-already-known|txn-already-in-mempool/i, 'ALREADY_KNOWN'],
  [/decode failed|deserializ/i, 'MALFORMED'],
];

export function btcRejectionOf(message: string): BtcRejection {
  return REJECTIONS.find(([pattern]) => pattern.test(message))?.[1] ?? 'UNKNOWN';
}

/** `12.5` → 1_250_000_000n: a decimal amount of whole coins to base units, exactly. */
export function coinsToSats(decimal: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d{0,8}))?$/.exec(decimal.trim());
  if (!match) throw new Error(`Not an amount with at most 8 decimals: ${decimal}`);
  const sats = BigInt(match[2]!) * 100_000_000n + BigInt((match[3] ?? '').padEnd(8, '0'));
  return match[1] ? -sats : sats;
}

/**
 * JSON.parse, but every number with a fraction or exponent is kept as its source text (amounts, fee rates), so
 * it can be converted to satoshis exactly. Integers (heights, confirmations, vout) stay numbers.
 */
export function parseJsonKeepingDecimals(text: string): unknown {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (inString) {
      out += char;
      if (char === '\\') out += text[++i] ?? '';
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    const number = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 64));
    if (!inString && number && (number[1] || number[2]) && /[-\d]/.test(char)) {
      out += `"${number[0]}"`;
      i += number[0].length - 1;
    } else {
      out += char;
    }
  }
  return JSON.parse(out);
}

export interface BtcUnspent {
  txid: string;
  vout: number;
  value: bigint;
  height: number;
  confirmations: number;
  /** A coinbase output less than 100 blocks deep, which consensus forbids spending yet. */
  immatureCoinbase: boolean;
  spendable: boolean;
}

export interface BtcTransactionStatus {
  state: 'unknown' | 'pending' | 'confirmed';
  confirmations: number;
  blockHash?: string;
  blockHeight?: number;
}

/** Blocks a coinbase output must be deep (confirmations) before consensus lets it be spent. */
export const COINBASE_MATURITY = 100;

/** A transaction as getrawtransaction / getblock (verbosity 2) print it; `value` is kept as its decimal text. */
export interface BtcRpcTransaction {
  txid: string;
  /** A coinbase input has `coinbase` and no outpoint. */
  vin: { txid?: string; vout?: number; coinbase?: string }[];
  vout: { value: string; n: number; scriptPubKey: { hex: string } }[];
  /** getrawtransaction only: the including block, absent while in the mempool. */
  blockhash?: string;
  /** getrawtransaction only: 0 or absent when the block is not on the active chain. */
  confirmations?: number;
  blocktime?: number;
}

export interface BtcRpcBlock {
  hash: string;
  height: number;
  time: number;
  tx: BtcRpcTransaction[];
}

export interface BtcRpcOptions {
  url: string;
  user: string;
  password: string;
  timeoutMs?: number;
}

/**
 * A client for a `CHAIN_RPC_*` URL such as `http://user:password@host:8332`: fetch refuses a URL that carries
 * credentials, so they move into the Authorization header.
 */
export function btcRpcFromUrl(url: string, timeoutMs?: number): BtcRpc {
  const parsed = new URL(url);
  const user = decodeURIComponent(parsed.username);
  const password = decodeURIComponent(parsed.password);
  parsed.username = '';
  parsed.password = '';
  return new BtcRpc({ url: parsed.toString(), user, password, ...(timeoutMs ? { timeoutMs } : {}) });
}

/** Core's codes for "no such transaction" (-5) and "block height out of range" (-8): answers, not failures. */
const absent = (error: unknown, code: number) => error instanceof BtcRpcError && error.code === code;

export class BtcRpc {
  private nextId = 1;

  constructor(private readonly options: BtcRpcOptions) {}

  async call<T>(method: string, params: unknown[] = []): Promise<T> {
    const auth = Buffer.from(`${this.options.user}:${this.options.password}`).toString('base64');
    const response = await fetch(this.options.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Basic ${auth}` },
      body: JSON.stringify({ jsonrpc: '1.0', id: this.nextId++, method, params }),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
    });
    const text = await response.text();
    // Core answers errors with HTTP 500 and a JSON body; 401/403 and some 404s have no JSON at all.
    let body: { result?: T; error?: { code: number; message: string } | null };
    try {
      body = parseJsonKeepingDecimals(text) as typeof body;
    } catch {
      throw new BtcRpcError(method, response.status, text || response.statusText, 'UNKNOWN');
    }
    if (body.error) {
      throw new BtcRpcError(method, body.error.code, body.error.message, btcRejectionOf(body.error.message));
    }
    return body.result as T;
  }

  async blockCount(): Promise<number> {
    return this.call<number>('getblockcount');
  }

  /**
   * Confirmed unspent outputs of an address (`addr(…)`) or of an output script (`raw(<hex>)`, for an address of
   * another network with the same script), from the UTXO set: the mempool is not included.
   */
  async unspent(target: { address: string } | { scriptHex: string }): Promise<BtcUnspent[]> {
    const descriptor = 'address' in target ? `addr(${target.address})` : `raw(${target.scriptHex})`;
    const scan = await this.call<{
      height: number;
      unspents: { txid: string; vout: number; amount: string; height: number }[];
    }>('scantxoutset', ['start', [descriptor]]);
    const result: BtcUnspent[] = [];
    for (const utxo of scan.unspents) {
      const confirmations = scan.height - utxo.height + 1;
      // Only a young output can be an immature coinbase: look those up, leave the rest alone.
      const immatureCoinbase = confirmations < COINBASE_MATURITY && (await this.isCoinbase(utxo.txid));
      result.push({
        txid: utxo.txid,
        vout: utxo.vout,
        value: coinsToSats(utxo.amount),
        height: utxo.height,
        confirmations,
        immatureCoinbase,
        spendable: !immatureCoinbase,
      });
    }
    return result;
  }

  private async isCoinbase(txid: string): Promise<boolean> {
    const tx = await this.call<{ vin: { coinbase?: string }[] }>('getrawtransaction', [txid, true]);
    return tx.vin.some((input) => input.coinbase !== undefined);
  }

  /**
   * Fee rate in sat/vB for confirmation within `targetBlocks`; `fallback` when the node has no estimate yet
   * (regtest, a fresh node). Never below the node's relay minimum.
   */
  async feeRate(targetBlocks = 6, fallback = 10n): Promise<bigint> {
    const estimate = await this.call<{ feerate?: string }>('estimatesmartfee', [targetBlocks]);
    const network = await this.call<{ relayfee: string }>('getnetworkinfo');
    const perVbyte = (perKvB: string) => (coinsToSats(perKvB) + 999n) / 1000n; // coins/kvB → sat/vB, rounded up
    const relayMinimum = perVbyte(network.relayfee);
    const rate = estimate.feerate === undefined ? fallback : perVbyte(estimate.feerate);
    return rate > relayMinimum ? rate : relayMinimum;
  }

  /** Broadcasts; returns the txid. Refusals throw BtcRpcError with a reason. */
  async sendRawTransaction(raw: Uint8Array | string): Promise<string> {
    const hex = typeof raw === 'string' ? raw : Buffer.from(raw).toString('hex');
    return this.call<string>('sendrawtransaction', [hex]);
  }

  /** Needs -txindex=1 for confirmed transactions that do not touch the node's wallet. */
  async transactionStatus(txid: string): Promise<BtcTransactionStatus> {
    let tx: { confirmations?: number; blockhash?: string };
    try {
      tx = await this.call('getrawtransaction', [txid, true]);
    } catch (error) {
      if (error instanceof BtcRpcError && error.code === -5) return { state: 'unknown', confirmations: 0 };
      throw error;
    }
    if (!tx.blockhash || !tx.confirmations) return { state: 'pending', confirmations: 0 };
    const header = await this.call<{ height: number }>('getblockheader', [tx.blockhash]);
    return { state: 'confirmed', confirmations: tx.confirmations, blockHash: tx.blockhash, blockHeight: header.height };
  }

  /** Hash of the active chain's block at `height`; null above the head. */
  async blockHash(height: number): Promise<string | null> {
    return this.call<string>('getblockhash', [height]).catch((error: unknown) => {
      if (absent(error, -8)) return null;
      throw error;
    });
  }

  /** A block with its transactions decoded (verbosity 2). */
  async block(hash: string): Promise<BtcRpcBlock> {
    return this.call<BtcRpcBlock>('getblock', [hash, 2]);
  }

  /** A block's header and transaction ids only (verbosity 1): the coinbase is the first id. */
  async blockTxids(hash: string): Promise<{ hash: string; height: number; time: number; tx: string[] }> {
    return this.call('getblock', [hash, 1]);
  }

  async blockHeight(hash: string): Promise<number> {
    return (await this.call<{ height: number }>('getblockheader', [hash])).height;
  }

  /**
   * A decoded transaction from the mempool or (-txindex=1, or `blockHash` given) a block; null when the node does
   * not know it.
   */
  async rawTransaction(txid: string, blockHash?: string): Promise<BtcRpcTransaction | null> {
    const params = blockHash ? [txid, true, blockHash] : [txid, true];
    return this.call<BtcRpcTransaction>('getrawtransaction', params).catch((error: unknown) => {
      if (absent(error, -5)) return null;
      throw error;
    });
  }

  async mempoolTxids(): Promise<string[]> {
    return this.call<string[]>('getrawmempool');
  }

  /** Regtest only: takes a block off the active chain; its transactions go back to the mempool. */
  async invalidateBlock(hash: string): Promise<void> {
    await this.call('invalidateblock', [hash]);
  }

  /** Regtest only: mines `blocks` blocks paying `address`; returns their hashes. */
  async generateToAddress(blocks: number, address: string): Promise<string[]> {
    return this.call<string[]>('generatetoaddress', [blocks, address]);
  }
}
