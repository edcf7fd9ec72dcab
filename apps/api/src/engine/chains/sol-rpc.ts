// A small Solana JSON-RPC client (fetch) with what the engine needs to send a transfer, follow it and read blocks
// for deposits. Plain fetch rather than @solana/kit's createSolanaRpc: the refusal mapping below needs the node's
// error object as sent (code, message, data.err, data.logs), and the answers are read as the documented shapes.
// Node refusals are mapped to reasons the engine can act on (fail the transfer, rebuild on an expired blockhash).
import { getTransactionDecoder } from '@solana/kit';
import { SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system';
import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { decodeSolMessage, TOKEN_2022_PROGRAM_ADDRESS } from '@vaultline/chains';
import { postJsonRpc } from './json-rpc.js';
import type {
  SolAccountInfo,
  SolBlock,
  SolCommitment,
  SolConfirmedTransaction,
  SolInteger,
  SolSignatureStatus,
} from './sol-rpc-types.js';

/** Why a node refused a transaction (the same terms as the LiteSVM chain's, sol-litesvm.ts). */
export type SolRpcRejection =
  | 'INSUFFICIENT_FUNDS' // lamports or tokens below amount + fee (+ rent)
  | 'INVALID_SIGNATURE' // a signature does not verify over the message
  | 'ALREADY_PROCESSED' // these exact bytes already landed
  | 'BLOCKHASH_NOT_FOUND' // expired (or unknown) blockhash: rebuild with a fresh one
  | 'MALFORMED' // the bytes do not decode or sanitize as a transaction
  | 'UNKNOWN';

/** Documented server error codes (agave rpc_custom_error.rs) and JSON-RPC's invalid params. */
export const SOL_RPC_ERRORS = {
  PREFLIGHT_FAILURE: -32002,
  SIGNATURE_VERIFICATION_FAILURE: -32003,
  BLOCK_NOT_AVAILABLE: -32004,
  SLOT_SKIPPED: -32007,
  LONG_TERM_STORAGE_SLOT_SKIPPED: -32009,
  SIGNATURE_LEN_MISMATCH: -32013,
  INVALID_PARAMS: -32602,
} as const;

/** getBlock answers these for a slot that has no block (skipped, or not yet/no longer served): no block there. */
const NO_BLOCK_CODES = new Set<number>([
  SOL_RPC_ERRORS.BLOCK_NOT_AVAILABLE,
  SOL_RPC_ERRORS.SLOT_SKIPPED,
  SOL_RPC_ERRORS.LONG_TERM_STORAGE_SLOT_SKIPPED,
]);

export class SolRpcError extends Error {
  constructor(
    readonly method: string,
    readonly code: number,
    readonly nodeMessage: string,
    readonly reason: SolRpcRejection,
    readonly data?: unknown,
  ) {
    super(`${method} failed (${code}): ${nodeMessage}`);
    this.name = 'SolRpcError';
  }
}

/**
 * Custom error 1 of the system program is ResultWithNegativeLamports ("Transfer: insufficient lamports"); of both
 * token programs it is TokenError::InsufficientFunds. Other programs' code 1 means something else.
 */
const INSUFFICIENT_FUNDS_CUSTOM_CODE: Readonly<Record<string, number>> = {
  [SYSTEM_PROGRAM_ADDRESS]: 1,
  [TOKEN_PROGRAM_ADDRESS]: 1,
  [TOKEN_2022_PROGRAM_ADDRESS]: 1,
};

const FIELDLESS: Readonly<Record<string, SolRpcRejection>> = {
  InsufficientFundsForFee: 'INSUFFICIENT_FUNDS',
  BlockhashNotFound: 'BLOCKHASH_NOT_FOUND',
  AlreadyProcessed: 'ALREADY_PROCESSED',
  SignatureFailure: 'INVALID_SIGNATURE',
  SanitizeFailure: 'MALFORMED',
};

/** The program that ran instruction `index` of the signed bytes, when they decode. */
function programOf(raw: Uint8Array, index: number): string | undefined {
  try {
    const message = decodeSolMessage(getTransactionDecoder().decode(raw).messageBytes as unknown as Uint8Array);
    const instruction = message.instructions[index];
    return instruction === undefined ? undefined : message.staticAccounts[instruction.programAddressIndex];
  } catch {
    return undefined;
  }
}

/** A TransactionError as the node serializes it (simulation `err`, or a status's `err`) as a reason. */
export function solRejectionOfError(err: unknown, raw?: Uint8Array): SolRpcRejection {
  if (typeof err === 'string') return FIELDLESS[err] ?? 'UNKNOWN';
  if (typeof err !== 'object' || err === null) return 'UNKNOWN';
  if ('InsufficientFundsForRent' in err) return 'INSUFFICIENT_FUNDS';
  const instructionError = (err as { InstructionError?: [number, unknown] }).InstructionError;
  if (!instructionError) return 'UNKNOWN';
  const [index, cause] = instructionError;
  if (cause === 'InsufficientFunds') return 'INSUFFICIENT_FUNDS';
  const custom = (cause as { Custom?: number } | null)?.Custom;
  if (custom === undefined || raw === undefined) return 'UNKNOWN';
  const program = programOf(raw, index);
  return program !== undefined && INSUFFICIENT_FUNDS_CUSTOM_CODE[program] === custom ? 'INSUFFICIENT_FUNDS' : 'UNKNOWN';
}

/** When no structured `err` came with the refusal: the texts nodes print (agave's TransactionError Display). */
const TEXTS: [RegExp, SolRpcRejection][] = [
  [/blockhash not found/i, 'BLOCKHASH_NOT_FOUND'],
  [/already been processed/i, 'ALREADY_PROCESSED'],
  [/signature verification fail/i, 'INVALID_SIGNATURE'],
  [/insufficient (funds|lamports)/i, 'INSUFFICIENT_FUNDS'],
  [/failed to deserialize|failed to sanitize|invalid transaction|base64 decode/i, 'MALFORMED'],
];

function rejectionOf(code: number, message: string, data: unknown, raw: Uint8Array): SolRpcRejection {
  if (code === SOL_RPC_ERRORS.SIGNATURE_VERIFICATION_FAILURE) return 'INVALID_SIGNATURE';
  if (code === SOL_RPC_ERRORS.PREFLIGHT_FAILURE) {
    const simulated = data as { err?: unknown; logs?: string[] | null } | undefined;
    const reason = solRejectionOfError(simulated?.err, raw);
    if (reason !== 'UNKNOWN') return reason;
    const logs = simulated?.logs ?? [];
    if (logs.some((line) => /insufficient (lamports|funds)/i.test(line))) return 'INSUFFICIENT_FUNDS';
  }
  const byText = TEXTS.find(([pattern]) => pattern.test(message))?.[1];
  if (byText) return byText;
  if (code === SOL_RPC_ERRORS.INVALID_PARAMS || code === SOL_RPC_ERRORS.SIGNATURE_LEN_MISMATCH) return 'MALFORMED';
  return 'UNKNOWN';
}

/**
 * JSON.parse loses integers above 2^53 (lamports of a large transfer, `rentEpoch` u64::MAX): such literals are read
 * as bigints, every other number as usual. Strings are skipped whole so digits inside them are never touched.
 */
const BIG_MARK = '\u0000bigint:';
const LONG_INTEGER = /"(?:[^"\\]|\\.)*"|(?<![\d.eE+-])(-?\d{16,})(?![\d.eE])/g;
export function parseJsonExact(text: string): unknown {
  const marked = text.replace(LONG_INTEGER, (match, digits?: string) =>
    digits === undefined ? match : `"\\u0000bigint:${digits}"`,
  );
  return JSON.parse(marked, (_key, value: unknown) => {
    if (typeof value !== 'string' || !value.startsWith(BIG_MARK)) return value;
    const big = BigInt(value.slice(BIG_MARK.length));
    return Number.isSafeInteger(Number(big)) ? Number(big) : big;
  });
}

const toBigInt = (value: SolInteger) => BigInt(value);

export class SolRpc {
  private nextId = 1;

  constructor(
    readonly url: string,
    private readonly timeoutMs = 15_000,
  ) {}

  async call<T>(method: string, params: unknown[] = []): Promise<T> {
    const response = await postJsonRpc(this.url, this.nextId++, method, params, this.timeoutMs);
    const text = await response.text();
    if (!response.ok && !text.startsWith('{')) {
      throw new SolRpcError(method, response.status, response.statusText, 'UNKNOWN');
    }
    const body = parseJsonExact(text) as { result?: T; error?: { code: number; message: string; data?: unknown } };
    if (body.error) {
      const { code, message, data } = body.error;
      throw new SolRpcError(method, code, message, 'UNKNOWN', data);
    }
    return body.result as T;
  }

  /** A blockhash to build with and the last block height at which a transaction using it can land. */
  async latestBlockhash(commitment: SolCommitment = 'confirmed') {
    const { context, value } = await this.call<{
      context: { slot: SolInteger };
      value: { blockhash: string; lastValidBlockHeight: SolInteger };
    }>('getLatestBlockhash', [{ commitment }]);
    return {
      slot: toBigInt(context.slot),
      blockhash: value.blockhash,
      lastValidBlockHeight: toBigInt(value.lastValidBlockHeight),
    };
  }

  /** Blocks produced so far (skipped slots do not count): what `lastValidBlockHeight` is compared with. */
  async blockHeight(commitment: SolCommitment = 'confirmed'): Promise<bigint> {
    return toBigInt(await this.call<SolInteger>('getBlockHeight', [{ commitment }]));
  }

  async slot(commitment: SolCommitment = 'confirmed'): Promise<bigint> {
    return toBigInt(await this.call<SolInteger>('getSlot', [{ commitment }]));
  }

  /**
   * Submits signed wire bytes with preflight on, so a transfer that would fail is refused for free instead of
   * landing and paying its fee; returns the first signature. Refusals throw SolRpcError with a reason.
   */
  async sendTransaction(raw: Uint8Array): Promise<string> {
    const config = { encoding: 'base64', skipPreflight: false, preflightCommitment: 'confirmed' };
    try {
      return await this.call<string>('sendTransaction', [Buffer.from(raw).toString('base64'), config]);
    } catch (error) {
      if (!(error instanceof SolRpcError)) throw error;
      const reason = rejectionOf(error.code, error.nodeMessage, error.data, raw);
      throw new SolRpcError(error.method, error.code, error.nodeMessage, reason, error.data);
    }
  }

  /** Statuses of first signatures, from the whole ledger history; null for one the node does not know. */
  async signatureStatuses(signatures: readonly string[]): Promise<(SolSignatureStatus | null)[]> {
    const { value } = await this.call<{ value: (SolSignatureStatus | null)[] }>('getSignatureStatuses', [
      signatures,
      { searchTransactionHistory: true },
    ]);
    return value;
  }

  async transaction(signature: string, commitment: SolCommitment = 'confirmed') {
    return this.call<SolConfirmedTransaction | null>('getTransaction', [
      signature,
      { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0, commitment },
    ]);
  }

  /** The block at a slot; null when the slot was skipped or its block is not available (yet, or any more). */
  async block(
    slot: bigint | number,
    transactionDetails: 'full' | 'none' = 'full',
    commitment: SolCommitment = 'confirmed',
  ): Promise<SolBlock | null> {
    const config = {
      encoding: 'jsonParsed',
      transactionDetails,
      rewards: false,
      maxSupportedTransactionVersion: 0,
      commitment,
    };
    try {
      return await this.call<SolBlock | null>('getBlock', [Number(slot), config]);
    } catch (error) {
      if (error instanceof SolRpcError && NO_BLOCK_CODES.has(error.code)) return null;
      throw error;
    }
  }

  /** Slots in [start, end] that hold a block (nodes allow at most 500,000 slots per call). */
  async blocks(start: bigint | number, end: bigint | number, commitment: SolCommitment = 'confirmed') {
    const slots = await this.call<SolInteger[]>('getBlocks', [Number(start), Number(end), { commitment }]);
    return slots.map(toBigInt);
  }

  /** The account, without its data (a length-0 slice) unless `withData`; null when it does not exist. */
  async accountInfo(
    address: string,
    commitment: SolCommitment = 'confirmed',
    options: { withData?: boolean } = {},
  ): Promise<SolAccountInfo | null> {
    const { value } = await this.call<{ value: SolAccountInfo | null }>('getAccountInfo', [
      address,
      {
        encoding: 'base64',
        ...(options.withData ? {} : { dataSlice: { offset: 0, length: 0 } }),
        commitment,
      },
    ]);
    return value;
  }
}
