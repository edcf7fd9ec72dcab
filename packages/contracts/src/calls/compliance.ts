import { z } from 'zod';
import { Blockchain } from '../blockchains.js';
import { tagged } from '../call.js';
import { LIMITS } from '../constants.js';
import { pagedResponse } from '../paging.js';
import { TravelRuleFailure, Vasp } from './address-books.js';

/**
 * Compliance: the travel-rule inquiries the organization made (and answered as a beneficiary VASP), and the check of
 * a destination address against the VASP directory and the sanctions list operators import.
 */

const complianceCall = tagged('compliance');

export const VaspRequest = z.object({
  id: z.uuid(),
  /** OUTGOING: we asked a beneficiary VASP; INCOMING: another VASP asked us about one of our wallets. */
  direction: z.enum(['OUTGOING', 'INCOMING']),
  addressBookId: z.uuid().nullable(),
  counterparty: z.string(),
  blockchain: Blockchain,
  address: z.string(),
  status: z.enum(['PENDING', 'APPROVED', 'REJECTED', 'ERROR']),
  code: TravelRuleFailure.nullable(),
  attempts: z.number().int(),
  requestedBy: z.object({ id: z.uuid(), userName: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
  answeredAt: z.iso.datetime().nullable(),
});
export type VaspRequest = z.infer<typeof VaspRequest>;

export const vaspRequestListCall = complianceCall({
  id: 'vaspRequestList',
  method: 'GET',
  path: '/api/v1/vasp/vasp-requests',
  summary: "The organization's travel-rule inquiries, both directions, newest first",
  access: 'member',
  query: z.object({
    page: z.coerce.number().int().min(1).default(1),
    size: z.coerce.number().int().min(1).max(LIMITS.PAGE_SIZE_MAX).default(LIMITS.PAGE_SIZE_DEFAULT),
    addressBookId: z.uuid().optional(),
  }),
  response: pagedResponse(VaspRequest),
});

export const SanctionsListing = z.object({
  /** The list it comes from, e.g. `OFAC SDN`. */
  list: z.string(),
  /** The listed party, as the list names it. */
  entity: z.string(),
  listedAt: z.string().nullable(),
});

export const addressVerificationCall = complianceCall({
  id: 'vaspAddressVerification',
  method: 'POST',
  path: '/api/v1/vasp/address-verification',
  summary: 'Which known VASP a destination address belongs to, and whether it is on a sanctions list',
  access: 'member',
  body: z.strictObject({ blockchain: Blockchain, address: z.string().trim().min(1).max(128) }),
  response: z.object({
    /** Whether the address is well formed on the network (a malformed one is never looked up further). */
    valid: z.boolean(),
    vasp: Vasp.nullable(),
    sanctioned: z.boolean(),
    listings: z.array(SanctionsListing),
  }),
});

/**
 * The sanctions list, imported by operators from the public sanctioned digital-currency-address format: CSV rows of
 * `address,chain,listing` (a header row; `chain` a product blockchain or a family such as `ETH`/`BTC`), replacing
 * the named list's earlier import in one transaction.
 */
export const sanctionsImportCall = complianceCall({
  id: 'operatorSanctionsImport',
  method: 'POST',
  path: '/api/v1/operator/compliance/sanctions',
  summary: 'Replace one sanctions list with a CSV of address, chain and listing',
  access: 'operator',
  body: z.strictObject({
    list: z.string().trim().min(1).max(64),
    csv: z.string().min(1).max(5_000_000),
  }),
  response: z.object({ list: z.string(), imported: z.number().int(), skipped: z.number().int() }),
});
