// Solana transfers: no sequence to hand out, but a recent blockhash that expires. The row keeps the last block
// height at which it can land; past it, unseen, the executor drops it and builds the next attempt.
//
// A cold wallet's signature takes longer than a blockhash lives, so its transfers are built on its durable-nonce
// account instead, once the account exists (sol-nonce-accounts.ts makes it): such a row has no last block height
// and expires only when the account's nonce moved on without it (executor.ts). Until then, and on nodes that cannot
// read nonce accounts (the devnet), a cold wallet's transfers are built on a blockhash as a hot wallet's are.
//
// The same planner builds the nonce account itself (purpose SOL_NONCE_ACCOUNT): the organization's gas-fee wallet
// pays and signs it, so that its next attempt after an expiry is built the same way.
import {
  buildSolNonceAccountCreation,
  buildSolTransfer,
  type SolToken,
  solNonceAccountAddress,
  solNonceSeed,
  TransferBuildError,
} from '@vaultline/chains';
import { tokenById } from '@vaultline/contracts';
import type { SolChainNode } from './chain-node.js';
import type { OutgoingTransfer, TransferPlanner } from './transfer-planner.js';

/** The purpose of the row that creates a cold wallet's durable-nonce account. */
export const SOL_NONCE_ACCOUNT_PURPOSE = 'SOL_NONCE_ACCOUNT';

/** The catalogue's tokens: SOL, or an SPL token by its published mint. */
export function catalogueSolToken(tokenId: string): SolToken {
  const token = tokenById(tokenId);
  if (!token) throw new TransferBuildError('UNSUPPORTED_TOKEN', `Unknown token ${tokenId}`);
  if (token.contractAddress === null) return { kind: 'native' };
  return { kind: 'spl', mint: token.contractAddress, decimals: token.decimals };
}

/** What the planner reads of the sender's wallet (planners.ts answers from the wallets table). */
export interface SolNonceWallets {
  /** The sender's durable-nonce account when it is a cold wallet that has one assigned; else null. */
  nonceAccountOf(intent: OutgoingTransfer): Promise<string | null>;
  /** The cold wallet a nonce account is made for: its id (the seed) and address (the authority). */
  ownerOfNonceAccount(intent: OutgoingTransfer): Promise<{ walletId: string; address: string } | null>;
}

const NO_NONCES: SolNonceWallets = {
  nonceAccountOf: async () => null,
  ownerOfNonceAccount: async () => null,
};

type Blockhash = { blockhash: string; lastValidBlockHeight: bigint };
type Quote =
  | {
      kind: 'transfer';
      token: SolToken;
      blockhash: Blockhash;
      receiverTokenAccountExists: boolean;
      durableNonce: { account: string; value: string } | null;
    }
  | { kind: 'nonce-account'; blockhash: Blockhash; owner: { walletId: string; address: string } };

export function solPlanner(
  node: SolChainNode,
  tokenOf: (tokenId: string) => SolToken = catalogueSolToken,
  wallets: SolNonceWallets = NO_NONCES,
): TransferPlanner<Quote> {
  /** The sender's nonce to build on: its account exists on the chain, initialized, with the sender as authority. */
  async function durableNonceOf(intent: OutgoingTransfer) {
    const account = node.nonceOf ? await wallets.nonceAccountOf(intent) : null;
    if (!account || !node.nonceOf) return null;
    const state = await node.nonceOf(account);
    return state && state.authority === intent.fromAddress ? { account, value: state.nonce } : null;
  }

  return {
    node,
    async quote(intent) {
      const blockhash = await node.latestBlockhash();
      if (intent.purpose === SOL_NONCE_ACCOUNT_PURPOSE) {
        const owner = await wallets.ownerOfNonceAccount(intent);
        if (!owner) throw new TransferBuildError('INVALID_ADDRESS', 'No cold wallet is assigned this nonce account');
        return { kind: 'nonce-account', blockhash, owner };
      }
      const token = tokenOf(intent.tokenId);
      const receiverTokenAccountExists =
        token.kind === 'spl' && (await node.tokenAccountExists(intent.toAddress, token.mint, token.tokenProgram));
      return {
        kind: 'transfer',
        token,
        blockhash,
        receiverTokenAccountExists,
        durableNonce: await durableNonceOf(intent),
      };
    },

    async plan(_repo, intent, quote) {
      const lifetime = {
        recentBlockhash: quote.blockhash.blockhash,
        lastValidBlockHeight: quote.blockhash.lastValidBlockHeight,
      };
      if (quote.kind === 'nonce-account') {
        const seed = solNonceSeed(quote.owner.walletId);
        // The row names the account it makes; a payer or seed that derives another address is a bug, not a build.
        if ((await solNonceAccountAddress(intent.fromAddress, seed)) !== intent.toAddress) {
          throw new Error(
            `The nonce account ${intent.toAddress} is not the payer's for wallet ${quote.owner.walletId}`,
          );
        }
        const unsigned = await buildSolNonceAccountCreation({
          blockchain: intent.blockchain,
          payer: intent.fromAddress,
          authority: quote.owner.address,
          seed,
          ...lifetime,
        });
        return { payload: unsigned.payload, fee: unsigned.fee, validUntilHeight: quote.blockhash.lastValidBlockHeight };
      }
      const unsigned = await buildSolTransfer({
        blockchain: intent.blockchain,
        fromAddress: intent.fromAddress,
        toAddress: intent.toAddress,
        token: quote.token,
        amount: intent.amount,
        ...lifetime,
        receiverTokenAccountExists: quote.receiverTokenAccountExists,
        ...(quote.durableNonce ? { durableNonce: quote.durableNonce } : {}),
        ...(intent.memo === undefined ? {} : { memo: intent.memo }),
      });
      // On a durable nonce the transaction has no last block height: it waits for its signer as long as it takes.
      if (quote.durableNonce) return { payload: unsigned.payload, fee: unsigned.fee };
      return { payload: unsigned.payload, fee: unsigned.fee, validUntilHeight: quote.blockhash.lastValidBlockHeight };
    },
  };
}
