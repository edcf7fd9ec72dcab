// Bitcoin-type on the devnet: a raw segwit transaction spending outputs the ledger knows, every P2WPKH signature
// checked against those outputs (tx/btc-verify.ts, BIP-143), amounts balanced, fee at least the relay minimum.
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { RawTx, Transaction } from '@scure/btc-signer';
import type { Blockchain } from '@vaultline/contracts';
import { btcAddressOfScript, btcScriptOfAddress } from '../families/btc.js';
import { assertP2wpkhSignatures, type SpentOutput } from '../tx/btc-verify.js';
import type { LedgerOutput } from './ports.js';
import {
  DEVNET_BTC_MIN_FEE_RATE,
  nativeTokenId,
  refuse,
  type VerifiedTransfer,
  type VerifyContext,
} from './verify-types.js';

function decoded(raw: Uint8Array): Transaction {
  try {
    return Transaction.fromRaw(raw, { allowUnknownOutputs: true });
  } catch (error) {
    return refuse('MALFORMED', `Not a bitcoin transaction: ${(error as Error).message}`);
  }
}

export async function verifyBtcDevnet(
  blockchain: Blockchain,
  raw: Uint8Array,
  ctx: VerifyContext,
): Promise<VerifiedTransfer> {
  const tx = decoded(raw);
  const hash = tx.id;
  if (tx.inputsLength === 0 || tx.outputsLength === 0) refuse('MALFORMED', 'A transaction has inputs and outputs');

  const spends: { txid: string; vout: number }[] = [];
  const spent: SpentOutput[] = [];
  let from: string | undefined;
  let totalIn = 0n;
  for (let i = 0; i < tx.inputsLength; i++) {
    const input = tx.getInput(i);
    const txid = bytesToHex(input.txid!);
    const vout = input.index!;
    if (spends.some((s) => s.txid === txid && s.vout === vout)) refuse('MALFORMED', `${txid}:${vout} is spent twice`);
    const output = await ctx.output(txid, vout);
    // Like bitcoind ("missingorspent"): an outpoint never made and one spent by another transaction look the same.
    if (!output || (output.spentBy !== null && output.spentBy !== hash)) {
      refuse('INPUT_SPENT', `Input ${txid}:${vout} is missing or spent`);
    }
    // One sender per transaction: the devnet's ledger rows have a single `from`.
    if (from !== undefined && output.address !== from) refuse('MALFORMED', 'The inputs belong to several addresses');
    from = output.address;
    const script = btcScriptOfAddress(output.address, blockchain);
    if (!script) return refuse('MALFORMED', `${output.address} is no address of ${blockchain}`);
    spends.push({ txid, vout });
    spent.push({ script: hexToBytes(script), amount: output.value });
    totalIn += output.value;
  }
  const publicKey = RawTx.decode(raw).witnesses?.[0]?.[1];
  if (!publicKey) return refuse('INVALID_SIGNATURE', 'Input 0 carries no P2WPKH witness');
  try {
    // Every input: a witness of this key, whose signature verifies over the sighash of the outputs it spends.
    assertP2wpkhSignatures(raw, spent, publicKey);
  } catch (error) {
    refuse('INVALID_SIGNATURE', (error as Error).message);
  }

  const outputs: LedgerOutput[] = [];
  let totalOut = 0n;
  for (let vout = 0; vout < tx.outputsLength; vout++) {
    const { script, amount } = tx.getOutput(vout);
    const address = script ? btcAddressOfScript(bytesToHex(script), blockchain) : null;
    if (!address || amount === undefined || amount <= 0n) refuse('MALFORMED', `Output ${vout} pays no address`);
    outputs.push({ txid: hash, vout, address: address!, value: amount! });
    totalOut += amount!;
  }
  if (totalOut > totalIn) refuse('INSUFFICIENT_FUNDS', `Outputs of ${totalOut} sat exceed the ${totalIn} sat spent`);
  const fee = totalIn - totalOut;
  if (fee < BigInt(tx.vsize) * DEVNET_BTC_MIN_FEE_RATE) {
    refuse('FEE_TOO_LOW', `A fee of ${fee} sat is below ${DEVNET_BTC_MIN_FEE_RATE} sat/vB × ${tx.vsize} vB`);
  }
  // The payment is what leaves the sender; outputs back to it are change. One payee per transaction on the devnet.
  const payees = outputs.filter((o) => o.address !== from);
  if (payees.length > 1) refuse('MALFORMED', 'The devnet carries one payee per transaction (plus change)');
  return {
    hash,
    from: from!,
    to: payees[0]?.address ?? from!,
    tokenId: nativeTokenId(blockchain),
    amount: payees[0]?.value ?? totalOut,
    fee,
    reserve: 0n,
    sequence: null,
    spends,
    outputs,
  };
}
