// An independent check of P2WPKH signatures: the BIP-143 sighash is recomputed here from the raw bytes that will
// be broadcast (not taken from the signing library), and every witness signature is verified against it. A bug in
// signing, a mangled witness or a key that does not own the input is caught before anything reaches a node.
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes } from '@noble/hashes/utils.js';
import { RawOutput, RawTx } from '@scure/btc-signer/script.js';

/** The output an input spends: what BIP-143 commits to (its script and amount). */
export interface SpentOutput {
  script: Uint8Array;
  amount: bigint;
}

const SIGHASH_ALL = 0x01;

const sha256d = (bytes: Uint8Array) => sha256(sha256(bytes));

function u32le(value: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value, true);
  return out;
}

/** Txids are shown byte-reversed; on the wire (and in the sighash) they are in hash order. */
const wireTxid = (displayTxid: Uint8Array) => Uint8Array.from(displayTxid).reverse();

/** The P2WPKH witness program of a compressed public key: OP_0 <hash160(pubkey)>. */
export function p2wpkhScript(publicKey: Uint8Array): Uint8Array {
  return concatBytes(new Uint8Array([0x00, 0x14]), ripemd160(sha256(publicKey)));
}

/** BIP-143 signature hash of input `index` for SIGHASH_ALL, spending a P2WPKH output of `publicKey`. */
export function p2wpkhSighash(raw: Uint8Array, index: number, spent: SpentOutput, publicKey: Uint8Array): Uint8Array {
  const tx = RawTx.decode(raw);
  const input = tx.inputs[index];
  if (!input) throw new Error(`No input ${index}`);
  const outpoint = (i: { txid: Uint8Array; index: number }) => concatBytes(wireTxid(i.txid), u32le(i.index));
  const hashPrevouts = sha256d(concatBytes(...tx.inputs.map(outpoint)));
  const hashSequence = sha256d(concatBytes(...tx.inputs.map((i) => u32le(i.sequence))));
  const hashOutputs = sha256d(concatBytes(...tx.outputs.map((o) => RawOutput.encode(o))));
  // The script code of P2WPKH is the P2PKH script of the same key hash (BIP-143).
  const keyHash = ripemd160(sha256(publicKey));
  const scriptCode = concatBytes(new Uint8Array([0x19, 0x76, 0xa9, 0x14]), keyHash, new Uint8Array([0x88, 0xac]));
  const amount = new Uint8Array(8);
  new DataView(amount.buffer).setBigUint64(0, spent.amount, true);
  const preimage = concatBytes(
    u32le(tx.version),
    hashPrevouts,
    hashSequence,
    outpoint(input),
    scriptCode,
    amount,
    u32le(input.sequence),
    hashOutputs,
    u32le(tx.lockTime),
    u32le(SIGHASH_ALL),
  );
  return sha256d(preimage);
}

/**
 * Throws unless every input of `raw` carries a P2WPKH witness `[DER signature + SIGHASH_ALL, publicKey]` whose
 * signature verifies against the recomputed sighash, and spends an output locked to that same key.
 */
export function assertP2wpkhSignatures(raw: Uint8Array, spent: SpentOutput[], publicKey: Uint8Array): void {
  const tx = RawTx.decode(raw);
  if (tx.inputs.length !== spent.length) throw new Error('Signed transaction has a different number of inputs');
  const expectedScript = bytesToHex(p2wpkhScript(publicKey));
  tx.inputs.forEach((_, index) => {
    const witness = tx.witnesses?.[index];
    const [signature, witnessKey] = witness ?? [];
    if (witness?.length !== 2 || !signature || !witnessKey) throw new Error(`Input ${index} has no P2WPKH witness`);
    if (bytesToHex(witnessKey) !== bytesToHex(publicKey)) throw new Error(`Input ${index} is signed by another key`);
    if (bytesToHex(spent[index]!.script) !== expectedScript) throw new Error(`Input ${index} is not owned by the key`);
    if (signature.at(-1) !== SIGHASH_ALL) throw new Error(`Input ${index} is not signed with SIGHASH_ALL`);
    const sighash = p2wpkhSighash(raw, index, spent[index]!, publicKey);
    const der = signature.subarray(0, -1);
    let valid = false;
    try {
      valid = secp256k1.verify(der, sighash, publicKey, { prehash: false, format: 'der' });
    } catch {
      valid = false; // a malformed DER encoding is as invalid as a wrong signature
    }
    if (!valid) throw new Error(`Signature of input ${index} does not verify`);
  });
}
