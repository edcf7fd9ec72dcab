import { deriveAccount, generateMnemonic, mnemonicToSeed } from '@vaultline/chains';
import { type Blockchain, familyOf } from '@vaultline/contracts';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { approvalsRepository } from '../modules/approvals/approvals.repository.js';
import { walletsRepository } from '../modules/wallets/wallets.repository.js';
import { decryptAtRest, encryptAtRest } from '../security/at-rest.js';

export const SEED_CONTEXT = 'organization.mnemonic';

/**
 * Executes an approved wallet-creation request. Two transactions: the request shows EXECUTING, then the keys
 * are derived and the wallet, its first manager and the request's completion commit together, so a crash
 * at any point leaves either nothing or everything, and a retried job finds the work done.
 */
export async function executeWalletCreation(
  db: Db,
  config: Config,
  requestId: string,
  organizationId: string,
  now: () => Date,
) {
  await db.transaction(async (tx) => {
    const repo = approvalsRepository(tx as Db);
    const request = await repo.findRequest(organizationId, requestId, { lock: true });
    if (request?.status === 'APPROVED') {
      await repo.updateRequest(request.id, { status: 'EXECUTING', progress: 'PROCESSING', updatedAt: now() });
    }
  });

  await db.transaction(async (tx) => {
    const requests = approvalsRepository(tx as Db);
    const wallets = walletsRepository(tx as Db);
    const request = await requests.findRequest(organizationId, requestId, { lock: true });
    if (request?.status !== 'EXECUTING') return; // done before, or canceled
    const existing = await wallets.findByRequest(request.id);
    if (existing) {
      await requests.updateRequest(request.id, { status: 'COMPLETE', progress: 'COMPLETE', updatedAt: now() });
      return;
    }
    const { name, blockchain, accountName } = request.payload as {
      name: string;
      blockchain: Blockchain;
      accountName?: string;
    };

    let seedRow = await wallets.lockSeed(organizationId);
    if (!seedRow) {
      await wallets.insertSeed(organizationId, encryptAtRest(generateMnemonic(), config.masterKey, SEED_CONTEXT));
      seedRow = (await wallets.lockSeed(organizationId))!;
    }
    const seed = mnemonicToSeed(decryptAtRest(seedRow.mnemonicEnc, config.masterKey, SEED_CONTEXT));
    const accountIndex = seedRow.nextAccountIndex;
    const derived = deriveAccount({ seed, blockchain, accountIndex });
    const address = derived.address ?? accountName!;

    const fail = async (reason: string) =>
      requests.updateRequest(request.id, {
        status: 'FAILED',
        progress: 'COMPLETE',
        failureReason: reason,
        updatedAt: now(),
      });
    if (await wallets.nameTaken(organizationId, name)) return void (await fail('4006'));
    if (await wallets.addressTaken(blockchain, address)) return void (await fail('4109'));

    const wallet = await wallets.insert({
      organizationId,
      name,
      blockchain,
      family: familyOf(blockchain),
      address,
      publicKey: derived.publicKey,
      derivationPath: derived.path,
      accountIndex,
      creationRequestId: request.id,
      createdAt: now(),
    });
    await wallets.advanceSeed(organizationId, accountIndex + 1);
    if (config.engineFaultDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.engineFaultDelayMs));
    await wallets.addMember(wallet.id, request.initiatorId, 'MANAGER', now());
    await requests.updateRequest(request.id, {
      status: 'COMPLETE',
      progress: 'COMPLETE',
      walletId: wallet.id,
      result: { walletId: wallet.id, address },
      updatedAt: now(),
    });
  });
}
