// The engine's view of a Solana runtime, backed by an in-process LiteSVM: the chain state a builder needs
// (blockhash, balances, whether the receiver's token account exists), broadcast of signed wire bytes, and the
// status of a signature. Runtime refusals are mapped to reasons the engine can act on.

import {
  address,
  getBase58Decoder,
  getTransactionDecoder,
  signature as solSignature,
  type Transaction,
} from '@solana/kit';
import { SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system';
import { getTokenDecoder, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { decodeSolMessage, solAssociatedTokenAddress, TOKEN_2022_PROGRAM_ADDRESS } from '@vaultline/chains';
import { FailedTransactionMetadata, type LiteSVM } from 'litesvm';
import { nonceStateOf } from './sol-nonce-state.js';

/** Why the runtime refused a transaction. */
export type SolRejection =
  | 'INVALID_SIGNATURE' // a signature does not verify over the message
  | 'INSUFFICIENT_FUNDS' // lamports or tokens below amount + fee (+ rent)
  | 'ALREADY_PROCESSED' // these exact bytes (same signature) already landed: a replay
  | 'BLOCKHASH_NOT_FOUND' // the blockhash expired or never existed: rebuild with a fresh one
  | 'MALFORMED' // the bytes do not decode as a signed transaction
  | 'UNKNOWN';

export type SolBroadcastResult = { ok: true; signature: string } | { ok: false; reason: SolRejection; detail: string };

export type SolSignatureStatus = 'confirmed' | 'failed' | 'unknown';

/** Where an executed transaction landed: the slot, and the runtime's blockhash at that slot. */
export interface SolLanding {
  slot: bigint;
  blockhash: string;
}

/**
 * Numbers of litesvm's `TransactionErrorFieldless` and `InstructionErrorFieldless` (dist/internal.d.ts). They are
 * ambient const enums there, which isolatedModules forbids reading, so the values we need are copied.
 */
const TX_INSUFFICIENT_FUNDS_FOR_FEE = 4;
const TX_ALREADY_PROCESSED = 6;
const TX_BLOCKHASH_NOT_FOUND = 7;
const TX_SIGNATURE_FAILURE = 11;
const IX_INSUFFICIENT_FUNDS = 5;

/**
 * Custom error 1 of the system program is ResultWithNegativeLamports (transfer above the balance); of both token
 * programs it is TokenError::InsufficientFunds. Other programs' code 1 means something else, so the program counts.
 */
const INSUFFICIENT_FUNDS_CUSTOM_CODE: Readonly<Record<string, number>> = {
  [SYSTEM_PROGRAM_ADDRESS]: 1,
  [TOKEN_PROGRAM_ADDRESS]: 1,
  [TOKEN_2022_PROGRAM_ADDRESS]: 1,
};

/** Solana blockhashes are accepted for 150 blocks. */
const BLOCKHASH_VALIDITY_BLOCKS = 150n;

type TransactionError = ReturnType<FailedTransactionMetadata['err']>;

function rejectionOf(error: TransactionError, transaction: Transaction): SolRejection {
  if (typeof error === 'number') {
    if (error === TX_SIGNATURE_FAILURE) return 'INVALID_SIGNATURE';
    if (error === TX_ALREADY_PROCESSED) return 'ALREADY_PROCESSED';
    if (error === TX_BLOCKHASH_NOT_FOUND) return 'BLOCKHASH_NOT_FOUND';
    if (error === TX_INSUFFICIENT_FUNDS_FOR_FEE) return 'INSUFFICIENT_FUNDS';
    return 'UNKNOWN';
  }
  // Only TransactionErrorInsufficientFundsForRent carries `accountIndex` without an `err()` of its own, yet
  // ProgramExecutionTemporarilyRestricted has the same shape: tell them apart by name.
  if (error.constructor.name === 'TransactionErrorInsufficientFundsForRent') return 'INSUFFICIENT_FUNDS';
  if (!('err' in error)) return 'UNKNOWN';
  const instructionError = error.err();
  if (typeof instructionError === 'number') {
    return instructionError === IX_INSUFFICIENT_FUNDS ? 'INSUFFICIENT_FUNDS' : 'UNKNOWN';
  }
  if (!('code' in instructionError)) return 'UNKNOWN';
  const message = decodeSolMessage(transaction.messageBytes as unknown as Uint8Array);
  const instruction = message.instructions[error.index];
  const program = instruction === undefined ? undefined : message.staticAccounts[instruction.programAddressIndex];
  const expected = program === undefined ? undefined : INSUFFICIENT_FUNDS_CUSTOM_CODE[program];
  return instructionError.code === expected ? 'INSUFFICIENT_FUNDS' : 'UNKNOWN';
}

export class SolLiteSvmChain {
  /**
   * LiteSVM's transaction history keeps results, not where they landed, so the chain notes the slot and blockhash
   * of each signature it executes. One object per runtime: every adapter over the same LiteSVM must share it.
   */
  private readonly landings = new Map<string, SolLanding>();

  constructor(readonly svm: LiteSVM) {}

  /** LiteSVM produces no blocks: the slot only moves when warped, and every slot counts as a block. */
  slot(): bigint {
    return this.svm.getClock().slot;
  }

  /** The blockhash to build with. LiteSVM has no block height, so its slot stands in for one. */
  latestBlockhash(): { blockhash: string; lastValidBlockHeight: bigint } {
    return {
      blockhash: this.svm.latestBlockhash(),
      lastValidBlockHeight: this.slot() + BLOCKHASH_VALIDITY_BLOCKS,
    };
  }

  /** Lamports of an account; 0 when it does not exist. */
  balance(owner: string): bigint {
    return this.svm.getBalance(address(owner)) ?? 0n;
  }

  accountExists(account: string): boolean {
    return this.svm.getAccount(address(account)).exists;
  }

  /** A durable-nonce account's authority and nonce; null when the address holds none. */
  nonceOf(account: string): { authority: string; nonce: string } | null {
    const found = this.svm.getAccount(address(account));
    return found.exists ? nonceStateOf(found.programAddress, new Uint8Array(found.data)) : null;
  }

  /** Base units of `mint` in the owner's associated token account; 0 when the account does not exist. */
  async tokenBalance(owner: string, mint: string, tokenProgram: string = TOKEN_PROGRAM_ADDRESS): Promise<bigint> {
    const ata = await solAssociatedTokenAddress(owner, mint, tokenProgram);
    const account = this.svm.getAccount(ata);
    if (!account.exists) return 0n;
    if (account.programAddress !== tokenProgram) throw new Error(`${ata} is not owned by ${tokenProgram}`);
    return getTokenDecoder().decode(account.data).amount;
  }

  /** Whether the receiver's associated token account exists (the builder creates it when not). */
  async tokenAccountExists(owner: string, mint: string, tokenProgram: string = TOKEN_PROGRAM_ADDRESS) {
    return this.accountExists(await solAssociatedTokenAddress(owner, mint, tokenProgram));
  }

  /** Executes signed wire bytes (a SignedTransfer's `raw`); the signature is its base58 first signature. */
  broadcast(raw: Uint8Array): SolBroadcastResult {
    let transaction: Transaction;
    let result: ReturnType<LiteSVM['sendTransaction']>;
    try {
      transaction = getTransactionDecoder().decode(raw);
      // Throws when a signature slot is empty: a half-signed transaction never reaches the runtime.
      result = this.svm.sendTransaction(transaction);
    } catch (error) {
      return { ok: false, reason: 'MALFORMED', detail: error instanceof Error ? error.message : String(error) };
    }
    const failed = result instanceof FailedTransactionMetadata ? result : undefined;
    const executed = result instanceof FailedTransactionMetadata ? result.meta() : result;
    const signature = getBase58Decoder().decode(executed.signature());
    // Executed (succeeded, or failed and charged its fee): it is in the history now. A refusal before execution
    // (bad signature, old blockhash, replay) carries an all-zero signature that matches nothing there.
    if (this.svm.getTransaction(solSignature(signature)) !== null) this.landing(signature);
    if (failed) return { ok: false, reason: rejectionOf(failed.err(), transaction), detail: failed.toString() };
    return { ok: true, signature };
  }

  /**
   * Where an executed signature landed; undefined when the runtime never executed it. A transaction sent to the
   * LiteSVM directly rather than through `broadcast` is pinned to the slot where it is first looked up.
   */
  landing(signature: string): SolLanding | undefined {
    const noted = this.landings.get(signature);
    if (noted) return noted;
    if (this.status(signature) === 'unknown') return undefined;
    const landing = { slot: this.slot(), blockhash: this.svm.latestBlockhash() };
    this.landings.set(signature, landing);
    return landing;
  }

  /**
   * Time passing beyond a blockhash's validity, as LiteSVM can show it: it accepts only its latest blockhash (no
   * 150-block window), so the blockhash is replaced, and the slot moves past `lastValidBlockHeight`.
   */
  passBlockhashValidity(): void {
    this.svm.expireBlockhash();
    this.svm.warpToSlot(this.slot() + BLOCKHASH_VALIDITY_BLOCKS + 1n);
  }

  /** `confirmed` once executed successfully, `failed` when it executed and failed, `unknown` when never seen. */
  status(signature: string): SolSignatureStatus {
    const found = this.svm.getTransaction(solSignature(signature));
    if (found === null) return 'unknown';
    return found instanceof FailedTransactionMetadata ? 'failed' : 'confirmed';
  }
}
