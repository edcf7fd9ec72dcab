// Solana on the devnet: a wire transaction whose fee payer's ed25519 signature verifies over the message bytes, with a
// blockhash the devnet issued and still honours, making one system transfer or one SPL transferChecked (optionally
// after create-associated-token-account-idempotent, which names the receiver).
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { getAddressEncoder, getTransactionDecoder } from '@solana/kit';
import { SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system';
import { ASSOCIATED_TOKEN_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import type { Blockchain } from '@vaultline/contracts';
import {
  decodeSolMessage,
  SOL_LAMPORTS_PER_SIGNATURE,
  solAssociatedTokenAddress,
  TOKEN_2022_PROGRAM_ADDRESS,
} from '../tx/sol.js';
import { devnetSolBlockhash } from './formats.js';
import {
  catalogueTokenByContract,
  DEVNET_SOL_BLOCKHASH_VALIDITY,
  nativeTokenId,
  refuse,
  type VerifiedTransfer,
  type VerifyContext,
} from './verify-types.js';

const SYSTEM_TRANSFER = 2; // SystemInstruction::Transfer (u32 LE)
const TOKEN_TRANSFER_CHECKED = 12;
const ATA_CREATE_IDEMPOTENT = 1;
const TOKEN_PROGRAMS = new Set<string>([TOKEN_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS]);

type Ix = { program: string; accounts: string[]; data: Uint8Array };
type Payment = { to: string; tokenId: string; amount: bigint };

const u64le = (data: Uint8Array, at: number) => new DataView(data.buffer, data.byteOffset).getBigUint64(at, true);

function decoded(raw: Uint8Array) {
  try {
    const tx = getTransactionDecoder().decode(raw);
    return { tx, message: decodeSolMessage(new Uint8Array(tx.messageBytes)) };
  } catch (error) {
    return refuse('MALFORMED', `Not a Solana transaction: ${(error as Error).message}`);
  }
}

/** Whether the blockhash is one of the devnet's blocks in the last 150 (the validity window of Solana). */
function assertLive(blockchain: Blockchain, blockhash: string, head: number): void {
  for (let h = head; h >= Math.max(0, head - DEVNET_SOL_BLOCKHASH_VALIDITY); h--) {
    if (devnetSolBlockhash(blockchain, h) === blockhash) return;
  }
  refuse('EXPIRED', `Blockhash ${blockhash} is not a devnet block of the last ${DEVNET_SOL_BLOCKHASH_VALIDITY}`);
}

async function splPayment(blockchain: Blockchain, payer: string, transfer: Ix, create: Ix | undefined) {
  const [source, mint, destination, authority] = transfer.accounts;
  if (transfer.data.length !== 10 || !source || !mint || !destination || authority !== payer) {
    return refuse('MALFORMED', 'A transferChecked signed by the fee payer is expected');
  }
  const token = catalogueTokenByContract(blockchain, mint);
  if (transfer.data[9] !== token.decimals) refuse('MALFORMED', `${token.tokenId} has ${token.decimals} decimals`);
  if (source !== (await solAssociatedTokenAddress(payer, mint, transfer.program))) {
    refuse('MALFORMED', "The source is not the payer's associated token account");
  }
  // The devnet keeps no token accounts: the receiver is the owner the create-idempotent instruction names.
  const [, ata, owner, createMint] = create?.accounts ?? [];
  if (!create || ata !== destination || createMint !== mint || !owner) {
    return refuse('MALFORMED', 'The devnet needs create-associated-token-idempotent to name the receiver');
  }
  if (destination !== (await solAssociatedTokenAddress(owner, mint, transfer.program))) {
    refuse('MALFORMED', "The destination is not the receiver's associated token account");
  }
  return { to: owner, tokenId: token.tokenId, amount: u64le(transfer.data, 1) };
}

export async function verifySolDevnet(
  blockchain: Blockchain,
  raw: Uint8Array,
  ctx: VerifyContext,
): Promise<VerifiedTransfer> {
  const { tx, message } = decoded(raw);
  if (message.header.numSignerAccounts !== 1) refuse('MALFORMED', 'The devnet takes single-signer transfers');
  const payer = message.staticAccounts[0]!;
  const signature = tx.signatures[payer];
  if (!signature) return refuse('INVALID_SIGNATURE', 'The fee payer did not sign');
  const payerKey = new Uint8Array(getAddressEncoder().encode(payer));
  if (!ed25519.verify(signature, new Uint8Array(tx.messageBytes), payerKey)) {
    refuse('INVALID_SIGNATURE', `The signature does not verify against ${payer}`);
  }
  if (message.version === 0 && (message.addressTableLookups?.length ?? 0) > 0) {
    refuse('MALFORMED', 'Address lookup tables are not supported on the devnet');
  }
  assertLive(blockchain, message.lifetimeToken, ctx.head);

  const ixs: Ix[] = message.instructions.map((ix) => ({
    program: message.staticAccounts[ix.programAddressIndex] ?? '',
    accounts: (ix.accountIndices ?? []).map((i) => message.staticAccounts[i] ?? ''),
    data: new Uint8Array(ix.data ?? []),
  }));
  const creates = ixs.filter((ix) => ix.program === ASSOCIATED_TOKEN_PROGRAM_ADDRESS);
  const transfers = ixs.filter((ix) => ix.program !== ASSOCIATED_TOKEN_PROGRAM_ADDRESS);
  if (transfers.length !== 1 || creates.length > 1) refuse('MALFORMED', 'One transfer per transaction');
  if (creates[0] && (creates[0].data.length !== 1 || creates[0].data[0] !== ATA_CREATE_IDEMPOTENT)) {
    refuse('MALFORMED', 'Only the idempotent creation of a token account is accepted');
  }
  const transfer = transfers[0]!;
  let payment: Payment;
  if (transfer.program === SYSTEM_PROGRAM_ADDRESS) {
    const view = new DataView(transfer.data.buffer, transfer.data.byteOffset);
    const [source, destination] = transfer.accounts;
    if (
      transfer.data.length !== 12 ||
      view.getUint32(0, true) !== SYSTEM_TRANSFER ||
      source !== payer ||
      !destination
    ) {
      refuse('MALFORMED', 'A system transfer from the fee payer is expected');
    }
    payment = { to: destination!, tokenId: nativeTokenId(blockchain), amount: u64le(transfer.data, 4) };
  } else if (TOKEN_PROGRAMS.has(transfer.program) && transfer.data[0] === TOKEN_TRANSFER_CHECKED) {
    payment = await splPayment(blockchain, payer, transfer, creates[0]);
  } else {
    return refuse('MALFORMED', `Program ${transfer.program} makes no transfer the devnet knows`);
  }
  const fee = SOL_LAMPORTS_PER_SIGNATURE * BigInt(message.header.numSignerAccounts);
  return {
    hash: base58.encode(signature),
    from: payer,
    ...payment,
    fee,
    reserve: fee,
    sequence: null,
    spends: [],
    outputs: [],
  };
}
