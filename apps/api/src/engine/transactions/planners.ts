// The planner of a node's family: how the executor builds transfers on it.
import type { EvmToken } from '@vaultline/chains';
import type { Db } from '../../db/client.js';
import { walletCustody } from '../../modules/wallets/wallet-custody.service.js';
import { btcPlanner } from './btc-planner.js';
import type { AnyChainNode } from './chain-node.js';
import { eosPlanner } from './eos-planner.js';
import { evmPlanner } from './evm-planner.js';
import { type SolNonceWallets, solPlanner } from './sol-planner.js';
import type { TransferPlanner } from './transfer-planner.js';

/** A cold sender's nonce account, and the cold wallet a nonce account is made for, from the wallets table. */
const solNonceWallets = (db: Db): SolNonceWallets => ({
  async nonceAccountOf(intent) {
    const wallet = await walletCustody(db, intent.organizationId).coldWallet(intent.blockchain, intent.fromAddress);
    return wallet?.solNonceAccount ?? null;
  },
  async ownerOfNonceAccount(intent) {
    const custody = walletCustody(db, intent.organizationId);
    const wallet = await custody.walletOfSolNonceAccount(intent.blockchain, intent.toAddress);
    return wallet?.custody === 'COLD' ? { walletId: wallet.id, address: wallet.address } : null;
  },
});

export function plannerFor(
  node: AnyChainNode,
  db: Db,
  options: { evmTokenOf?: ((tokenId: string) => EvmToken) | undefined } = {},
): TransferPlanner {
  switch (node.family) {
    case 'evm':
      return evmPlanner(node, options.evmTokenOf) as TransferPlanner;
    case 'btc':
      return btcPlanner(node, db) as TransferPlanner;
    case 'sol':
      return solPlanner(node, undefined, solNonceWallets(db)) as TransferPlanner;
    case 'eosio':
      return eosPlanner(node, undefined, async (intent) =>
        Boolean(await walletCustody(db, intent.organizationId).coldWallet(intent.blockchain, intent.fromAddress)),
      ) as TransferPlanner;
  }
}
