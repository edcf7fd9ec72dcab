// Solana transfers: no sequence to hand out, but a recent blockhash that expires. The row keeps the last block
// height at which it can land; past it, unseen, the executor drops it and builds the next attempt.
import { buildSolTransfer, type SolToken, TransferBuildError } from '@vaultline/chains';
import { tokenById } from '@vaultline/contracts';
import type { SolChainNode } from './chain-node.js';
import type { TransferPlanner } from './transfer-planner.js';

/** The catalogue's tokens: SOL, or an SPL token by its published mint. */
export function catalogueSolToken(tokenId: string): SolToken {
  const token = tokenById(tokenId);
  if (!token) throw new TransferBuildError('UNSUPPORTED_TOKEN', `Unknown token ${tokenId}`);
  if (token.contractAddress === null) return { kind: 'native' };
  return { kind: 'spl', mint: token.contractAddress, decimals: token.decimals };
}

type Quote = {
  token: SolToken;
  blockhash: { blockhash: string; lastValidBlockHeight: bigint };
  receiverTokenAccountExists: boolean;
};

export function solPlanner(
  node: SolChainNode,
  tokenOf: (tokenId: string) => SolToken = catalogueSolToken,
): TransferPlanner<Quote> {
  return {
    node,
    async quote(intent) {
      const token = tokenOf(intent.tokenId);
      const receiverTokenAccountExists =
        token.kind === 'spl' && (await node.tokenAccountExists(intent.toAddress, token.mint, token.tokenProgram));
      return { token, blockhash: await node.latestBlockhash(), receiverTokenAccountExists };
    },

    async plan(_repo, intent, quote) {
      const unsigned = await buildSolTransfer({
        blockchain: intent.blockchain,
        fromAddress: intent.fromAddress,
        toAddress: intent.toAddress,
        token: quote.token,
        amount: intent.amount,
        recentBlockhash: quote.blockhash.blockhash,
        lastValidBlockHeight: quote.blockhash.lastValidBlockHeight,
        receiverTokenAccountExists: quote.receiverTokenAccountExists,
        ...(intent.memo === undefined ? {} : { memo: intent.memo }),
      });
      return { payload: unsigned.payload, fee: unsigned.fee, validUntilHeight: quote.blockhash.lastValidBlockHeight };
    },
  };
}
