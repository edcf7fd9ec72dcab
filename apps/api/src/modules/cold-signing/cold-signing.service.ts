// The provider's signing step for cold wallets. The engine leaves a cold wallet's transaction BUILT (request progress
// SIGNING); a signing operator shows its sign request as an animated QR code to the air-gapped signer and brings the
// signed parts back. The answer is accepted only when its signature verifies against the wallet's public key over the
// stored transaction: the transaction itself always comes from the stored row, never from the answer. An accepted
// answer makes the row SIGNED with the verified bytes in one transaction, and the engine's sweep broadcasts it as it
// does a hot signature. Every shown request, accepted and refused answer is audited.

import type { UnsignedTransfer } from '@vaultline/chains';
import {
  acceptColdSignature,
  ColdQrError,
  ColdSignatureRefused,
  type ColdSigningTarget,
  coldPublicKeyBytes,
  coldSignRequest,
  SIGN_REQUEST_TYPES,
  SIGNATURE_TYPES,
  toQrParts,
} from '@vaultline/chains/cold';
import {
  type AuditActionName,
  type Blockchain,
  type ColdSigningItem,
  familyOf,
  type OperatorRole,
} from '@vaultline/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { type Db, transaction } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { requestProgress } from '../approvals/request-execution.service.js';
import { actorOf, recordAudit } from '../audit/audit.js';
import type { AuthContext } from '../auth/session.service.js';
import { maySignCold } from './cold-signing.policy.js';
import { coldSigningRepository, type WaitingColdRow } from './cold-signing.repository.js';
import { collectParts } from './cold-wallet-import.js';
import type { coldWalletKeysService } from './cold-wallet-keys.service.js';

export function coldSigningService(deps: {
  db: Db;
  config: Pick<Config, 'coldSigningAdministrators'>;
  clock: () => Date;
  log: FastifyBaseLogger;
  /** Wallet creations of cold-policy organizations waiting for a key: shown and counted with the transactions. */
  walletKeys: Pick<ReturnType<typeof coldWalletKeysService>, 'waiting'>;
}) {
  const { db, clock, log } = deps;

  function allow(auth: AuthContext) {
    if (!maySignCold(auth.operatorRole as OperatorRole | null, deps.config.coldSigningAdministrators)) {
      throw new AppError('403', { ability: 'signCold' });
    }
  }

  type Reviews = Map<string, { operatorId: string; name: string }[]>;

  /** What the queue shows of a row: the transfer, its approvers and the signing operators who confirmed it. */
  function itemOf(
    auth: AuthContext,
    row: WaitingColdRow,
    approvers: Map<string, string[]>,
    reviews: Reviews,
  ): ColdSigningItem {
    const t = row.transaction;
    const confirmed = reviews.get(t.id) ?? [];
    const travelRule = (row.requestResult?.travelRule as { verdict?: string } | undefined)?.verdict ?? null;
    return {
      transactionId: t.id,
      organizationId: t.organizationId,
      organizationName: row.organizationName,
      walletId: row.wallet.id,
      walletName: row.wallet.name,
      blockchain: t.blockchain as Blockchain,
      fromAddress: t.fromAddress,
      toAddress: t.toAddress,
      tokenId: t.tokenId,
      amount: t.amount,
      fee: t.fee,
      purpose: t.purpose,
      requestId: t.requestId,
      travelRule,
      approvedBy: (t.requestId && approvers.get(t.requestId)) || [],
      signersRequired: row.wallet.coldSignersRequired,
      confirmedBy: confirmed.map((r) => r.name),
      confirmedByMe: confirmed.some((r) => r.operatorId === auth.accountId),
      validUntilHeight: t.validUntilHeight === null ? null : String(t.validUntilHeight),
      expiresAt: t.expiresAt?.toISOString() ?? null,
      createdAt: t.createdAt.toISOString(),
    };
  }

  const unsignedOf = (row: WaitingColdRow): UnsignedTransfer => {
    const blockchain = row.transaction.blockchain as Blockchain;
    return {
      family: familyOf(blockchain),
      blockchain,
      payload: row.transaction.payload,
      fee: BigInt(row.transaction.fee),
    };
  };
  const targetOf = (row: WaitingColdRow): ColdSigningTarget => ({
    requestId: row.transaction.id,
    derivationPath: row.wallet.derivationPath,
    masterFingerprint: row.wallet.coldMasterFingerprint!,
    publicKey: coldPublicKeyBytes(row.transaction.blockchain as Blockchain, row.wallet.publicKey),
    address: row.transaction.fromAddress,
    // EOS-type: the chain id the transaction was built for, which the signature commits to.
    ...(row.transaction.chainId ? { eosChainId: row.transaction.chainId } : {}),
  });

  /** The approvers and confirmations of `rows`, for their items. */
  async function related(rows: WaitingColdRow[]) {
    const repo = coldSigningRepository(db);
    const requestIds = rows.flatMap((r) => (r.transaction.requestId ? [r.transaction.requestId] : []));
    return {
      approvers: await repo.approversOf(requestIds),
      reviews: await repo.reviewsOf(rows.map((r) => r.transaction.id)),
    };
  }

  async function waitingRow(transactionId: string) {
    const row = await coldSigningRepository(db).find(transactionId);
    if (!row) throw new AppError('404');
    if (row.transaction.status !== 'BUILT') throw new AppError('4112', { status: row.transaction.status });
    return row;
  }

  const audited =
    (
      auth: AuthContext,
      row: WaitingColdRow,
      action: Extract<AuditActionName, `COLD_${string}`>,
      after: Record<string, unknown>,
    ) =>
    (tx: Db) =>
      recordAudit(
        tx,
        actorOf(auth),
        {
          action,
          organizationId: row.transaction.organizationId,
          objectType: 'chain_transaction',
          objectId: row.transaction.id,
          after: { requestId: row.transaction.requestId, walletId: row.wallet.id, ...after },
        },
        clock(),
      );

  return {
    async queue(auth: AuthContext) {
      allow(auth);
      const repo = coldSigningRepository(db);
      const rows = await repo.waiting();
      const { approvers, reviews } = await related(rows);
      const keys = await deps.walletKeys.waiting(auth);
      const transactionTotal = await repo.waitingCount();
      return {
        items: rows.map((row) => itemOf(auth, row, approvers, reviews)),
        total: transactionTotal + keys.total,
        transactionTotal,
        walletKeys: keys.items,
      };
    },

    /** The waiting transaction and its sign request's QR parts; showing it is audited. */
    async request(auth: AuthContext, transactionId: string) {
      allow(auth);
      const row = await waitingRow(transactionId);
      const { approvers, reviews } = await related([row]);
      const unsigned = unsignedOf(row);
      const parts = toQrParts(coldSignRequest(unsigned, targetOf(row)));
      await transaction(db, audited(auth, row, 'COLD_SIGN_REQUEST_SHOWN', { parts: parts.length }));
      return { ...itemOf(auth, row, approvers, reviews), requestType: SIGN_REQUEST_TYPES[unsigned.family], parts };
    },

    /**
     * A signing operator confirms the transaction after checking it: where the wallet requires two signing operators,
     * the signature is handed in only by another one.
     */
    async confirm(auth: AuthContext, transactionId: string) {
      allow(auth);
      const row = await waitingRow(transactionId);
      await transaction(db, async (tx) => {
        await coldSigningRepository(tx).addReview(transactionId, auth.accountId, clock());
        await audited(auth, row, 'COLD_SIGN_REQUEST_CONFIRMED', {})(tx);
      });
      const reviews = await coldSigningRepository(db).reviewsOf([transactionId]);
      return { transactionId, confirmedBy: (reviews.get(transactionId) ?? []).map((r) => r.name) };
    },

    /** The signer's answer: verified, then SIGNED with the request back to PROCESSING, in one transaction. */
    async submit(auth: AuthContext, transactionId: string, parts: string[]) {
      allow(auth);
      const row = await waitingRow(transactionId);
      if (row.wallet.coldSignersRequired === 2) {
        const reviews = (await coldSigningRepository(db).reviewsOf([transactionId])).get(transactionId) ?? [];
        if (!reviews.some((r) => r.operatorId !== auth.accountId)) throw new AppError('4115');
      }
      const unsigned = unsignedOf(row);
      const answer = collectParts(parts, [SIGNATURE_TYPES[unsigned.family]]);
      let signed: Awaited<ReturnType<typeof acceptColdSignature>>;
      try {
        signed = await acceptColdSignature(unsigned, targetOf(row), answer);
      } catch (error) {
        if (!(error instanceof ColdQrError)) throw error;
        if (!(error instanceof ColdSignatureRefused)) throw new AppError(error.code, { reason: error.reason });
        // A signature over anything but this transaction, by anything but this wallet's key: refused and kept.
        log.warn({ transactionId, reason: error.refusal, operatorId: auth.accountId }, 'cold signature refused');
        await transaction(db, audited(auth, row, 'COLD_SIGNATURE_REFUSED', { reason: error.refusal }));
        throw new AppError(error.code, { reason: error.refusal });
      }
      return transaction(db, async (tx) => {
        const marked = await coldSigningRepository(tx).markSigned(transactionId, signed.raw, signed.hash);
        if (!marked) throw new AppError('4112');
        if (row.transaction.requestId) {
          const { organizationId, requestId } = row.transaction;
          await requestProgress(tx, organizationId, requestId, 'PROCESSING', clock());
        }
        await audited(auth, row, 'COLD_SIGNATURE_ACCEPTED', { hash: signed.hash })(tx);
        return { transactionId, status: 'SIGNED' as const, hash: signed.hash };
      });
    },
  };
}
