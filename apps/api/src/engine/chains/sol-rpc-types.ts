// The shapes of Solana JSON-RPC answers the engine reads (solana.com/docs/rpc/http), with `jsonParsed` encoding.
// Integers arrive as numbers, or as bigints where they exceed 2^53 (sol-rpc.ts parses exactly): read them with
// BigInt(). Only the fields used here are listed; nodes send more.

export type SolCommitment = 'processed' | 'confirmed' | 'finalized';
export type SolInteger = number | bigint;

/** An instruction as `jsonParsed` renders it: parsed for programs the node knows, else raw (base58 data). */
export interface SolParsedInstruction {
  programId: string;
  /** The parser's program name (`system`, `spl-token`, `spl-token-2022`, `spl-associated-token-account`, …). */
  program?: string;
  parsed?: { type: string; info: Record<string, unknown> } | string;
  accounts?: string[];
  data?: string;
  stackHeight?: number | null;
}

export interface SolUiTokenAmount {
  /** Base units, as a decimal string: exact. */
  amount: string;
  decimals: number;
  uiAmount: number | null;
  uiAmountString: string;
}

/** A token account's balance before or after a transaction; `accountIndex` points into the message's accountKeys. */
export interface SolTokenBalance {
  accountIndex: number;
  mint: string;
  owner?: string;
  programId?: string;
  uiTokenAmount: SolUiTokenAmount;
}

export interface SolTransactionMeta {
  /** null when the transaction succeeded; a TransactionError (`"BlockhashNotFound"`, `{InstructionError: …}`). */
  err: unknown;
  fee: SolInteger;
  preBalances: SolInteger[];
  postBalances: SolInteger[];
  preTokenBalances?: SolTokenBalance[];
  postTokenBalances?: SolTokenBalance[];
  innerInstructions?: { index: number; instructions: SolParsedInstruction[] }[] | null;
  logMessages?: string[] | null;
}

export interface SolAccountKey {
  pubkey: string;
  signer: boolean;
  writable: boolean;
  source?: 'transaction' | 'lookupTable';
}

/** One transaction of a block, or the body of getTransaction. */
export interface SolTransactionWithMeta {
  transaction: {
    signatures: string[];
    message: { accountKeys: SolAccountKey[]; instructions: SolParsedInstruction[]; recentBlockhash: string };
  };
  meta: SolTransactionMeta | null;
  version?: 'legacy' | 0;
}

export interface SolConfirmedTransaction extends SolTransactionWithMeta {
  slot: SolInteger;
  blockTime: SolInteger | null;
}

export interface SolBlock {
  blockhash: string;
  previousBlockhash: string;
  parentSlot: SolInteger;
  blockHeight: SolInteger | null;
  blockTime: SolInteger | null;
  /** Present with transactionDetails `full`. */
  transactions?: SolTransactionWithMeta[];
  signatures?: string[];
}

export interface SolSignatureStatus {
  slot: SolInteger;
  /** Blocks voted on since; null once rooted (finalized). */
  confirmations: number | null;
  err: unknown;
  confirmationStatus: SolCommitment | null;
}

export interface SolAccountInfo {
  lamports: SolInteger;
  owner: string;
  data: [string, 'base64'];
  executable: boolean;
  rentEpoch: SolInteger;
  space?: SolInteger;
}
