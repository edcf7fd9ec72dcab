// Vaultline's side of the answer: a signature UR from the cold signer becomes a broadcastable transaction only when
// it answers this request and verifies against the wallet's public key over exactly the unsigned transaction that
// was shown. Everything taken from the answer is the signature alone; the transaction is always the stored one.
import { CryptoPSBT } from '@keystonehq/bc-ur-registry';
import { ETHSignature } from '@keystonehq/bc-ur-registry-eth';
import { SolSignature } from '@keystonehq/bc-ur-registry-sol';
import type { UR } from '@ngraveio/bc-ur';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { hex } from '@scure/base';
import { Transaction } from '@scure/btc-signer';
import { Bytes, KeyType, PublicKey, Signature } from '@wharfkit/antelope';
import {
  bytesToHex,
  hexToBytes,
  keccak256,
  parseTransaction,
  recoverTransactionAddress,
  serializeTransaction,
} from 'viem';
import { assertP2wpkhSignatures, type SpentOutput } from '../tx/btc-verify.js';
import { eosSignedTransfer } from '../tx/eosio.js';
import { decodeSolMessage, solSignedTransfer } from '../tx/sol.js';
import type { SignedTransfer, UnsignedTransfer } from '../tx/types.js';
import { EosSignature } from './eos-registry.js';
import { ColdQrError } from './qr-parts.js';
import { type ColdSigningTarget, SIGNATURE_TYPES, uuidBytes } from './sign-request.js';

/** Why an answer is refused; all are 40002 to the user (the code answers another transaction or key). */
export type ColdSignatureRefusal = 'OTHER_TYPE' | 'OTHER_REQUEST' | 'OTHER_TRANSACTION' | 'BAD_SIGNATURE';

export class ColdSignatureRefused extends ColdQrError {
  constructor(
    readonly refusal: ColdSignatureRefusal,
    message: string,
  ) {
    super('WRONG_COMPONENT', message);
    this.name = 'ColdSignatureRefused';
  }
}

const sameId = (id: Buffer | undefined, uuid: string) => id?.equals(uuidBytes(uuid)) === true;

/** Parses the answer's registry item; a damaged body is INVALID (40000), as a damaged code is. */
function parsed<T>(read: () => T): T {
  try {
    return read();
  } catch {
    throw new ColdQrError('INVALID', 'The signed code cannot be read');
  }
}

/**
 * The signed transaction of `unsigned` from the signer's answer `signed`, verified: the answer's type is the
 * family's, it names this request, and its signature verifies against `target.publicKey` (bitcoin-type: every
 * input; EVM: the recovered sender) over the stored transaction. Anything else throws ColdSignatureRefused.
 */
export async function acceptColdSignature(
  unsigned: UnsignedTransfer,
  target: ColdSigningTarget,
  signed: UR,
): Promise<SignedTransfer> {
  if (signed.type !== SIGNATURE_TYPES[unsigned.family]) {
    throw new ColdSignatureRefused('OTHER_TYPE', `A ${signed.type} answers no ${unsigned.family} request`);
  }
  try {
    switch (unsigned.family) {
      case 'btc':
        return acceptPsbt(
          unsigned,
          target,
          parsed(() => CryptoPSBT.fromCBOR(signed.cbor).getPSBT()),
        );
      case 'evm': {
        const answer = parsed(() => ETHSignature.fromCBOR(signed.cbor));
        if (!sameId(answer.getRequestId(), target.requestId)) throw refusedOtherRequest();
        return await acceptEvm(unsigned, target, answer.getSignature());
      }
      case 'sol': {
        const answer = parsed(() => SolSignature.fromCBOR(signed.cbor));
        if (!sameId(answer.getRequestId(), target.requestId)) throw refusedOtherRequest();
        if (decodeSolMessage(unsigned.payload).staticAccounts[0] !== target.address) {
          throw new ColdSignatureRefused('OTHER_TRANSACTION', 'The transaction is not paid by this wallet');
        }
        return solSignedTransfer(unsigned, answer.getSignature());
      }
      case 'eosio': {
        const answer = parsed(() => EosSignature.fromCBOR(signed.cbor));
        if (!sameId(answer.requestId, target.requestId)) throw refusedOtherRequest();
        const signature = parsed(() => new Signature(KeyType.K1, Bytes.from(answer.signature)));
        const key = new PublicKey(KeyType.K1, Bytes.from(target.publicKey));
        return eosSignedTransfer(unsigned, target.eosChainId ?? '', signature, key);
      }
    }
  } catch (error) {
    if (error instanceof ColdQrError) throw error;
    throw new ColdSignatureRefused('BAD_SIGNATURE', (error as Error).message);
  }
}

const refusedOtherRequest = () => new ColdSignatureRefused('OTHER_REQUEST', 'The signature answers another request');

async function acceptEvm(unsigned: UnsignedTransfer, target: ColdSigningTarget, rsv: Buffer) {
  if (rsv.length !== 65) throw new ColdSignatureRefused('BAD_SIGNATURE', 'An EVM signature is 65 bytes');
  const v = rsv[64]!;
  // Hardware signers answer a typed transaction's parity as 0/1 or as 27/28.
  const yParity = v >= 27 ? v - 27 : v;
  if (yParity > 1) throw new ColdSignatureRefused('BAD_SIGNATURE', `Parity ${v} is no parity`);
  // EIP-2: nodes refuse an s in the upper half of the curve order; refuse it here, before it is stored as signed.
  if (BigInt(bytesToHex(rsv.subarray(32, 64))) > SECP256K1_HALF_ORDER) {
    throw new ColdSignatureRefused('BAD_SIGNATURE', 'The signature is not in low-s form');
  }
  const tx = parseTransaction(bytesToHex(unsigned.payload) as `0x02${string}`);
  const serialized = serializeTransaction(tx, {
    r: bytesToHex(rsv.subarray(0, 32)),
    s: bytesToHex(rsv.subarray(32, 64)),
    yParity,
  });
  const recovered = await recoverTransactionAddress({ serializedTransaction: serialized as `0x02${string}` });
  if (recovered.toLowerCase() !== target.address.toLowerCase()) {
    throw new ColdSignatureRefused('BAD_SIGNATURE', `The signature recovers ${recovered}, not ${target.address}`);
  }
  return {
    family: 'evm' as const,
    blockchain: unsigned.blockchain,
    raw: hexToBytes(serialized),
    hash: keccak256(serialized),
    fee: unsigned.fee,
  };
}

const SECP256K1_HALF_ORDER = secp256k1.Point.CURVE().n / 2n;

/**
 * The answered PSBT must hold the stored transaction unchanged (same inputs, outputs, amounts); only its
 * signatures are taken. The amounts signed are the stored PSBT's own, never the answer's.
 */
function acceptPsbt(unsigned: UnsignedTransfer, target: ColdSigningTarget, answered: Uint8Array): SignedTransfer {
  const stored = Transaction.fromPSBT(unsigned.payload);
  const answer = parsed(() => Transaction.fromPSBT(answered));
  if (hex.encode(answer.toBytes(false, false)) !== hex.encode(stored.toBytes(false, false))) {
    throw new ColdSignatureRefused('OTHER_TRANSACTION', 'The signed PSBT holds another transaction');
  }
  const spent: SpentOutput[] = [];
  for (let i = 0; i < stored.inputsLength; i++) {
    const prevout = stored.getInput(i).witnessUtxo;
    const signature = answer.getInput(i).partialSig?.find(([key]) => hex.encode(key) === hex.encode(target.publicKey));
    if (!prevout || !signature)
      throw new ColdSignatureRefused('BAD_SIGNATURE', `Input ${i} is not signed by the wallet`);
    spent.push({ script: prevout.script, amount: prevout.amount });
    stored.updateInput(i, { partialSig: [signature] });
  }
  stored.finalize();
  const raw = stored.extract();
  assertP2wpkhSignatures(raw, spent, target.publicKey);
  return { family: 'btc', blockchain: unsigned.blockchain, raw, hash: stored.id, fee: stored.fee };
}
