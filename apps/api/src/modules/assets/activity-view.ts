import { type AssetActivity, type Blockchain, type TokenInfo, tokenById } from '@vaultline/contracts';
import type { ActivityRow } from './activities.repository.js';

/** A token the catalogue no longer lists still shows, under its id, rather than breaking the history. */
export function tokenOrPlaceholder(tokenId: string, blockchain: string): TokenInfo {
  return (
    tokenById(tokenId) ?? {
      tokenId,
      blockchain: blockchain as Blockchain,
      symbol: tokenId.split('.').pop() ?? tokenId,
      name: tokenId,
      type: 'FUNGIBLE',
      decimals: 0,
      contractAddress: null,
    }
  );
}

export function activityView(row: ActivityRow): AssetActivity {
  return {
    id: row.id,
    walletId: row.walletId,
    walletName: row.walletName,
    blockchain: row.blockchain as Blockchain,
    token: tokenOrPlaceholder(row.tokenId, row.blockchain),
    activityType: row.activityType,
    transferType: row.transferType,
    status: row.status,
    amount: row.amount,
    txHash: row.txHash,
    fromAddress: row.fromAddress,
    toAddress: row.toAddress,
    // The other side of the transfer: who sent a deposit, where anything else went.
    counterparty: row.activityType === 'DEPOSIT' ? row.fromAddress : row.toAddress,
    confirmations: row.confirmations,
    requiredConfirmations: row.requiredConfirmations,
    blockHeight: row.blockHeight,
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
  };
}
