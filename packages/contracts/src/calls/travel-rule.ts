import { z } from 'zod';
import { tagged } from '../call.js';
import type { TravelRuleFailure } from './address-books.js';

/**
 * The travel-rule wire protocol between VASPs, modelled on the Travel Rule Protocol (TRP) of the OpenVASP
 * association: the originator VASP POSTs an inquiry (asset, optional amount, a callback and the IVMS101 record of
 * originator and beneficiary) to the beneficiary VASP's endpoint, with the `api-version` and `request-identifier`
 * headers; the beneficiary answers `{ approved: { address } }` or `{ rejected: reason }`. Vaultline uses it before
 * any transfer, to verify an address-book entry, so the amount is optional and the answer comes in the response body
 * (TRP's resolution, given at once rather than later on the callback).
 *
 * Authentication (TRP leaves it to the deployment; TLS alone proves only the server): every inquiry carries an
 * HMAC-SHA256 of its exact bytes under a secret the two VASPs exchanged when they registered each other, named by
 * a key id, with a timestamp that must be within TRP_SIGNATURE_WINDOW_SECONDS of the receiver's clock.
 */

export const TRP_API_VERSION = '3.2.1';

export const TRP_HEADERS = {
  apiVersion: 'api-version',
  requestIdentifier: 'request-identifier',
  /** Which shared secret signed the request (the sender as the receiver's directory knows it). */
  keyId: 'x-vasp-key-id',
  /** Unix seconds when it was signed. */
  timestamp: 'x-vasp-timestamp',
  /** hex HMAC-SHA256 over `${timestamp}.${requestIdentifier}.${body}`. */
  signature: 'x-vasp-signature',
} as const;

/** How far a signed request's timestamp may be from the receiver's clock. */
export const TRP_SIGNATURE_WINDOW_SECONDS = 300;

/** An approval holds this long; after it the entry must be verified again before a withdrawal uses it. */
export const TRAVEL_RULE_APPROVAL_DAYS = 30;

/**
 * Why a beneficiary VASP rejects, as the `rejected` reason string carries it (TRP leaves the reason free text; these
 * machine-readable reasons are what Vaultline and its counterparties agree on). Any other reason is undefined: 5108.
 */
export const TRP_REJECTION_REASONS = {
  UNSUPPORTED_ASSET: '5100',
  UNSUPPORTED_NETWORK: '5101',
  ADDRESS_NOT_FOUND: '5102',
  NAME_MISMATCH: '5103',
  DATE_OF_BIRTH_MISMATCH: '5104',
  COMPANY_NAME_MISMATCH: '5105',
  REPRESENTATIVE_MISMATCH: '5106',
  INCORPORATION_DATE_MISMATCH: '5107',
} as const satisfies Record<string, TravelRuleFailure>;
export type TrpRejectionReason = keyof typeof TRP_REJECTION_REASONS;

/** The code of a rejection reason: one of 5100-5107, else 5108 (undefined error). */
export function rejectionCode(reason: string): TravelRuleFailure {
  return (TRP_REJECTION_REASONS as Record<string, TravelRuleFailure>)[reason] ?? '5108';
}

const IsoDate = z.iso.date();

/** The receiver's legal-person facts IVMS101 has no field for, sent as a TRP extension. */
export const TrpLegalPersonExtension = z.object({
  /** The incorporation date (IVMS101 records no registration date for a legal person). */
  dateOfRegistration: IsoDate.optional(),
  /** The representative, as an IVMS101 natural person (names only). */
  representative: z.record(z.string(), z.unknown()).optional(),
});

export const TrpInquiry = z.object({
  /** The asset: its network and symbol as the product names them (ETHEREUM, USDT). */
  asset: z.object({ network: z.string().min(1).max(64), symbol: z.string().min(1).max(32) }),
  /** Absent for an address verification before any transfer. */
  amount: z.string().max(80).optional(),
  /** Where a later resolution or transfer notification would go (TRP requires one). */
  callback: z.string().max(2048),
  /** The IVMS101 (101.2023) record: originator, beneficiary (accountNumber: the address), originating VASP. */
  IVMS101: z.record(z.string(), z.unknown()),
  extensions: z
    .object({
      legalPerson: TrpLegalPersonExtension.optional(),
      /** The destination tag of chains that need one. */
      memo: z.string().max(256).optional(),
    })
    .optional(),
});
export type TrpInquiry = z.infer<typeof TrpInquiry>;

export const TrpApproved = z.object({
  approved: z.object({ address: z.string().min(1).max(256), callback: z.string().max(2048).optional() }),
});
export const TrpRejected = z.object({ rejected: z.string().min(1).max(256), message: z.string().max(1024).optional() });
export const TrpResolution = z.union([TrpApproved, TrpRejected]);
export type TrpResolution = z.infer<typeof TrpResolution>;

export const travelRuleInquiryCall = tagged('travel-rule')({
  id: 'travelRuleInquiry',
  method: 'POST',
  path: '/api/v1/travel-rule/inquiries',
  summary:
    "Another VASP's travel-rule inquiry about one of our organizations' wallets (TRP; signed with the VASP's shared key)",
  access: 'vasp',
  body: TrpInquiry,
  response: TrpResolution,
});
