// Wallet keys for the provider's cold policy. An organization whose policy keeps new wallets cold gets no key from the
// engine: its approved wallet creation waits at SIGNING until a signing operator brings the account key that the
// air-gapped signer exports (crypto-hdkey QR parts). The key is read and checked as the import workflow checks it
// (network, curve, standard path, the address free), and the wallet, its first manager (the request's initiator)
// and the request's completion commit together. Under a two-signer policy the import is a proposal: another signing
// operator compares its address with the signer's own screen and confirms it, and only then is the wallet made (4115
// for one's own). A creation the provider will not make is declined: it fails with 4116 and its initiator is told.
// Nothing private ever reaches Vaultline; every proposal, import and decline is audited.

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
  checkColdWallet,
  type EosAccountAuthority,
  makeColdWallet,
  readProposedAccount,
} from './cold-wallet-import.js';
import { COLD_ACCOUNT_KEY } from './cold-wallet-key-wait.js';
import { coldWalletKeysRepository, type WaitingKeyRow } from './cold-wallet-keys.repository.js';

/** What the engine's wallet creation records in a request that waits for a key (its `result.awaiting`). */
export { COLD_ACCOUNT_KEY } from './cold-wallet-key-wait.js';

type Content = RequestContentOf<'WALLET_CREATION'>;

/** A key one signing operator imported under a two-signer policy, kept in the request until another confirms it. */
interface ProposedKey {
  parts: string[];
  address: string;
  derivationPath: string;
  masterFingerprint: string;
  proposedBy: string;
  proposedByEmail: string;
  proposedAt: string;
}
const proposedKeyOf = (result: Record<string, unknown> | null) =>
  (result?.proposedKey as ProposedKey | null | undefined) ?? null;

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
    action: 'COLD_WALLET_KEY_PROPOSED' | 'COLD_WALLET_KEY_IMPORTED' | 'COLD_WALLET_KEY_DECLINED',
    after: Record<string, unknown>,
  ) =>
    recordAudit(
      tx,
      actorOf(auth),
      { action, organizationId: row.request.organizationId, objectType: 'request', objectId: row.request.id, after },
      clock(),
    );

  /** The cold wallet of checked parts, the request completed: in the caller's execution transaction. */
  async function makeWallet(
    tx: Db,
    auth: AuthContext,
    row: WaitingKeyRow,
    request: { id: string; organizationId: string; initiatorId: string },
    proposal: ColdWalletProposal,
    proposedBy?: string,
  ) {
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
    const signers = { signersRequired: proposal.signersRequired, ...(proposedBy ? { proposedBy } : {}) };
    await audit(tx, auth, row, 'COLD_WALLET_KEY_IMPORTED', { ...made, ...signers });
    return {
      made,
      outcome: {
        walletId: wallet.id,
        result: { awaiting: null, proposedKey: null, walletId: wallet.id, address: wallet.address },
      },
    };
  }

  return {
    allow,

    /** The wallet creations waiting for a key, longest waiting first, and how many wait in all. */
    async waiting(auth: AuthContext): Promise<{ items: ColdWalletKeyItem[]; total: number }> {
      const proposalView = (key: ProposedKey | null) =>
        key && {
          address: key.address,
          derivationPath: key.derivationPath,
          masterFingerprint: key.masterFingerprint,
          proposedBy: key.proposedByEmail,
          proposedByMe: key.proposedBy === auth.accountId,
          proposedAt: key.proposedAt,
        };
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
          proposal: proposalView(proposedKeyOf(row.request.result)),
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
      const out: {
        made?: { walletId: string; address: string; derivationPath: string; masterFingerprint: string };
        proposed?: ProposedKey;
      } = {};
      const twoSigners = proposal.signersRequired === 2;
      await execution.finish(row.request.organizationId, requestId, async (tx, request) => {
        // Another signer's import or decline won the race: this one changes nothing.
        if (request.result?.awaiting !== COLD_ACCOUNT_KEY) throw new AppError('4112');
        if (!twoSigners) {
          const { made, outcome } = await makeWallet(tx, auth, row, request, proposal);
          out.made = made;
          return outcome;
        }
        // Four eyes: the key is checked now and kept for another signing operator to confirm; no wallet yet. A new
        // proposal replaces an earlier one (a wrong account exported, say).
        const account = await checkColdWallet(tx, request.organizationId, proposal);
        const key: ProposedKey = {
          parts: accountParts,
          address: account.address,
          derivationPath: account.derivationPath,
          masterFingerprint: account.masterFingerprint,
          proposedBy: auth.accountId,
          proposedByEmail: auth.email,
          proposedAt: clock().toISOString(),
        };
        const { parts: _parts, ...shown } = key;
        await audit(tx, auth, row, 'COLD_WALLET_KEY_PROPOSED', shown);
        out.proposed = key;
        return { waiting: 'SIGNING', result: { proposedKey: key } };
      });
      if (out.made) return { requestId, status: 'COMPLETE' as const, ...out.made };
      if (!out.proposed) throw new AppError('4112');
      const { address, derivationPath, masterFingerprint } = out.proposed;
      return { requestId, status: 'PROPOSED' as const, walletId: null, address, derivationPath, masterFingerprint };
    },

    /** Another signing operator's check of a proposed key (two-signer policy): then the wallet is made from it. */
    async confirm(auth: AuthContext, requestId: string) {
      allow(auth);
      const row = await waitingRow(requestId);
      const key = proposedKeyOf(row.request.result);
      if (!key) throw new AppError('4112', { reason: 'no-proposal' });
      if (key.proposedBy === auth.accountId) throw new AppError('4115');
      const proposal = proposalOf(row, key.parts);
      await checkColdAccountOnChain(proposal, config, deps.eosAccountAuthority);
      const out: { made?: { walletId: string; address: string; derivationPath: string; masterFingerprint: string } } =
        {};
      await execution.finish(row.request.organizationId, requestId, async (tx, request) => {
        // The key confirmed is the one shown: another proposal, an import or a decline meanwhile changes nothing.
        const current = proposedKeyOf(request.result);
        if (request.result?.awaiting !== COLD_ACCOUNT_KEY || current?.proposedAt !== key.proposedAt) {
          throw new AppError('4112');
        }
        const { made, outcome } = await makeWallet(tx, auth, row, request, proposal, key.proposedByEmail);
        out.made = made;
        return outcome;
      });
      if (!out.made) throw new AppError('4112');
      return { requestId, status: 'COMPLETE' as const, ...out.made };
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
