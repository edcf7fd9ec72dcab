import type { LedgerTransaction } from '@vaultline/chains';
import type { Blockchain } from '@vaultline/contracts';
import type { devnetTransactions } from '../db/schema/index.js';

type TxRow = typeof devnetTransactions.$inferSelect;

export const toLedgerTransaction = (r: TxRow): LedgerTransaction => ({
  hash: r.hash,
  blockchain: r.blockchain as Blockchain,
  tokenId: r.tokenId,
  fromAddress: r.fromAddress,
  toAddress: r.toAddress,
  amount: BigInt(r.amount),
  fee: BigInt(r.fee),
  sequence: r.sequence,
  blockHeight: r.blockHeight,
  willFail: r.willFail,
  createdAt: r.createdAt,
});
