import { deriveAccount } from '@vaultline/chains';
import { type Blockchain, familyOf, type RequestContentOf } from '@vaultline/contracts';
import { type Config, chainRuntimeOf } from '../config.js';
import { registerDevnetAccount } from '../devnet/ledger-store.js';
import type { JobData } from '../jobs/queue.js';
import type { RequestExecution } from '../modules/approvals/request-execution.service.js';
import { COLD_ACCOUNT_KEY } from '../modules/cold-signing/cold-wallet-keys.service.js';
import { gasFeeAddressTaken, gasFeeCustody, lockedSeed } from '../modules/gas-fee-wallets/gas-fee-custody.service.js';
import { walletCustody } from '../modules/wallets/wallet-custody.service.js';

export { SEED_CONTEXT } from '../modules/gas-fee-wallets/gas-fee-custody.service.js';

/** The demo seed hands over a partial configuration: no CHAIN_RPC_* there means every network is on the devnet. */
const runtimeOf = (config: Partial<Pick<Config, 'chainRpc' | 'production'>>, blockchain: Blockchain) =>
  chainRuntimeOf({ chainRpc: config.chainRpc ?? {}, production: config.production ?? false }, blockchain);

/**
 * Executes an approved wallet-creation request: the organization's seed is opened for one derivation, and the
 * wallet, its first manager, the gas-fee charge and the request's completion commit together
 * (request-execution.service), so a crash at any point leaves either nothing or everything, and a retried job finds
 * the work done.
 */
export function walletCreationHandler(deps: { config: Config; requests: RequestExecution; now: () => Date }) {
  const { config, requests, now } = deps;
  return async (job: JobData) => {
    await requests.begin(job.organizationId, job.requestId);
    await requests.finish(job.organizationId, job.requestId, async (tx, request) => {
      const custody = walletCustody(tx, request.organizationId);
      const made = await custody.walletOfRequest(request.id);
      if (made) return { walletId: made.id, result: { walletId: made.id, address: made.address } };
      const { name, blockchain, accountName } = request.content as RequestContentOf<'WALLET_CREATION'>;
      // An organization whose policy keeps new wallets cold: the wallet waits at signing for the account key of the
      // provider's air-gapped signer (cold-signing: wallet keys), with the policy as it was when the line approved
      // it. A retried job finds it waiting already and leaves it so, whatever the policy says now.
      if (request.result?.awaiting === COLD_ACCOUNT_KEY) return { waiting: 'SIGNING', result: {} };
      const policy = await custody.newWalletPolicy();
      if (policy.custody === 'COLD') {
        return {
          waiting: 'SIGNING',
          result: { awaiting: COLD_ACCOUNT_KEY, coldSignersRequired: policy.coldSignersRequired },
        };
      }

      const { row: seedRow, seed } = await lockedSeed(tx, request.organizationId, config.masterKey);
      const accountIndex = seedRow.nextAccountIndex;
      const derived = deriveAccount({ seed, blockchain, accountIndex });
      const address = derived.address ?? accountName!;

      if (await custody.nameTaken(name)) return { failure: '4006' };
      if (await custody.addressTaken(blockchain, address)) return { failure: '4109' };
      if (await gasFeeAddressTaken(tx, blockchain, address)) return { failure: '4109' };
      // The network's gas-fee wallet (made with the network's first wallet) pays an EOS-type account's RAM, here, in
      // the transaction that makes the wallet: charged once per request, refused (5001) if it no longer can pay.
      const gasFee = gasFeeCustody(tx, request.organizationId, { config, now });
      if ((await gasFee.chargeCreation(blockchain, request.id, async () => seed)) === 'insufficient') {
        return { failure: '5001' };
      }

      const wallet = await custody.createWallet(
        {
          name,
          blockchain,
          family: familyOf(blockchain),
          address,
          publicKey: derived.publicKey,
          derivationPath: derived.path,
          accountIndex,
          creationRequestId: request.id,
          createdAt: now(),
        },
        request.initiatorId,
      );
      // EOS-type accounts are registered, not derived: on the devnet, registering is pairing the name with the key,
      // in the same transaction as the wallet, so the devnet verifies the wallet's signatures from its first one.
      if (wallet.family === 'eosio' && runtimeOf(config, blockchain).kind === 'devnet') {
        await registerDevnetAccount(tx, blockchain, address, derived.publicKey);
      }
      // Test runs only: a pause inside the transaction, so a crash there can be provoked.
      if (config.engineFaultDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.engineFaultDelayMs));
      return { walletId: wallet.id, result: { walletId: wallet.id, address } };
    });
  };
}
