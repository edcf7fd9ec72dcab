// bitcoin-type transfers: the fee rate and the sender's public key are read first; under the sender's lock the
// node's confirmed outputs, less those spent by the sender's transactions still in flight, are selected. When only
// locked outputs would cover the transfer, it is not refused: it is retried once they are released (spec: 40 s).
import {
  type BtcNetwork,
  btcNetworkOf,
  buildBtcTransfer,
  TransferBuildError,
  translateBtcAddress as translate,
} from '@vaultline/chains';
import { type Blockchain, tokenById } from '@vaultline/contracts';
import type { Db } from '../../db/client.js';
import { walletCustody } from '../../modules/wallets/wallet-custody.service.js';
import type { BtcChainNode, NodeUtxo } from './chain-node.js';
import { codeOfBuildFailure, lockedOutputsRetry, type TransferPlanner } from './transfer-planner.js';

type Quote = { feeRate: bigint; publicKey: Uint8Array; unspent: NodeUtxo[] };

/** `address` of the blockchain's network in `network`'s format: the same output script, another prefix. */
export function translateBtcAddress(address: string, blockchain: Blockchain, network: BtcNetwork | undefined) {
  return network ? translate(address, btcNetworkOf(blockchain), network) : address;
}

export function btcPlanner(node: BtcChainNode, db: Db): TransferPlanner<Quote> {
  const onNode = (address: string, blockchain: Blockchain) =>
    translateBtcAddress(address, blockchain, node.addressNetwork);
  return {
    node,
    async quote(intent) {
      const token = tokenById(intent.tokenId);
      if (!token || token.contractAddress !== null || token.blockchain !== intent.blockchain) {
        throw new TransferBuildError('UNSUPPORTED_TOKEN', `${intent.tokenId} is not ${intent.blockchain}'s coin`);
      }
      const publicKey = await walletCustody(db, intent.organizationId).publicKeyOf(
        intent.blockchain,
        intent.fromAddress,
      );
      if (!publicKey) throw new TransferBuildError('INVALID_ADDRESS', `${intent.fromAddress} is not a wallet`);
      // Read before the sender's lock: no node is asked anything while a database lock is held (the embedded
      // database has one connection, which the devnet's node shares). Outputs spent since are excluded below.
      const unspent = await node.unspent(onNode(intent.fromAddress, intent.blockchain));
      return { feeRate: await node.feeRate(), publicKey: Buffer.from(publicKey, 'hex'), unspent };
    },

    async plan(repo, intent, quote) {
      const from = onNode(intent.fromAddress, intent.blockchain);
      const locked = await repo.lockedOutpoints(intent.blockchain, intent.fromAddress);
      const unspent = quote.unspent;
      const free = unspent.filter((utxo) => !locked.has(`${utxo.txid.toLowerCase()}:${utxo.vout}`));
      const build = (utxos: typeof unspent) =>
        buildBtcTransfer({
          blockchain: intent.blockchain,
          ...(node.addressNetwork ? { network: node.addressNetwork } : {}),
          fromAddress: from,
          fromPublicKey: quote.publicKey,
          toAddress: onNode(intent.toAddress, intent.blockchain),
          amount: intent.amount,
          utxos,
          feeRate: quote.feeRate,
          ...(intent.memo === undefined ? {} : { memo: intent.memo }),
        });
      let unsigned: ReturnType<typeof buildBtcTransfer>;
      try {
        unsigned = build(free);
      } catch (error) {
        const short = error instanceof TransferBuildError && error.reason === 'INSUFFICIENT_FUNDS';
        if (!short || free.length === unspent.length) throw error;
        // Even the held outputs would not cover it: an overspend now, and one however often it were retried while
        // the wallet has transfers in flight (a busy wallet always has).
        if ((await codeOfBuildFailure(() => build(unspent))) === '4') throw error;
        // Short only because outputs are held by transfers in flight: their change comes back; try again then.
        throw lockedOutputsRetry();
      }
      return {
        payload: unsigned.payload,
        fee: unsigned.fee,
        spends: unsigned.spends.map((outpoint) => `${outpoint.txid.toLowerCase()}:${outpoint.vout}`),
      };
    },
  };
}
