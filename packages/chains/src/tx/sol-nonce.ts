// Durable nonces for Solana transactions signed slowly (cold wallets): a transaction whose lifetime is a recent
// blockhash is refused about 150 blocks (60–90 s) after it was built, far less than a walk to an air-gapped signer.
// One built against a nonce account instead stays valid until that account's nonce advances, which its first
// instruction (AdvanceNonceAccount, signed by the nonce authority) does when it lands; so it lands at most once.
//
// Each cold wallet gets its own nonce account with the cold key as authority: only a transaction the cold key
// signed can advance it. The account is created by another wallet (the organization's gas-fee wallet pays the rent
// and the fee) at an address derived from the payer and a seed (createAccountWithSeed), so no third key is needed.
import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  assertIsBlockhash,
  compileTransaction,
  createAddressWithSeed,
  createNoopSigner,
  createTransactionMessage,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit';
import {
  getCreateAccountWithSeedInstruction,
  getInitializeNonceAccountInstruction,
  getNonceDecoder,
  getNonceSize,
  NonceState,
  SYSTEM_PROGRAM_ADDRESS,
  SystemInstruction,
} from '@solana-program/system';
import type { Blockchain } from '@vaultline/contracts';
import { isValidSolanaAddress } from '../families/sol.js';
import { decodeSolMessage, SOL_LAMPORTS_PER_SIGNATURE, solSystemInstructionOf } from './sol.js';
import { TransferBuildError, type UnsignedTransfer } from './types.js';

/** A nonce account's data: version, state, authority, nonce, fee calculator (80 bytes). */
export const SOL_NONCE_ACCOUNT_SPACE = BigInt(getNonceSize());

/**
 * Rent-exempt minimum of a nonce account: (80 + 128 bytes of account overhead) × 3,480 lamports per byte-year × 2
 * years, as the Rent sysvar on mainnet gives it; the litesvm test checks it against the runtime's own.
 */
export const SOL_NONCE_ACCOUNT_RENT_EXEMPT_LAMPORTS = 1_447_680n;

/** A nonce account as read from the chain. */
export interface SolNonceAccountState {
  initialized: boolean;
  authority: string;
  nonce: string;
}

/**
 * The seed of a wallet's nonce account: its id without dashes (32 characters, the most a seed may have), so every
 * wallet's account differs even when one payer creates them all.
 */
export function solNonceSeed(walletId: string): string {
  const seed = walletId.replaceAll('-', '').toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(seed)) throw new Error('A nonce seed is made from a wallet id (a UUID)');
  return seed;
}

/** Where the nonce account of `seed` created by `payer` lives. */
export function solNonceAccountAddress(payer: string, seed: string): Promise<Address> {
  return createAddressWithSeed({ baseAddress: address(payer), programAddress: SYSTEM_PROGRAM_ADDRESS, seed });
}

/** Reads a nonce account's data (the system program's account layout); throws on anything else. */
export function readSolNonceAccount(data: Uint8Array): SolNonceAccountState {
  if (BigInt(data.length) !== SOL_NONCE_ACCOUNT_SPACE) throw new Error('Not a nonce account: wrong size');
  const decoded = getNonceDecoder().decode(data);
  return {
    initialized: decoded.state === NonceState.Initialized,
    authority: decoded.authority,
    nonce: decoded.blockhash,
  };
}

export interface SolNonceAccountCreation {
  blockchain: Blockchain;
  /** The wallet that pays the rent and the fee, and signs (the address the account is derived from). */
  payer: string;
  /** Who may advance the nonce: the cold wallet's address. */
  authority: string;
  seed: string;
  recentBlockhash: string;
  lastValidBlockHeight: bigint;
}

/**
 * The unsigned transaction that creates and initializes a nonce account: createAccountWithSeed (rent-exempt,
 * owned by the system program), then InitializeNonceAccount naming the authority. The payer is its one signer;
 * `fee` is what it costs the payer, the rent included.
 */
export async function buildSolNonceAccountCreation(input: SolNonceAccountCreation): Promise<UnsignedTransfer> {
  for (const [text, what] of [
    [input.payer, 'The payer'],
    [input.authority, 'The nonce authority'],
  ] as const) {
    if (!isValidSolanaAddress(text)) throw new TransferBuildError('INVALID_ADDRESS', `${what} is not a Solana address`);
  }
  const blockhash: string = input.recentBlockhash;
  assertIsBlockhash(blockhash);
  const payer = createNoopSigner(address(input.payer));
  const nonceAccount = await solNonceAccountAddress(input.payer, input.seed);
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(payer.address, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash({ blockhash, lastValidBlockHeight: input.lastValidBlockHeight }, m),
    (m) =>
      appendTransactionMessageInstructions(
        [
          getCreateAccountWithSeedInstruction({
            payer,
            newAccount: nonceAccount,
            base: payer.address,
            seed: input.seed,
            amount: SOL_NONCE_ACCOUNT_RENT_EXEMPT_LAMPORTS,
            space: SOL_NONCE_ACCOUNT_SPACE,
            programAddress: SYSTEM_PROGRAM_ADDRESS,
          }),
          getInitializeNonceAccountInstruction({ nonceAccount, nonceAuthority: address(input.authority) }),
        ],
        m,
      ),
  );
  const compiled = compileTransaction(message);
  return {
    family: 'sol',
    blockchain: input.blockchain,
    payload: new Uint8Array(compiled.messageBytes),
    fee: SOL_LAMPORTS_PER_SIGNATURE + SOL_NONCE_ACCOUNT_RENT_EXEMPT_LAMPORTS,
  };
}

/**
 * The durable nonce a compiled message is built on (its first instruction advances a nonce account, and its
 * lifetime token is that account's nonce), or null for a message built on a recent blockhash.
 */
export function solDurableNonceOf(messageBytes: Uint8Array): { account: string; value: string } | null {
  const message = decodeSolMessage(messageBytes);
  const first = message.instructions[0];
  if (!first || solSystemInstructionOf(message, first) !== SystemInstruction.AdvanceNonceAccount) return null;
  const account = message.staticAccounts[first.accountIndices?.[0] ?? -1];
  if (account === undefined) return null;
  return { account, value: message.lifetimeToken };
}
