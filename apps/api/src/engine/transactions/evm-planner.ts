// EVM transfers: gas and fees come from the node before the lock (they do not depend on the nonce); under the
// sender's lock the nonce is handed out: our counter, unless the node knows of later ones.
import { buildEvmContractCall, buildEvmTransfer, type EvmToken, TransferBuildError } from '@vaultline/chains';
import { type ErrorCode, tokenById } from '@vaultline/contracts';
import { EvmRpcError } from '../chains/evm-rpc.js';
import type { EvmChainNode } from './chain-node.js';
import { REFUSAL_CODES } from './refusal-codes.js';
import type { OutgoingTransfer, TransferPlanner } from './transfer-planner.js';

/** The catalogue's tokens: the native coin, or an ERC-20 with its published contract. */
export function catalogueEvmToken(tokenId: string): EvmToken {
  const token = tokenById(tokenId);
  if (!token) throw new TransferBuildError('UNSUPPORTED_TOKEN', `Unknown token ${tokenId}`);
  if (token.contractAddress === null) return { kind: 'native' };
  return { kind: 'erc20', contract: token.contractAddress, decimals: token.decimals };
}

/** A plain EOA transfer costs exactly this; anything more (a token, a contract receiver) gets a margin. */
const PLAIN_TRANSFER_GAS = 21_000n;
const GAS_MARGIN_PERCENT = 120n;

type Quote = {
  token: EvmToken;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
  gasLimit: bigint;
  chainId: number;
  /** The node's next nonce for the sender, read before the lock: only a floor under our own counter. */
  nodeNextSequence: number;
};

function erc20TransferData(to: string, amount: bigint): string {
  const word = (value: bigint | string) => BigInt(value).toString(16).padStart(64, '0');
  return `0xa9059cbb${word(to)}${word(amount)}`;
}

export function evmPlanner(
  node: EvmChainNode,
  tokenOf: (tokenId: string) => EvmToken = catalogueEvmToken,
): TransferPlanner<Quote> {
  return {
    node,
    async quote(intent: OutgoingTransfer): Promise<Quote | ErrorCode> {
      const token = tokenOf(intent.tokenId);
      if (intent.data !== undefined && token.kind !== 'native') {
        throw new TransferBuildError(
          'UNSUPPORTED_TOKEN',
          `A contract call sends the native coin, not ${intent.tokenId}`,
        );
      }
      const call =
        intent.data !== undefined
          ? // A contract call is estimated as it will run: what it does may depend on the value (a stake's minimum).
            { from: intent.fromAddress, to: intent.toAddress, data: intent.data, value: intent.amount }
          : token.kind === 'native'
            ? // Estimated without the value, so an overspend is refused by the node at broadcast, like any other.
              { from: intent.fromAddress, to: intent.toAddress }
            : {
                from: intent.fromAddress,
                to: token.contract,
                data: erc20TransferData(intent.toAddress, intent.amount),
              };
      try {
        const estimate = await node.estimateGas(call);
        const plain = intent.data === undefined && estimate === PLAIN_TRANSFER_GAS;
        const gasLimit = plain ? estimate : (estimate * GAS_MARGIN_PERCENT) / 100n;
        // Read before the sender's lock: no node is asked anything while a database lock is held (the embedded
        // database has one connection, which the devnet's node shares). A floor read early is still a floor.
        const nodeNextSequence = await node.nextSequence(intent.fromAddress);
        return { token, ...(await node.suggestFees()), gasLimit, chainId: await node.chainId(), nodeNextSequence };
      } catch (error) {
        if (!(error instanceof EvmRpcError) || error.method !== 'eth_estimateGas') throw error;
        // A token transfer beyond the balance reverts in the estimate ("transfer amount exceeds balance").
        if (/exceeds balance|insufficient/i.test(error.nodeMessage)) return '4';
        return REFUSAL_CODES[error.reason === 'NONCE_TOO_LOW' ? 'SEQUENCE_USED' : 'UNKNOWN'];
      }
    },

    async plan(_repo, intent, quote, sender) {
      // Our counter, unless the node knows of later ones (transactions sent from this address by other means).
      const nonce = Math.max(sender.nextSequence, quote.nodeNextSequence);
      const unsigned =
        intent.data === undefined
          ? buildEvmTransfer({ ...intent, ...quote, nonce })
          : buildEvmContractCall({
              blockchain: intent.blockchain,
              chainId: quote.chainId,
              fromAddress: intent.fromAddress,
              toAddress: intent.toAddress,
              data: intent.data,
              value: intent.amount,
              nonce,
              maxFeePerGas: quote.maxFeePerGas,
              maxPriorityFeePerGas: quote.maxPriorityFeePerGas,
              gasLimit: quote.gasLimit,
              ...(intent.memo === undefined ? {} : { memo: intent.memo }),
            });
      return { payload: unsigned.payload, fee: unsigned.fee, sequence: nonce, nextSequence: nonce + 1 };
    },
  };
}
