// The engine's side of outgoing inquiries: take the due ones, and record what the beneficiary VASP answered, each
// record in one transaction with the entry it decides.
import { TRAVEL_RULE_APPROVAL_DAYS, type TravelRuleFailure, type TrpInquiry } from '@vaultline/contracts';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { type Db, transaction } from '../../db/client.js';
import { travelRuleInquiries as inquiries, vasps } from '../../db/schema/index.js';
import { decryptAtRest } from '../../security/at-rest.js';
import { VASP_SECRET_CONTEXT } from '../../security/trp-signature.js';
import { applyAnswer, type InquiryDraft, openPayload, sealPayload } from './travel-rule.service.js';
import { vaspPerson } from './travel-rule-ivms101.js';

const DAY_MS = 86_400_000;

/** A due inquiry, taken by one engine for the length of its lease. */
export interface ClaimedInquiry {
  id: string;
  addressBookId: string | null;
  vaspName: string;
  endpoint: string;
  /** null: the directory holds no shared key for the VASP, so it cannot be asked. */
  key: { keyId: string; secret: string } | null;
  /** Sends made so far, this one included. */
  attempts: number;
  createdAt: Date;
  draft: InquiryDraft;
}

/** The inquiry as sent: the draft with our VASP identity, theirs, and the callback. */
export function completeInquiry(
  draft: InquiryDraft,
  parts: { ourVaspName: string; theirVaspName: string; callback: string },
): TrpInquiry {
  return {
    ...draft,
    callback: parts.callback,
    IVMS101: {
      ...draft.IVMS101,
      originatingVASP: vaspPerson(parts.ourVaspName),
      beneficiaryVASP: vaspPerson(parts.theirVaspName),
    },
  };
}

export type InquiryOutcome =
  | { kind: 'approved'; answer: unknown }
  | { kind: 'rejected'; code: TravelRuleFailure; answer: unknown };

export function travelRuleOutbox(db: Db, masterKey: string) {
  return {
    /**
     * Takes up to `limit` PENDING outgoing inquiries due at `now`, counting the send about to be made and moving
     * them out of reach for `leaseMs` (the send's time limit and some): several engines share the work, and an
     * inquiry whose engine died is taken up again when its lease ends. Rows another engine is taking are skipped.
     */
    async claimDue(now: Date, limit: number, leaseMs: number): Promise<ClaimedInquiry[]> {
      const rows = await transaction(db, async (tx) => {
        const due = await tx
          .select({ id: inquiries.id })
          .from(inquiries)
          .where(
            and(
              eq(inquiries.status, 'PENDING'),
              eq(inquiries.direction, 'OUTGOING'),
              lte(inquiries.nextAttemptAt, now),
            ),
          )
          .orderBy(asc(inquiries.nextAttemptAt))
          .limit(limit)
          .for('update', { skipLocked: true });
        if (due.length === 0) return [];
        return tx
          .update(inquiries)
          .set({ attempts: sql`${inquiries.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + leaseMs) })
          .where(
            inArray(
              inquiries.id,
              due.map((d) => d.id),
            ),
          )
          .returning();
      });
      if (rows.length === 0) return [];
      const directory = await db
        .select()
        .from(vasps)
        .where(
          inArray(
            vasps.id,
            rows.flatMap((r) => (r.vaspId ? [r.vaspId] : [])),
          ),
        );
      return rows.map((row) => {
        const vasp = directory.find((v) => v.id === row.vaspId);
        return {
          id: row.id,
          addressBookId: row.addressBookId,
          vaspName: vasp?.name ?? row.counterparty,
          endpoint: vasp?.endpoint ?? '',
          key:
            vasp?.keyId && vasp.secretEnc
              ? { keyId: vasp.keyId, secret: decryptAtRest(vasp.secretEnc, masterKey, VASP_SECRET_CONTEXT) }
              : null,
          attempts: row.attempts,
          createdAt: row.createdAt,
          draft: openPayload(row.requestPayload, masterKey) as InquiryDraft,
        };
      });
    },

    /** The beneficiary VASP answered: the inquiry and its entry, in one transaction. */
    async recordOutcome(inquiry: ClaimedInquiry, sent: TrpInquiry, outcome: InquiryOutcome, now: Date) {
      await transaction(db, async (tx) => {
        const approved = outcome.kind === 'approved';
        const [updated] = await tx
          .update(inquiries)
          .set({
            status: approved ? 'APPROVED' : 'REJECTED',
            code: approved ? null : outcome.code,
            answeredAt: now,
            nextAttemptAt: null,
            expiresAt: approved ? new Date(now.getTime() + TRAVEL_RULE_APPROVAL_DAYS * DAY_MS) : null,
            requestPayload: sealPayload(sent, masterKey),
            responsePayload: sealPayload(outcome.answer, masterKey),
          })
          .where(and(eq(inquiries.id, inquiry.id), eq(inquiries.status, 'PENDING')))
          .returning({ id: inquiries.id });
        // Another engine already settled it (its lease ran out while this one waited): the first answer stands.
        if (!updated || !inquiry.addressBookId) return;
        await applyAnswer(tx, inquiry.addressBookId, approved ? 'REGISTERED' : 'FAILED', now);
      });
    },

    /** No usable answer (time-out, garbage, a server error): try again at `nextAttemptAt`; the entry stays. */
    async recordRetry(inquiry: ClaimedInquiry, failure: unknown, nextAttemptAt: Date) {
      await db
        .update(inquiries)
        .set({ nextAttemptAt, responsePayload: sealPayload(failure, masterKey) })
        .where(and(eq(inquiries.id, inquiry.id), eq(inquiries.status, 'PENDING')));
    },

    /** Out of time or attempts: ERROR with 5108, the entry FAILED (it can be verified again from its detail). */
    async recordGiveUp(inquiry: ClaimedInquiry, failure: unknown, now: Date) {
      await transaction(db, async (tx) => {
        const [updated] = await tx
          .update(inquiries)
          .set({
            status: 'ERROR',
            code: '5108',
            answeredAt: now,
            nextAttemptAt: null,
            responsePayload: sealPayload(failure, masterKey),
          })
          .where(and(eq(inquiries.id, inquiry.id), eq(inquiries.status, 'PENDING')))
          .returning({ id: inquiries.id });
        if (!updated || !inquiry.addressBookId) return;
        await applyAnswer(tx, inquiry.addressBookId, 'FAILED', now);
      });
    },
  };
}

export type TravelRuleOutbox = ReturnType<typeof travelRuleOutbox>;
