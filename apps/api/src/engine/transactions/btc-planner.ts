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
import type { BtcChainNode } from './chain-node.js';
import { lockedOutputsRetry, type TransferPlanner } from './transfer-planner.js';

type Quote = { feeRate: bigint; publicKey: Uint8Array };

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
      return { feeRate: await node.feeRate(), publicKey: Buffer.from(publicKey, 'hex') };
    },

    async plan(repo, intent, quote) {
      const from = onNode(intent.fromAddress, intent.blockchain);
      const locked = await repo.lockedOutpoints(intent.blockchain, intent.fromAddress);
      const unspent = await node.unspent(from);
      const free = unspent.filter((utxo) => !locked.has(`${utxo.txid.toLowerCase()}:${utxo.vout}`));
      let unsigned: ReturnType<typeof buildBtcTransfer>;
      try {
        unsigned = buildBtcTransfer({
          blockchain: intent.blockchain,
          ...(node.addressNetwork ? { network: node.addressNetwork } : {}),
          fromAddress: from,
          fromPublicKey: quote.publicKey,
          toAddress: onNode(intent.toAddress, intent.blockchain),
          amount: intent.amount,
          utxos: free,
          feeRate: quote.feeRate,
          ...(intent.memo === undefined ? {} : { memo: intent.memo }),
        });
      } catch (error) {
        // Short only because outputs are held by transfers in flight: their change comes back; try again then.
        const heldBack = free.length < unspent.length;
        if (error instanceof TransferBuildError && error.reason === 'INSUFFICIENT_FUNDS' && heldBack) {
          throw lockedOutputsRetry();
        }
        throw error;
      }
      return {
        payload: unsigned.payload,
        fee: unsigned.fee,
        spends: unsigned.spends.map((outpoint) => `${outpoint.txid.toLowerCase()}:${outpoint.vout}`),
      };
    },
  };
}
