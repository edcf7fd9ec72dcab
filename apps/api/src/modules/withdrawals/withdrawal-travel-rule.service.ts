// The travel rule at execution: before a withdrawal to an exchange (a VASP-type address-book entry) is built, the
// exchange is asked about this transfer (asset, amount, destination, with the IVMS101 record of originator and
// beneficiary the address book's verification sends). The engine sends the inquiry (engine/withdrawal.ts); this
// module builds it and stores the verdict in the request's result, once, so a retried job never asks again and never
// builds after a refusal.
import {
  type Blockchain,
  type ReceiverType,
  type RequestContentOf,
  rejectionCode,
  type TravelRuleFailure,
  type TrpInquiry,
} from '@vaultline/contracts';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { type Db, transaction } from '../../db/client.js';
import { addressBookEntries, organizations, requests, vasps } from '../../db/schema/index.js';
import { decryptAtRest } from '../../security/at-rest.js';
import { VASP_SECRET_CONTEXT } from '../../security/trp-signature.js';
import { unsealReceiver } from '../address-books/receiver.js';
import { inquiryDraft } from '../address-books/travel-rule.service.js';
import { completeInquiry } from '../address-books/travel-rule-outbox.service.js';

type Content = RequestContentOf<'WITHDRAWAL'>;

/** The counterparty's verdict on one transfer, as the request's result keeps it (`travelRule`). */
export type TransferVerdict =
  | { verdict: 'APPROVED'; counterparty: string; at: string }
  | { verdict: 'REJECTED' | 'UNREACHABLE'; code: TravelRuleFailure; counterparty: string; at: string; reason: string };

/** What the engine sends: the inquiry, where, under which shared key (null: none on file, so it cannot ask). */
export interface TransferInquiry {
  counterparty: string;
  endpoint: string;
  key: { keyId: string; secret: string } | null;
  inquiry: TrpInquiry;
}

/** What a send came back with (engine/travel-rule/trp-client.ts TrpSendResult), as far as the verdict goes. */
export type TransferAnswer =
  | { kind: 'approved'; address: string }
  | { kind: 'rejected'; reason: string }
  | { kind: 'retry'; failure: { reason: string } };

const sameAddress = (a: string, b: string) => (a.startsWith('0x') ? a.toLowerCase() === b.toLowerCase() : a === b);

/** The verdict of an answer: approved only for the address asked about; no answer at all is UNREACHABLE (5108). */
export function verdictOf(
  ask: TransferInquiry,
  destination: string,
  answer: TransferAnswer,
  at: Date,
): TransferVerdict {
  const base = { counterparty: ask.counterparty, at: at.toISOString() };
  if (answer.kind === 'approved') {
    if (sameAddress(answer.address, destination)) return { verdict: 'APPROVED', ...base };
    return { verdict: 'REJECTED', code: '5102', reason: 'approved-another-address', ...base };
  }
  if (answer.kind === 'rejected') {
    return { verdict: 'REJECTED', code: rejectionCode(answer.reason), reason: answer.reason, ...base };
  }
  return { verdict: 'UNREACHABLE', code: '5108', reason: answer.failure.reason, ...base };
}

export function withdrawalTravelRule(db: Db, config: Pick<Config, 'masterKey' | 'appBaseUrl' | 'travelRuleVaspName'>) {
  return {
    /**
     * The inquiry about this transfer when its destination is an exchange entry; null for a self-managed one. The
     * entry is read as it is now, deleted or not: the transfer goes to the address the request holds.
     */
    async inquiryFor(organizationId: string, requestId: string, content: Content): Promise<TransferInquiry | null> {
      const [entry] = await db
        .select()
        .from(addressBookEntries)
        .where(
          and(eq(addressBookEntries.id, content.addressBookId), eq(addressBookEntries.organizationId, organizationId)),
        );
      if (entry?.walletType !== 'VASP' || !entry.vaspId) return null;
      const [vasp] = await db.select().from(vasps).where(eq(vasps.id, entry.vaspId));
      const [organization] = await db
        .select({ id: organizations.id, name: organizations.name })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      if (!vasp || !organization) throw new Error(`travel rule: no VASP or organization for request ${requestId}`);
      const draft = inquiryDraft(
        {
          organizationId,
          addressBookId: entry.id,
          vaspId: vasp.id,
          blockchain: content.blockchain as Blockchain,
          tokenId: content.tokenId,
          address: content.toAddress,
          memo: content.memo ?? null,
          receiverType: entry.receiverType as ReceiverType,
          receiver: unsealReceiver(entry.receiverEnc, config.masterKey),
          requestedBy: entry.createdBy ?? '',
        },
        organization,
      );
      const inquiry = completeInquiry(draft, {
        ourVaspName: config.travelRuleVaspName,
        theirVaspName: vasp.name,
        callback: `${config.appBaseUrl}/api/v1/travel-rule/callbacks/${requestId}`,
      });
      return {
        counterparty: vasp.name,
        endpoint: vasp.endpoint,
        key:
          vasp.keyId && vasp.secretEnc
            ? { keyId: vasp.keyId, secret: decryptAtRest(vasp.secretEnc, config.masterKey, VASP_SECRET_CONTEXT) }
            : null,
        // TRP's amount: the asset's smallest unit, as an integer string.
        inquiry: { ...inquiry, amount: content.amount },
      };
    },

    /**
     * Stores `verdict` on the EXECUTING request unless one is stored already, under the request's lock; the verdict
     * in force (the first one stored), or null when the request is no longer executing (canceled meanwhile).
     */
    async record(organizationId: string, requestId: string, verdict: TransferVerdict): Promise<TransferVerdict | null> {
      return transaction(db, async (tx) => {
        const [row] = await tx
          .select({ status: requests.status, result: requests.result })
          .from(requests)
          .where(and(eq(requests.id, requestId), eq(requests.organizationId, organizationId)))
          .for('update');
        if (row?.status !== 'EXECUTING') return null;
        const stored = row.result?.travelRule as TransferVerdict | undefined;
        if (stored) return stored;
        await tx
          .update(requests)
          .set({ result: { ...row.result, travelRule: verdict } })
          .where(eq(requests.id, requestId));
        return verdict;
      });
    },
  };
}
