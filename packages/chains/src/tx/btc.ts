// Bitcoin-type transfers from one P2WPKH address: coin selection with change, a PSBT as the unsigned payload, and
// a signer that verifies every input signature before the raw transaction leaves it. Pure: UTXOs and the fee rate
// come in as arguments.
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { hex } from '@scure/base';
import { Address, NETWORK, OutScript, p2wpkh, selectUTXO, TEST_NETWORK, Transaction } from '@scure/btc-signer';
import { type Blockchain, familyOf } from '@vaultline/contracts';
import { assertP2wpkhSignatures, type SpentOutput } from './btc-verify.js';
import { type SignedTransfer, TransferBuildError, type UnsignedTransfer } from './types.js';

export { assertP2wpkhSignatures, p2wpkhScript, p2wpkhSighash, type SpentOutput } from './btc-verify.js';

/** A btc-signer network object (bech32 hrp and base58 version bytes). */
export type BtcNetwork = typeof NETWORK;

/** One unspent output of the sender; `txid` as nodes print it. */
export interface BtcUtxo {
  txid: string;
  vout: number;
  value: bigint;
}

export interface BtcOutpoint {
  txid: string;
  vout: number;
}

export interface BuildBtcTransferInput {
  blockchain: Blockchain;
  /** Replaces the blockchain's network (tests use Litecoin regtest: bech32 `rltc`). */
  network?: BtcNetwork;
  fromAddress: string;
  /** Compressed secp256k1 key (33 bytes) of `fromAddress`. */
  fromPublicKey: Uint8Array;
  toAddress: string;
  /** Satoshis. */
  amount: bigint;
  /** Outputs of `fromAddress` that may be spent; ones locked by in-flight transactions must be left out. */
  utxos: BtcUtxo[];
  /** Satoshis per virtual byte. */
  feeRate: bigint;
  changeAddress?: string;
  memo?: string;
}

export interface BtcUnsignedTransfer extends UnsignedTransfer {
  family: 'btc';
  /** The outpoints this transaction consumes, to lock while it is in flight. */
  spends: BtcOutpoint[];
  /** Satoshis paid back to the change address (0n when the remainder was too small to be worth an output). */
  change: bigint;
  /**
   * Index of the change output, absent without change. With the txid of the signed transaction it names the
   * outpoint a following transfer may spend before this one confirms (chaining the change).
   */
  changeVout?: number;
}

/**
 * Bitcoin Core's dust threshold for a P2WPKH output: (31-byte output + 67-vbyte input to spend it) × 3 sat/vB.
 * An output below it is non-standard (nodes do not relay it), and change below it is left to the fee instead.
 * (Forks may set a higher dust relay fee: Litecoin's is 10×; the tests there use amounts far above it.)
 */
export const P2WPKH_DUST_LIMIT = 294n;
const P2WPKH_DUST_BYTES = 98n;
const DUST_RELAY_FEE_RATE = 3n;

const TXID = /^[0-9a-f]{64}$/i;

export function btcNetworkOf(blockchain: Blockchain): BtcNetwork {
  if (familyOf(blockchain) !== 'btc') throw new Error(`${blockchain} is not a bitcoin-type blockchain`);
  return blockchain === 'BITCOIN_TESTNET' ? TEST_NETWORK : NETWORK;
}

/** The P2WPKH address of a compressed public key on `network` (for Litecoin regtest in tests, say). */
export function p2wpkhAddress(publicKey: Uint8Array, network: BtcNetwork): string {
  const { address } = p2wpkh(publicKey, network);
  if (!address) throw new Error('No P2WPKH address for this key');
  return address;
}

/** The output script of an address of `network`, or INVALID_ADDRESS. */
function outputScript(address: string, network: BtcNetwork, role: string): Uint8Array {
  try {
    return OutScript.encode(Address(network).decode(address));
  } catch {
    throw new TransferBuildError('INVALID_ADDRESS', `The ${role} address ${address} is not valid on this network`);
  }
}

export function buildBtcTransfer(input: BuildBtcTransferInput): BtcUnsignedTransfer {
  if (familyOf(input.blockchain) !== 'btc') throw new Error(`${input.blockchain} is not a bitcoin-type blockchain`);
  const network = input.network ?? btcNetworkOf(input.blockchain);
  if (input.memo !== undefined) {
    throw new TransferBuildError('MEMO_NOT_SUPPORTED', 'Bitcoin-type transfers cannot carry a memo');
  }
  if (input.feeRate < 1n) throw new RangeError(`Fee rate must be at least 1 sat/vB, got ${input.feeRate}`);
  let sender: ReturnType<typeof p2wpkh>;
  try {
    sender = p2wpkh(input.fromPublicKey, network);
  } catch {
    throw new TransferBuildError('INVALID_ADDRESS', 'The sender public key is not a compressed secp256k1 key');
  }
  if (sender.address !== input.fromAddress) {
    throw new TransferBuildError('INVALID_ADDRESS', `${input.fromAddress} is not the P2WPKH address of the sender key`);
  }
  outputScript(input.toAddress, network, 'destination');
  const changeAddress = input.changeAddress ?? input.fromAddress;
  const changeScript = hex.encode(outputScript(changeAddress, network, 'change'));
  if (input.amount < P2WPKH_DUST_LIMIT) {
    throw new TransferBuildError(
      'AMOUNT_TOO_SMALL',
      `${input.amount} sat is below the dust limit ${P2WPKH_DUST_LIMIT}`,
    );
  }

  const seen = new Set<string>();
  const candidates = input.utxos.map((utxo) => {
    if (!TXID.test(utxo.txid) || !Number.isInteger(utxo.vout) || utxo.vout < 0 || utxo.value <= 0n) {
      throw new Error(`Malformed UTXO ${utxo.txid}:${utxo.vout}`);
    }
    // The same outpoint twice would be a transaction spending one output twice, which every node refuses.
    const outpoint = `${utxo.txid.toLowerCase()}:${utxo.vout}`;
    if (seen.has(outpoint)) throw new Error(`UTXO ${outpoint} is listed twice`);
    seen.add(outpoint);
    return {
      txid: utxo.txid.toLowerCase(),
      index: utxo.vout,
      witnessUtxo: { script: sender.script, amount: utxo.value },
    };
  });
  const available = input.utxos.reduce((sum, utxo) => sum + utxo.value, 0n);
  const selection =
    candidates.length === 0
      ? undefined
      : selectUTXO(candidates, [{ address: input.toAddress, amount: input.amount }], 'default', {
          feePerByte: input.feeRate,
          changeAddress,
          network,
          dust: P2WPKH_DUST_BYTES,
          dustRelayFeeRate: DUST_RELAY_FEE_RATE,
          // BIP-69 ordering makes the transaction a function of its inputs and outputs alone.
          bip69: true,
          createTx: true,
        });
  if (!selection?.tx) {
    throw new TransferBuildError(
      'INSUFFICIENT_FUNDS',
      `${input.amount} sat plus the fee at ${input.feeRate} sat/vB exceed the ${available} sat available`,
    );
  }
  const tx = selection.tx;
  if (tx.fee !== selection.fee) throw new Error('Coin selection fee does not match the built transaction');
  // Everything paid out beyond the amount is change (0n when the selector left a dust remainder to the fee).
  let paidOut = 0n;
  for (let i = 0; i < tx.outputsLength; i++) paidOut += tx.getOutput(i).amount ?? 0n;
  const change = paidOut - input.amount;
  let changeVout: number | undefined;
  for (let i = 0; change > 0n && i < tx.outputsLength; i++) {
    const output = tx.getOutput(i);
    if (output.amount === change && output.script && hex.encode(output.script) === changeScript) changeVout = i;
  }
  const spends = selection.inputs.map((selected) => ({
    txid: hex.encode(selected.txid!),
    vout: selected.index!,
  }));
  return {
    family: 'btc',
    blockchain: input.blockchain,
    payload: tx.toPSBT(),
    fee: selection.fee!,
    spends,
    change,
    ...(changeVout === undefined ? {} : { changeVout }),
  };
}

/**
 * Signs every input with `privateKey`, finalizes, and returns the raw transaction only after each input's
 * signature has been verified independently (see btc-verify.ts). Throws if the key does not own the inputs
 * (btc-signer refuses to sign them) or a signature does not verify.
 */
export function signBtcTransfer(unsigned: UnsignedTransfer, privateKey: Uint8Array): SignedTransfer {
  const tx = Transaction.fromPSBT(unsigned.payload);
  const spent: SpentOutput[] = [];
  for (let i = 0; i < tx.inputsLength; i++) {
    const prevout = tx.getInput(i).witnessUtxo;
    if (!prevout) throw new Error(`Input ${i} of the PSBT has no witness UTXO`);
    spent.push({ script: prevout.script, amount: prevout.amount });
  }
  tx.sign(privateKey);
  tx.finalize();
  const raw = tx.extract();
  assertP2wpkhSignatures(raw, spent, secp256k1.getPublicKey(privateKey, true));
  return { family: 'btc', blockchain: unsigned.blockchain, raw, hash: tx.id, fee: tx.fee };
}

/**
 * `address` of `from`'s network written for `to`: the same output script under another prefix (a BITCOIN_TESTNET
 * wallet's `tb1…` as a Litecoin regtest node's `rltc1…`). INVALID_ADDRESS when it is no address of `from`.
 */
export function translateBtcAddress(address: string, from: BtcNetwork, to: BtcNetwork): string {
  return Address(to).encode(OutScript.decode(outputScript(address, from, 'given')));
}
