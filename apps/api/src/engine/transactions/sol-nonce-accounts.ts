// Gives every cold Solana wallet its durable-nonce account, on networks whose node can read one: the organization's
// gas-fee wallet (made if missing) pays the rent and signs, hot, a createAccountWithSeed at an address derived from
// it and the wallet's id, naming the cold key as the nonce's authority. The row goes through the executor like any
// other (BUILT → SIGNED → BROADCAST → CONFIRMED, rebuilt after a blockhash expiry); from then on the wallet's
// transfers are built on the nonce (sol-planner.ts).
//
// Done once: a unique index admits one live creation row per account, so two engines sweeping at once make one
// (the loser's insert is refused and it moves on). The address is fixed by payer and wallet besides, so even a
// creation sent again after an unseen landing is refused by the chain (the account exists): never a second account.
import { SOL_NONCE_ACCOUNT_RENT_EXEMPT_LAMPORTS, solNonceAccountAddress, solNonceSeed } from '@vaultline/chains';
import { type Blockchain, nativeToken } from '@vaultline/contracts';
import { type Db, transaction } from '../../db/client.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { type GasFeeConfig, gasFeeCustody, lockedSeed } from '../../modules/gas-fee-wallets/gas-fee-custody.service.js';
import type { SolChainNode } from './chain-node.js';
import type { TransactionExecutor } from './executor.js';
import { solNonceAccountsRepository } from './sol-nonce-accounts.repository.js';
import { SOL_NONCE_ACCOUNT_PURPOSE } from './sol-planner.js';

/** The unique index that keeps one live creation per nonce account (db/schema/chain-transactions.ts). */
const NONCE_ACCOUNT_KEY = 'chain_transactions_nonce_account_key';

/** A creation that failed (most often: the gas-fee wallet could not pay yet) is tried again after this long. */
export const NONCE_ACCOUNT_RETRY_SECONDS = 600;

/** Where a test may have the keeper killed (the executor's own points follow for the row it made). */
export const NONCE_KEEPER_CRASH_POINTS = ['after-assigned', 'after-created'] as const;
export type NonceKeeperCrashPoint = (typeof NONCE_KEEPER_CRASH_POINTS)[number];

export function solNonceAccountKeeper(deps: {
  db: Db;
  config: GasFeeConfig;
  blockchain: Blockchain;
  node: SolChainNode;
  executor: Pick<TransactionExecutor, 'create'>;
  now: () => Date;
  /** Test runs only: called at each crash point. */
  checkpoint?: (point: NonceKeeperCrashPoint) => void;
}) {
  const { db, config, blockchain, node, executor, now } = deps;
  const checkpoint = (point: NonceKeeperCrashPoint) => deps.checkpoint?.(point);

  /** The wallet's account, assigned (with its payer made if missing) in one database transaction. */
  const assigned = (wallet: { id: string; organizationId: string }) =>
    transaction(db, async (tx) => {
      const payer = await gasFeeCustody(tx, wallet.organizationId, { config, now }).ensure(
        blockchain,
        async () => (await lockedSeed(tx, wallet.organizationId, config.masterKey)).seed,
      );
      const account = await solNonceAccountAddress(payer.address, solNonceSeed(wallet.id));
      await solNonceAccountsRepository(tx).assign(wallet.id, account);
      return { payer: payer.address, account };
    });

  return {
    /** One pass: a creation row for each cold wallet that needs one; how many rows it made. */
    async sweep(): Promise<number> {
      if (!node.nonceOf) return 0;
      const wallets = await solNonceAccountsRepository(db).needingAccount(
        blockchain,
        SOL_NONCE_ACCOUNT_PURPOSE,
        NONCE_ACCOUNT_RETRY_SECONDS,
      );
      let made = 0;
      for (const wallet of wallets) {
        const { payer, account } = await assigned(wallet);
        checkpoint('after-assigned');
        // Made already (its row confirmed and pruned, or by an engine that died before recording it): nothing to pay.
        if (await node.nonceOf(account)) continue;
        try {
          await executor.create({
            organizationId: wallet.organizationId,
            requestId: null,
            purpose: SOL_NONCE_ACCOUNT_PURPOSE,
            blockchain,
            fromAddress: payer,
            toAddress: account,
            tokenId: nativeToken(blockchain).tokenId,
            amount: SOL_NONCE_ACCOUNT_RENT_EXEMPT_LAMPORTS,
          });
          checkpoint('after-created');
          made++;
        } catch (err) {
          // Another engine's sweep made the creation meanwhile: that one goes on, this one has nothing to do.
          if (!isUniqueViolation(err, NONCE_ACCOUNT_KEY)) throw err;
        }
      }
      return made;
    },
  };
}
