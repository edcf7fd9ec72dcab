// EOS-type transfers: `eosio.token::transfer` bound by TAPOS to a recent block and valid until an expiration
// counted on the node's clock. Past it, unseen, the executor drops it and builds the next attempt.
import { buildEosTransfer, type EosToken, TransferBuildError } from '@vaultline/chains';
import { tokenById } from '@vaultline/contracts';
import type { EosChainNode } from './chain-node.js';
import type { OutgoingTransfer, TransferPlanner } from './transfer-planner.js';

/** How long a signed EOS-type transfer may wait for inclusion (nodeos allows up to an hour). */
export const EOS_EXPIRATION_MS = 5 * 60_000;
/**
 * A cold wallet's transfer waits for a person to carry it to the air-gapped signer and back, so it gets nearly the
 * hour nodeos allows (max_transaction_lifetime 3600 s), less a margin for a head time behind the producers' clocks.
 * Past it, unsigned, the executor builds the next attempt for the queue.
 */
export const EOS_COLD_EXPIRATION_MS = 55 * 60_000;

/** The catalogue's tokens: the chain's own coin on eosio.token, or a token contract with its symbol. */
export function catalogueEosToken(tokenId: string): EosToken {
  const token = tokenById(tokenId);
  if (!token) throw new TransferBuildError('UNSUPPORTED_TOKEN', `Unknown token ${tokenId}`);
  const base = { symbol: token.symbol, precision: token.decimals };
  return token.contractAddress === null ? base : { ...base, contract: token.contractAddress };
}

type Quote = {
  token: EosToken;
  lifetimeMs: number;
  chainId: string;
  referenceBlock: { blockNum: number; blockId: string };
  headTime: Date;
};

export function eosPlanner(
  node: EosChainNode,
  tokenOf: (tokenId: string) => EosToken = catalogueEosToken,
  /** Whether the sender is a cold wallet (signed through the signing queue), which gets the longer expiration. */
  coldSender: (intent: OutgoingTransfer) => Promise<boolean> = async () => false,
): TransferPlanner<Quote> {
  return {
    node,
    async quote(intent) {
      return {
        token: tokenOf(intent.tokenId),
        lifetimeMs: (await coldSender(intent)) ? EOS_COLD_EXPIRATION_MS : EOS_EXPIRATION_MS,
        chainId: await node.chainId(),
        referenceBlock: await node.referenceBlock(),
        headTime: await node.headTime(),
      };
    },

    async plan(_repo, intent, quote) {
      // EOSIO expirations have whole seconds.
      const expiration = new Date(Math.floor((quote.headTime.getTime() + quote.lifetimeMs) / 1000) * 1000);
      const unsigned = buildEosTransfer({
        blockchain: intent.blockchain,
        chainId: quote.chainId,
        fromAccount: intent.fromAddress,
        toAccount: intent.toAddress,
        token: quote.token,
        amount: intent.amount,
        ...(intent.memo === undefined ? {} : { memo: intent.memo }),
        referenceBlock: quote.referenceBlock,
        expiration,
      });
      return { payload: unsigned.payload, fee: unsigned.fee, expiresAt: expiration, chainId: quote.chainId };
    },
  };
}
