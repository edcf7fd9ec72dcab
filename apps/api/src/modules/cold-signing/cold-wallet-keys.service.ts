// Wallet keys for the provider's cold policy. An organization whose policy keeps new wallets cold gets no key from the
// engine: its approved wallet creation waits at SIGNING until a signing operator brings the account key that the
// air-gapped signer exports (crypto-hdkey QR parts). The key is read and checked as the import workflow checks it
// (network, curve, standard path, the address free), and the wallet, its first manager (the request's initiator)
// and the request's completion commit together. A creation the provider will not make is declined: it fails with
// 4116 and its initiator is told. Nothing private ever reaches Vaultline; every import and decline is audited.

import type { Blockchain, ColdWalletKeyItem, OperatorRole, RequestContentOf } from '@vaultline/contracts';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { requestExecution } from '../approvals/request-execution.service.js';
import { actorOf, recordAudit } from '../audit/audit.js';
import type { AuthContext } from '../auth/session.service.js';
import { maySignCold } from './cold-signing.policy.js';
import { coldSigningRepository } from './cold-signing.repository.js';
import {
  type ColdWalletProposal,
  checkColdAccountOnChain,
  type EosAccountAuthority,
  makeColdWallet,
  readProposedAccount,
} from './cold-wallet-import.js';
import { COLD_ACCOUNT_KEY } from './cold-wallet-key-wait.js';
import { coldWalletKeysRepository, type WaitingKeyRow } from './cold-wallet-keys.repository.js';

/** What the engine's wallet creation records in a request that waits for a key (its `result.awaiting`). */
export { COLD_ACCOUNT_KEY } from './cold-wallet-key-wait.js';

type Content = RequestContentOf<'WALLET_CREATION'>;

export function coldWalletKeysService(deps: {
  db: Db;
  config: Pick<Config, 'coldSigningAdministrators' | 'chainRpc' | 'production'>;
  clock: () => Date;
  eosAccountAuthority?: EosAccountAuthority | undefined;
}) {
  const { db, clock, config } = deps;
  const execution = requestExecution(db, clock);

  function allow(auth: AuthContext) {
    if (!maySignCold(auth.operatorRole as OperatorRole | null, config.coldSigningAdministrators)) {
      throw new AppError('403', { ability: 'signCold' });
    }
  }

  const signersOf = (row: WaitingKeyRow) => (row.request.result?.coldSignersRequired === 2 ? 2 : 1);

  /** The wallet the request asks for, with the parts handed in: what the import workflow checks too. */
  function proposalOf(row: WaitingKeyRow, accountParts: string[]): ColdWalletProposal {
    const content = row.request.payload as unknown as Content;
    return {
      walletName: content.name,
      blockchain: content.blockchain,
      accountParts,
      signersRequired: signersOf(row),
      ...(content.accountName ? { accountName: content.accountName } : {}),
    };
  }

  async function waitingRow(requestId: string) {
    const repo = coldWalletKeysRepository(db);
    const row = await repo.findWaiting(requestId);
    if (row) return row;
    if (await repo.isWalletCreation(requestId)) throw new AppError('4112');
    throw new AppError('404');
  }

  const audit = (
    tx: Db,
    auth: AuthContext,
    row: WaitingKeyRow,
    action: 'COLD_WALLET_KEY_IMPORTED' | 'COLD_WALLET_KEY_DECLINED',
    after: Record<string, unknown>,
  ) =>
    recordAudit(
      tx,
      actorOf(auth),
      { action, organizationId: row.request.organizationId, objectType: 'request', objectId: row.request.id, after },
      clock(),
    );

  return {
    allow,

    /** The wallet creations waiting for a key, longest waiting first, and how many wait in all. */
    async waiting(): Promise<{ items: ColdWalletKeyItem[]; total: number }> {
      const repo = coldWalletKeysRepository(db);
      const rows = await repo.waiting();
      const approvers = await coldSigningRepository(db).approversOf(rows.map((r) => r.request.id));
      const next = await repo.nextColdAccounts();
      const items = rows.map((row) => {
        const content = row.request.payload as unknown as Content;
        return {
          requestId: row.request.id,
          organizationId: row.request.organizationId,
          organizationName: row.organizationName,
          walletName: content.name,
          blockchain: content.blockchain as Blockchain,
          accountName: content.accountName ?? null,
          requestedBy: row.requestedBy,
          approvedBy: approvers.get(row.request.id) ?? [],
          signersRequired: signersOf(row),
          suggestedAccount: next.get(content.blockchain) ?? 0,
          waitingSince: row.request.updatedAt.toISOString(),
        };
      });
      return { items, total: await repo.waitingCount() };
    },

    /** The signer's account key for a waiting creation: checked, then the wallet and the request's completion. */
    async importKey(auth: AuthContext, requestId: string, accountParts: string[]) {
      allow(auth);
      const row = await waitingRow(requestId);
      const proposal = proposalOf(row, accountParts);
      // Unreadable or foreign parts are refused before anything else (40000-40002); an EOS-type account is asked of
      // its node outside any transaction, as the import workflow does.
      readProposedAccount(proposal);
      await checkColdAccountOnChain(proposal, config, deps.eosAccountAuthority);
      const out: { made?: { walletId: string; address: string; derivationPath: string; masterFingerprint: string } } =
        {};
      await execution.finish(row.request.organizationId, requestId, async (tx, request) => {
        // Another signer's import or decline won the race: this one changes nothing.
        if (request.result?.awaiting !== COLD_ACCOUNT_KEY) throw new AppError('4112');
        const wallet = await makeColdWallet(tx, request.organizationId, proposal, {
          origin: { creationRequestId: request.id },
          firstManagerId: request.initiatorId,
          now: clock(),
          config,
        });
        const made = {
          walletId: wallet.id,
          address: wallet.address,
          derivationPath: wallet.derivationPath,
          masterFingerprint: wallet.coldMasterFingerprint ?? '',
        };
        out.made = made;
        await audit(tx, auth, row, 'COLD_WALLET_KEY_IMPORTED', { ...made, signersRequired: proposal.signersRequired });
        return { walletId: wallet.id, result: { awaiting: null, walletId: wallet.id, address: wallet.address } };
      });
      if (!out.made) throw new AppError('4112');
      return { requestId, ...out.made };
    },

    /** The provider will not make this wallet: the request fails with 4116, and its initiator is told. */
    async decline(auth: AuthContext, requestId: string, reason: string) {
      allow(auth);
      const row = await waitingRow(requestId);
      const status = await execution.finish(row.request.organizationId, requestId, async (tx, request) => {
        if (request.result?.awaiting !== COLD_ACCOUNT_KEY) throw new AppError('4112');
        await audit(tx, auth, row, 'COLD_WALLET_KEY_DECLINED', { reason });
        return { failure: '4116', result: { awaiting: null, declined: reason } };
      });
      if (status !== 'FAILED') throw new AppError('4112');
      return { requestId, status: 'FAILED' as const };
    },
  };
}
