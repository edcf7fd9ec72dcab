// Turns a transfer intent into a BUILT row: fees and gas come from the node first (they do not depend on the nonce),
// then, under the sender's lock, the nonce is handed out and the transaction built and stored in one database
// transaction. A crash before the commit leaves nothing; after it, the row is there and a retry finds it.
import { buildEvmTransfer, type EvmToken, TransferBuildError } from '@vaultline/chains';
import { type Blockchain, type ErrorCode, tokenById } from '@vaultline/contracts';
import { type Db, transaction } from '../../db/client.js';
import { EvmRpcError } from '../chains/evm-rpc.js';
import type { EvmChainNode } from './chain-node.js';
import { type ChainTransactionRow, chainTransactionsRepository } from './chain-transactions.repository.js';
import { REFUSAL_CODES } from './refusal-codes.js';

export interface OutgoingTransfer {
  organizationId: string;
  /** The request the transfer carries out; with `purpose`, what makes a retried job find its row. */
  requestId: string | null;
  purpose: string;
  blockchain: Blockchain;
  fromAddress: string;
  toAddress: string;
  tokenId: string;
  /** Base units of the token. */
  amount: bigint;
}

/** The catalogue's tokens: the native coin, or an ERC-20 with its published contract. */
export function catalogueEvmToken(tokenId: string): EvmToken {
  const token = tokenById(tokenId);
  if (!token) throw new TransferBuildError('UNSUPPORTED_TOKEN', `Unknown token ${tokenId}`);
  if (token.contractAddress === null) return { kind: 'native' };
  return { kind: 'erc20', contract: token.contractAddress, decimals: token.decimals };
}

const BUILD_FAILURE_CODES: Record<TransferBuildError['reason'], ErrorCode> = {
  INSUFFICIENT_FUNDS: '4',
  AMOUNT_TOO_SMALL: '4000',
  INVALID_ADDRESS: '3',
  UNSUPPORTED_TOKEN: '4000',
  MEMO_NOT_SUPPORTED: '4000',
};

/** A plain EOA transfer costs exactly this; anything more (a token, a contract receiver) gets a margin. */
const PLAIN_TRANSFER_GAS = 21_000n;
const GAS_MARGIN_PERCENT = 120n;

type Quote = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint; gasLimit: bigint; chainId: number };

/** The node's fees and gas for this transfer, or the catalogue code of why it cannot be built. */
async function quote(node: EvmChainNode, intent: OutgoingTransfer, token: EvmToken): Promise<Quote | ErrorCode> {
  const call =
    token.kind === 'native'
      ? // Estimated without the value, so an overspend is refused by the node at broadcast, like any other.
        { from: intent.fromAddress, to: intent.toAddress }
      : { from: intent.fromAddress, to: token.contract, data: erc20TransferData(intent.toAddress, intent.amount) };
  try {
    const estimate = await node.estimateGas(call);
    const gasLimit = estimate === PLAIN_TRANSFER_GAS ? estimate : (estimate * GAS_MARGIN_PERCENT) / 100n;
    return { ...(await node.suggestFees()), gasLimit, chainId: await node.chainId() };
  } catch (error) {
    if (!(error instanceof EvmRpcError) || error.method !== 'eth_estimateGas') throw error;
    // A token transfer beyond the balance reverts in the estimate ("transfer amount exceeds balance").
    if (/exceeds balance|insufficient/i.test(error.nodeMessage)) return '4';
    return REFUSAL_CODES[error.reason === 'NONCE_TOO_LOW' ? 'SEQUENCE_USED' : 'UNKNOWN'];
  }
}

function erc20TransferData(to: string, amount: bigint): string {
  const word = (value: bigint | string) => BigInt(value).toString(16).padStart(64, '0');
  return `0xa9059cbb${word(to)}${word(amount)}`;
}

export async function createEvmTransfer(
  db: Db,
  node: EvmChainNode,
  intent: OutgoingTransfer,
  tokenOf: (tokenId: string) => EvmToken = catalogueEvmToken,
): Promise<ChainTransactionRow> {
  if (intent.requestId) {
    const existing = await chainTransactionsRepository(db).findByPurpose(intent.requestId, intent.purpose);
    if (existing) return existing;
  }
  let token: EvmToken | undefined;
  let quoted: Quote | ErrorCode;
  try {
    token = tokenOf(intent.tokenId);
    quoted = await quote(node, intent, token);
  } catch (error) {
    if (!(error instanceof TransferBuildError)) throw error;
    quoted = BUILD_FAILURE_CODES[error.reason];
  }
  const row = {
    organizationId: intent.organizationId,
    requestId: intent.requestId,
    purpose: intent.purpose,
    blockchain: intent.blockchain,
    fromAddress: intent.fromAddress,
    toAddress: intent.toAddress,
    tokenId: intent.tokenId,
    amount: intent.amount.toString(),
  };
  const failed = (failureCode: ErrorCode) => ({
    ...row,
    status: 'FAILED' as const,
    payload: new Uint8Array(),
    fee: '0',
    failureCode,
  });

  return transaction(db, async (tx) => {
    const repo = chainTransactionsRepository(tx);
    const sender = await repo.lockSender(intent.blockchain, intent.fromAddress);
    // A second job for the same request waited for the lock above; it finds the first one's row now.
    const raced = intent.requestId && (await repo.findByPurpose(intent.requestId, intent.purpose));
    if (raced) return raced;
    if (typeof quoted === 'string' || !token) return repo.insert(failed(typeof quoted === 'string' ? quoted : '4000'));

    // Our counter, unless the node knows of later ones (transactions sent from this address by other means).
    const nonce = Math.max(sender.nextSequence, await node.nextSequence(intent.fromAddress));
    let unsigned: ReturnType<typeof buildEvmTransfer>;
    try {
      unsigned = buildEvmTransfer({ ...intent, token, nonce, ...quoted });
    } catch (error) {
      if (error instanceof TransferBuildError) return repo.insert(failed(BUILD_FAILURE_CODES[error.reason]));
      throw error;
    }
    const built = await repo.insert({
      ...row,
      status: 'BUILT',
      sequence: nonce,
      payload: unsigned.payload,
      fee: unsigned.fee.toString(),
    });
    await repo.setNextSequence(intent.blockchain, intent.fromAddress, nonce + 1);
    return built;
  });
}
