// The air-gapped signer's side of the exchange (`npm run cold-signer` and the tests): it holds the seed, reads a
// sign request, derives the key the request names, signs exactly the bytes it was given and answers in the
// registry type a hardware signer would. A provider's own device replaces this in production.
import { CryptoPSBT } from '@keystonehq/bc-ur-registry';
import { ETHSignature } from '@keystonehq/bc-ur-registry-eth';
import { SolSignature } from '@keystonehq/bc-ur-registry-sol';
import type { UR } from '@ngraveio/bc-ur';
import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { concatBytes } from '@noble/hashes/utils.js';
import { hex } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { Transaction } from '@scure/btc-signer';
import { getTransferSolInstructionDataDecoder, SystemInstruction } from '@solana-program/system';
import { Bytes, KeyType, PrivateKey } from '@wharfkit/antelope';
import { parseTransaction } from 'viem';
import { toChecksumAddress } from '../families/evm.js';
import { slip10Ed25519Derive } from '../families/sol.js';
import { decodeEosTransaction, eosPayloadDigest } from '../tx/eosio.js';
import { decodeSolMessage, solSystemInstructionOf } from '../tx/sol.js';
import { solDurableNonceOf } from '../tx/sol-nonce.js';
import { EosSignature } from './eos-registry.js';
import { type ReadSignRequest, readColdSignRequest } from './sign-request.js';

/** The seed's master key fingerprint (BIP 32), 8 hex characters: what requests name the seed by. */
export function masterFingerprintOf(seed: Uint8Array): string {
  return HDKey.fromMasterSeed(seed).fingerprint.toString(16).padStart(8, '0');
}

/** What the signer shows before it signs: the family, the request, the key, and what the transaction does. */
export interface SignerReview {
  family: string;
  requestId?: string;
  derivationPath?: string;
  bytes: number;
  /** One line per effect: outputs and amounts, the call, the actions, read from the bytes being signed. */
  effects: string[];
}

const transferSolData = getTransferSolInstructionDataDecoder();

/** The system program's SOL transfers of a message: "send N lamports to X". */
function solLamportTransfersOf(message: ReturnType<typeof decodeSolMessage>): string[] {
  return message.instructions.flatMap((ix) => {
    if (solSystemInstructionOf(message, ix) !== SystemInstruction.TransferSol) return [];
    if (ix.data?.length !== transferSolData.fixedSize) return [];
    const to = message.staticAccounts[ix.accountIndices?.[1] ?? -1] ?? 'an account of a lookup table';
    return [`send ${transferSolData.decode(ix.data).amount} lamports to ${to}`];
  });
}

/** What the transaction does, read from the very bytes the signer signs (never from anything beside them). */
export function effectsOf(read: ReadSignRequest): string[] {
  switch (read.family) {
    case 'btc': {
      const tx = Transaction.fromPSBT(read.payload);
      return Array.from({ length: tx.outputsLength }, (_, i) => {
        const output = tx.getOutput(i);
        return `pay ${output.amount} sat to script ${hex.encode(output.script ?? new Uint8Array())}`;
      }).concat(`fee ${tx.fee} sat`);
    }
    case 'evm': {
      const tx = parseTransaction(`0x${hex.encode(read.payload)}` as `0x02${string}`);
      const call = tx.data ? `, call ${tx.data.slice(0, 10)} with ${(tx.data.length - 10) / 2} bytes` : '';
      return [
        `chain ${tx.chainId} nonce ${tx.nonce}: send ${tx.value ?? 0n} wei to ${tx.to ? toChecksumAddress(tx.to) : 'a new contract'}${call}`,
      ];
    }
    case 'sol': {
      const message = decodeSolMessage(read.payload);
      const nonce = solDurableNonceOf(read.payload);
      return [
        `fee payer ${message.staticAccounts[0]}, ${message.instructions.length} instruction(s)`,
        nonce
          ? `advances nonce account ${nonce.account} from ${nonce.value}: valid until that nonce moves on`
          : `recent blockhash ${message.lifetimeToken}: valid for about 150 blocks`,
        ...solLamportTransfersOf(message),
      ];
    }
    case 'eosio':
      return decodeEosTransaction(read.payload).actions.map(
        (action) =>
          `${action.account}::${action.name} by ${action.authorization.map(String).join(', ')}: ${action.data.hexString}`,
      );
  }
}

const uuidText = (id: Buffer) => id.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

function secpKey(seed: Uint8Array, path: string): Uint8Array {
  const key = HDKey.fromMasterSeed(seed).derive(path).privateKey;
  if (!key) throw new Error(`No key at ${path}`);
  return key;
}

/** Signs a request UR with `seed` and answers the signature UR; refuses a request for another seed. */
export function signColdRequest(seed: Uint8Array, request: UR): { answer: UR; review: SignerReview } {
  const read = readColdSignRequest(request);
  const fingerprint = masterFingerprintOf(seed);
  if (read.masterFingerprint && read.masterFingerprint !== fingerprint) {
    throw new Error(`The request is for seed ${read.masterFingerprint}, this signer holds ${fingerprint}`);
  }
  const review: SignerReview = {
    family: read.family,
    ...(read.requestId ? { requestId: uuidText(read.requestId) } : {}),
    ...(read.derivationPath ? { derivationPath: read.derivationPath } : {}),
    bytes: read.payload.length,
    effects: effectsOf(read),
  };
  const requestId = read.requestId;
  const path = read.derivationPath ?? '';
  switch (read.family) {
    case 'btc': {
      const tx = Transaction.fromPSBT(read.payload);
      // Each input names its key's origin; sign with the keys of this seed only.
      const signed = signPsbt(tx, seed, fingerprint);
      if (signed === 0) throw new Error('No input of the PSBT belongs to this seed');
      return { answer: new CryptoPSBT(Buffer.from(tx.toPSBT())).toUR(), review };
    }
    case 'evm': {
      const signature = secp256k1.sign(keccak_256(read.payload), secpKey(seed, path), {
        prehash: false,
        format: 'recovered',
      });
      // noble's recovered form is the recovery bit then r, s; the registry's is r, s, then v.
      const rsv = concatBytes(signature.slice(1), signature.slice(0, 1));
      return { answer: new ETHSignature(Buffer.from(rsv), requestId).toUR(), review };
    }
    case 'sol': {
      const key = slip10Ed25519Derive(seed, path).privateKey;
      return { answer: new SolSignature(Buffer.from(ed25519.sign(read.payload, key)), requestId).toUR(), review };
    }
    case 'eosio': {
      const key = new PrivateKey(KeyType.K1, Bytes.from(secpKey(seed, path)));
      const signature = key.signDigest(eosPayloadDigest(read.payload, read.eosChainId ?? ''));
      if (!requestId) throw new Error('An EOS-type request carries its id');
      return { answer: new EosSignature(requestId, Buffer.from(signature.data.array)).toUR(), review };
    }
  }
}

/** Signs every input whose key origin is this seed's; the count signed. */
function signPsbt(tx: Transaction, seed: Uint8Array, fingerprint: string): number {
  const master = HDKey.fromMasterSeed(seed);
  let signed = 0;
  for (let i = 0; i < tx.inputsLength; i++) {
    for (const [, origin] of tx.getInput(i).bip32Derivation ?? []) {
      if (origin.fingerprint.toString(16).padStart(8, '0') !== fingerprint) continue;
      const key = master.derive(
        `m/${origin.path.map((n) => (n >= 0x80000000 ? `${n - 0x80000000}'` : `${n}`)).join('/')}`,
      );
      if (key.privateKey && tx.signIdx(key.privateKey, i)) signed++;
    }
  }
  return signed;
}
