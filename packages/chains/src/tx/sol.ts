// Solana transfers: a pure builder (all chain state comes in as arguments) and a signer that verifies its own
// signature before handing the wire bytes over. Native SOL moves with the system program; SPL tokens move with
// `transferChecked` between associated token accounts (ATAs), so the mint's decimals are checked on chain too.
import { ed25519 } from '@noble/curves/ed25519.js';
import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  assertIsBlockhash,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getAddressEncoder,
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
  getTransactionEncoder,
  type Instruction,
  type Nonce,
  pipe,
  type SignatureBytes,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  setTransactionMessageLifetimeUsingDurableNonce,
  type Transaction,
  type TransactionMessageBytes,
} from '@solana/kit';
import {
  getTransferSolInstruction,
  identifySystemInstruction,
  SYSTEM_PROGRAM_ADDRESS,
  type SystemInstruction,
} from '@solana-program/system';
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import type { Blockchain } from '@vaultline/contracts';
import { isValidSolanaAddress } from '../families/sol.js';
import { type SignedTransfer, TransferBuildError, type UnsignedTransfer } from './types.js';

/** Token-2022 (Token Extensions): not exported by @solana-program/token, which covers the original program only. */
export const TOKEN_2022_PROGRAM_ADDRESS = address('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb');

/** The base fee: 5,000 lamports per signature (no priority fee is added; the engine does not bid for blocks). */
export const SOL_LAMPORTS_PER_SIGNATURE = 5_000n;

/**
 * Rent-exempt minimum of a new token account, which the sender pays when it creates the receiver's ATA.
 * Source: the Rent sysvar as on mainnet (3,480 lamports per byte-year, 2-year exemption threshold, 128 bytes of
 * account overhead), i.e. `getMinimumBalanceForRentExemption(n)` = (n + 128) × 3,480 × 2:
 * - SPL Token account (165 bytes): 2,039,280 lamports;
 * - Token-2022 ATA (170 bytes: 165 + account-type byte + the 4-byte ImmutableOwner extension header the ATA
 *   program always adds): 2,074,080 lamports. Mints whose extensions need more account space are not supported.
 * The litesvm test checks these against the runtime's own Rent sysvar.
 */
export const TOKEN_ACCOUNT_RENT_EXEMPT_LAMPORTS: Readonly<Record<string, bigint>> = {
  [TOKEN_PROGRAM_ADDRESS]: 2_039_280n,
  [TOKEN_2022_PROGRAM_ADDRESS]: 2_074_080n,
};

const U64_MAX = 2n ** 64n - 1n;

export type SolToken =
  | { kind: 'native' }
  | { kind: 'spl'; mint: string; decimals: number /** Default: the SPL Token program. */; tokenProgram?: string };

export interface SolTransferInput {
  blockchain: Blockchain;
  fromAddress: string;
  toAddress: string;
  token: SolToken;
  /** Lamports for SOL, base units of the mint for SPL. */
  amount: bigint;
  recentBlockhash: string;
  /** Last block height at which the blockhash is valid; the engine uses it to decide when to rebuild. */
  lastValidBlockHeight: bigint;
  /**
   * A nonce account whose authority is the sender (sol-nonce.ts): the transaction then lives until that nonce
   * advances instead of until the blockhash expires, and its first instruction advances it. The blockhash above
   * is not used then.
   */
  durableNonce?: SolDurableNonce;
  /** SPL only: whether the receiver's ATA exists already; when not, this transaction creates it. */
  receiverTokenAccountExists?: boolean;
  /** Solana transfers carry no memo here; any non-empty memo is refused rather than silently dropped. */
  memo?: string;
}

/** What a transaction needs to use a nonce account (sol-nonce.ts): its address and the nonce it holds now. */
export interface SolDurableNonce {
  account: string;
  /** The nonce value (a blockhash-shaped base58 string) read from the account just before building. */
  value: string;
}

function checkedAddress(text: string, what: string): Address {
  if (!isValidSolanaAddress(text)) throw new TransferBuildError('INVALID_ADDRESS', `${what} is not a Solana address`);
  return address(text);
}

/** A blockhash or nonce value: 32 bytes in base58 (throws otherwise). */
function checkedBlockhash(text: string): Blockhash {
  assertIsBlockhash(text);
  return text;
}

/** The ATA of `owner` for `mint` under `tokenProgram` (a program-derived address; hashing is why this is async). */
export async function solAssociatedTokenAddress(
  owner: string,
  mint: string,
  tokenProgram: string = TOKEN_PROGRAM_ADDRESS,
) {
  const [ata] = await findAssociatedTokenPda({
    owner: address(owner),
    mint: address(mint),
    tokenProgram: address(tokenProgram),
  });
  return ata;
}

/** The instructions of an SPL transfer and the rent it spends when it creates the receiver's ATA. */
async function splTransferInstructions(
  input: SolTransferInput,
  token: Extract<SolToken, { kind: 'spl' }>,
  from: Address,
  to: Address,
): Promise<{ instructions: Instruction[]; rent: bigint }> {
  const mint = checkedAddress(token.mint, 'The mint');
  const tokenProgram = checkedAddress(token.tokenProgram ?? TOKEN_PROGRAM_ADDRESS, 'The token program');
  const rentPerAccount = TOKEN_ACCOUNT_RENT_EXEMPT_LAMPORTS[tokenProgram];
  if (rentPerAccount === undefined) {
    throw new TransferBuildError('UNSUPPORTED_TOKEN', `Unknown token program ${tokenProgram}`);
  }
  if (!Number.isInteger(token.decimals) || token.decimals < 0 || token.decimals > 255) {
    throw new TransferBuildError('UNSUPPORTED_TOKEN', `Decimals ${token.decimals} are not a u8`);
  }
  const source = await solAssociatedTokenAddress(from, mint, tokenProgram);
  const destination = await solAssociatedTokenAddress(to, mint, tokenProgram);
  const instructions: Instruction[] = [];
  const createsAccount = input.receiverTokenAccountExists !== true;
  if (createsAccount) {
    // Idempotent: if someone creates the account between build and broadcast, the transfer still lands.
    instructions.push(
      getCreateAssociatedTokenIdempotentInstruction({
        payer: createNoopSigner(from),
        ata: destination,
        owner: to,
        mint,
        tokenProgram,
      }),
    );
  }
  instructions.push(
    getTransferCheckedInstruction(
      { source, mint, destination, authority: createNoopSigner(from), amount: input.amount, decimals: token.decimals },
      { programAddress: tokenProgram },
    ),
  );
  return { instructions, rent: createsAccount ? rentPerAccount : 0n };
}

/**
 * The unsigned transfer: `payload` is the compiled v0 message (the bytes the sender signs), and `fee` the most
 * it costs the sender in lamports: the base fee plus, when it creates the receiver's ATA, that account's rent.
 */
export async function buildSolTransfer(input: SolTransferInput): Promise<UnsignedTransfer> {
  if (input.memo !== undefined && input.memo !== '') {
    throw new TransferBuildError('MEMO_NOT_SUPPORTED', 'Solana transfers carry no memo');
  }
  const from = checkedAddress(input.fromAddress, 'The sender');
  const to = checkedAddress(input.toAddress, 'The receiver');
  if (input.amount <= 0n) throw new TransferBuildError('AMOUNT_TOO_SMALL', 'The amount must be positive');
  // Balances and supplies are u64 on Solana: no sender can hold more than that.
  if (input.amount > U64_MAX) throw new TransferBuildError('INSUFFICIENT_FUNDS', 'The amount exceeds a u64');
  const blockhash = checkedBlockhash(input.recentBlockhash);
  const nonce = input.durableNonce && {
    account: checkedAddress(input.durableNonce.account, 'The nonce account'),
    value: checkedBlockhash(input.durableNonce.value),
  };

  const { instructions, rent } =
    input.token.kind === 'native'
      ? {
          instructions: [
            getTransferSolInstruction({ source: createNoopSigner(from), destination: to, amount: input.amount }),
          ],
          rent: 0n,
        }
      : await splTransferInstructions(input, input.token, from, to);

  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(from, m),
    (m) =>
      nonce
        ? // Prepends AdvanceNonceAccount, signed by the sender as the nonce's authority (still the one signer).
          setTransactionMessageLifetimeUsingDurableNonce(
            { nonce: nonce.value as string as Nonce, nonceAccountAddress: nonce.account, nonceAuthorityAddress: from },
            m,
          )
        : setTransactionMessageLifetimeUsingBlockhash(
            { blockhash, lastValidBlockHeight: input.lastValidBlockHeight },
            m,
          ),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  const compiled = compileTransaction(message);
  const signatureCount = BigInt(Object.keys(compiled.signatures).length);
  return {
    family: 'sol',
    blockchain: input.blockchain,
    payload: new Uint8Array(compiled.messageBytes),
    fee: SOL_LAMPORTS_PER_SIGNATURE * signatureCount + rent,
  };
}

/** A compiled legacy or v0 message (what this builder makes); v1 messages are refused. */
export function decodeSolMessage(messageBytes: Uint8Array) {
  const message = getCompiledTransactionMessageDecoder().decode(messageBytes);
  if (message.version !== 'legacy' && message.version !== 0) {
    throw new Error(`Unsupported Solana message version ${message.version}`);
  }
  return message;
}

type CompiledSolMessage = ReturnType<typeof decodeSolMessage>;

/**
 * Which system-program instruction a compiled instruction is, as the program's own client identifies it; null for
 * another program's instruction or data the system program does not know.
 */
export function solSystemInstructionOf(
  message: CompiledSolMessage,
  instruction: CompiledSolMessage['instructions'][number],
): SystemInstruction | null {
  if (message.staticAccounts[instruction.programAddressIndex] !== SYSTEM_PROGRAM_ADDRESS || !instruction.data) {
    return null;
  }
  try {
    return identifySystemInstruction(instruction.data);
  } catch {
    return null;
  }
}

/**
 * Signs the message with the fee payer's ed25519 seed. The transfers built here have exactly one signer, the
 * sender, who is also the fee payer; a message that needs more signatures is refused instead of half-signed.
 * The signature is verified against the fee payer's address before the wire bytes are returned.
 */
export function signSolTransfer(unsigned: UnsignedTransfer, privateKey: Uint8Array): SignedTransfer {
  if (privateKey.length !== 32) throw new Error('A Solana private key is a 32-byte ed25519 seed');
  return solSignedTransfer(unsigned, ed25519.sign(unsigned.payload, privateKey));
}

/**
 * The wire transaction of a message and its fee payer's signature (made here or by a cold signer), once the
 * signature verifies against the fee payer over exactly these message bytes.
 */
export function solSignedTransfer(unsigned: UnsignedTransfer, signature: Uint8Array): SignedTransfer {
  if (unsigned.family !== 'sol') throw new Error(`Not a Solana transfer: ${unsigned.family}`);
  const message = decodeSolMessage(unsigned.payload);
  if (message.header.numSignerAccounts !== 1) {
    throw new Error(`Expected one signer, the message needs ${message.header.numSignerAccounts}`);
  }
  const feePayer = message.staticAccounts[0];
  if (feePayer === undefined) throw new Error('The message names no fee payer');
  const feePayerKey = getAddressEncoder().encode(feePayer);
  if (signature.length !== 64 || !ed25519.verify(signature, unsigned.payload, new Uint8Array(feePayerKey))) {
    throw new Error(`The signature does not verify against the fee payer ${feePayer}: wrong key?`);
  }
  const transaction: Transaction = {
    // The brand only marks bytes that came out of a message compiler, which the payload did (the decode above checks).
    messageBytes: unsigned.payload as unknown as TransactionMessageBytes,
    signatures: { [feePayer]: signature as SignatureBytes },
  };
  return {
    family: 'sol',
    blockchain: unsigned.blockchain,
    raw: new Uint8Array(getTransactionEncoder().encode(transaction)),
    hash: getBase58Decoder().decode(signature),
    fee: unsigned.fee,
  };
}
