// What the address book asks of the travel rule (open an inquiry, is one pending), and the one way the travel rule
// changes an entry (applyAnswer). The engine sends the inquiries (travel-rule-outbox.service.ts).
import {
  BLOCKCHAIN_INFO,
  type Blockchain,
  type ReceiverInput,
  type ReceiverType,
  tokenById,
} from '@vaultline/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { addressBookEntries, travelRuleInquiries as inquiries, organizations, vasps } from '../../db/schema/index.js';
import { decryptAtRest, encryptAtRest } from '../../security/at-rest.js';
import { beneficiaryPerson, inquiryMessage, originatorPerson } from './travel-rule-ivms101.js';

/** What an outgoing inquiry is about: one exchange entry of the address book, its receiver as entered. */
export interface InquirySubject {
  organizationId: string;
  addressBookId: string;
  vaspId: string;
  blockchain: Blockchain;
  tokenId: string;
  address: string;
  memo: string | null;
  receiverType: ReceiverType;
  receiver: ReceiverInput;
  requestedBy: string;
}

export interface TravelRuleInquiries {
  /**
   * Opens a PENDING outgoing inquiry due now, in the caller's transaction `tx` (the entry's insert or re-verify);
   * the engine sends it. Returns its id.
   */
  open(subject: InquirySubject): Promise<string>;
  /** Whether the entry has an inquiry still PENDING (a second verification then answers 4021). */
  pendingFor(addressBookId: string): Promise<boolean>;
}

/**
 * The payloads hold the receiver's personal data (and, incoming, the other VASP's customer's), which is sealed at
 * rest like the entry's own copy: the jsonb column holds `{ sealed }`, never the plain record.
 */
export const INQUIRY_PAYLOAD_CONTEXT = 'travel_rule_inquiries.payload';

export function sealPayload(value: unknown, masterKey: string): { sealed: string } {
  return { sealed: encryptAtRest(JSON.stringify(value), masterKey, INQUIRY_PAYLOAD_CONTEXT) };
}

export function openPayload(stored: unknown, masterKey: string): unknown {
  const sealed = (stored as { sealed?: unknown } | null)?.sealed;
  if (typeof sealed !== 'string') return null;
  return JSON.parse(decryptAtRest(sealed, masterKey, INQUIRY_PAYLOAD_CONTEXT));
}

/**
 * What `open` stores as the request: the TRP inquiry without what only the sender knows at sending time (its own
 * VASP identity and callback), which the engine adds before it signs and sends.
 */
export interface InquiryDraft {
  asset: { network: string; symbol: string };
  IVMS101: Record<string, unknown>;
  extensions?: {
    legalPerson?: { dateOfRegistration?: string; representative?: Record<string, unknown> };
    memo?: string;
  };
}

export function inquiryDraft(subject: InquirySubject, organization: { id: string; name: string }): InquiryDraft {
  const { receiver } = subject;
  const symbol = tokenById(subject.tokenId)?.symbol ?? BLOCKCHAIN_INFO[subject.blockchain].nativeSymbol;
  const message = inquiryMessage({
    originator: originatorPerson(organization),
    beneficiary: beneficiaryPerson(subject.receiverType, receiver),
    address: subject.address,
  });
  const representative =
    receiver.representativeNameKo || receiver.representativeNameEn
      ? beneficiaryPerson('INDIVIDUAL', {
          nameKo: receiver.representativeNameKo ?? receiver.representativeNameEn!,
          nameEn: receiver.representativeNameEn ?? receiver.representativeNameKo!,
        }).naturalPerson
      : undefined;
  const legalPerson =
    subject.receiverType === 'CORPORATION'
      ? {
          ...(receiver.incorporationDate ? { dateOfRegistration: receiver.incorporationDate } : {}),
          ...(representative ? { representative: representative as unknown as Record<string, unknown> } : {}),
        }
      : undefined;
  const extensions = {
    ...(legalPerson && Object.keys(legalPerson).length > 0 ? { legalPerson } : {}),
    ...(subject.memo ? { memo: subject.memo } : {}),
  };
  return {
    asset: { network: subject.blockchain, symbol },
    IVMS101: message as unknown as Record<string, unknown>,
    ...(Object.keys(extensions).length > 0 ? { extensions } : {}),
  };
}

export function travelRuleInquiries(tx: Db, masterKey: string): TravelRuleInquiries {
  return {
    async open(subject) {
      const [organization] = await tx
        .select({ id: organizations.id, name: organizations.name })
        .from(organizations)
        .where(eq(organizations.id, subject.organizationId));
      const [vasp] = await tx.select({ name: vasps.name }).from(vasps).where(eq(vasps.id, subject.vaspId));
      if (!organization || !vasp) throw new Error('travel-rule inquiry for an unknown organization or VASP');
      const [row] = await tx
        .insert(inquiries)
        .values({
          organizationId: subject.organizationId,
          direction: 'OUTGOING',
          addressBookId: subject.addressBookId,
          vaspId: subject.vaspId,
          counterparty: vasp.name,
          blockchain: subject.blockchain,
          address: subject.address,
          status: 'PENDING',
          // The database's clock, as the engine's due query compares with it.
          nextAttemptAt: sql`now()`,
          requestPayload: sealPayload(inquiryDraft(subject, organization), masterKey),
          requestedBy: subject.requestedBy,
        })
        .returning({ id: inquiries.id });
      return row!.id;
    },
    async pendingFor(addressBookId) {
      const [row] = await tx
        .select({ id: inquiries.id })
        .from(inquiries)
        .where(and(eq(inquiries.addressBookId, addressBookId), eq(inquiries.status, 'PENDING')))
        .limit(1);
      return !!row;
    },
  };
}

/**
 * The travel rule's verdict on an entry, in the caller's transaction (the inquiry's own update): REGISTERED when
 * approved, FAILED when rejected or given up. Only a VERIFYING entry changes: one deleted meanwhile stays deleted.
 */
export async function applyAnswer(tx: Db, addressBookId: string, state: 'REGISTERED' | 'FAILED', now: Date) {
  await tx
    .update(addressBookEntries)
    .set({ state, updatedAt: now })
    .where(and(eq(addressBookEntries.id, addressBookId), eq(addressBookEntries.state, 'VERIFYING')));
}
