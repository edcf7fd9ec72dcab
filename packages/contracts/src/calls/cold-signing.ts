import { z } from 'zod';
import { Blockchain } from '../blockchains.js';
import { EmptyBody, tagged } from '../call.js';

// The provider's signing queue: transactions of cold wallets that the customer's approval line approved and the
// engine built, waiting for an air-gapped signer. Operators with the signing role read what the signer must check
// and the request's animated QR parts, and bring the signed parts back.

const BASE = '/api/v1/operations/signing-queue';
const signingCall = tagged('operator');

/** One transaction waiting for its cold signature, with everything the signer checks before signing. */
export const ColdSigningItem = z.object({
  transactionId: z.uuid(),
  organizationId: z.uuid(),
  organizationName: z.string(),
  walletId: z.uuid(),
  walletName: z.string(),
  blockchain: Blockchain,
  fromAddress: z.string(),
  toAddress: z.string(),
  tokenId: z.string(),
  /** Base units, decimal. */
  amount: z.string(),
  /** The most the transaction may cost in the native coin, base units. */
  fee: z.string(),
  /** What it does for its request: withdrawal, stake… (the engine's purpose of the transaction). */
  purpose: z.string(),
  requestId: z.uuid().nullable(),
  /** The travel-rule verdict of an exchange destination (APPROVED), or null when no exchange was asked. */
  travelRule: z.string().nullable(),
  /** Who approved the request in the organization's line, in order. */
  approvedBy: z.array(z.string()),
  /** Signing operators the wallet requires: with 2, one confirms and another hands in the signature. */
  signersRequired: z.number().int().min(1).max(2),
  /** The signing operators who confirmed the transaction so far, by name. */
  confirmedBy: z.array(z.string()),
  /** Whether the caller confirmed it already (and so may not also hand in its signature where two are required). */
  confirmedByMe: z.boolean(),
  /**
   * How long the signature may take. A Solana transaction built on a recent blockhash lands only up to this block
   * height, an EOS-type one only until `expiresAt`; past it the engine builds the transaction again and an answer for
   * this one is refused (4112). Both null: no deadline (EVM, bitcoin-type, Solana on a durable nonce).
   */
  validUntilHeight: z.string().regex(/^\d+$/).nullable(),
  expiresAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type ColdSigningItem = z.infer<typeof ColdSigningItem>;

const transactionParams = z.object({ transactionId: z.uuid() });

export const coldSigningQueueCall = signingCall({
  id: 'coldSigningQueueList',
  method: 'GET',
  path: BASE,
  summary: 'Cold-wallet transactions waiting for a signature, oldest first',
  access: 'operator',
  response: z.object({ items: z.array(ColdSigningItem), total: z.number().int() }),
});

export const coldSigningRequestCall = signingCall({
  id: 'coldSigningRequestGet',
  method: 'GET',
  path: `${BASE}/{transactionId}`,
  summary: 'One waiting transaction and its sign request as animated QR parts',
  access: 'operator',
  errors: ['404'],
  params: transactionParams,
  response: ColdSigningItem.extend({
    /** The Uniform Resource type of the request (crypto-psbt, eth-sign-request…). */
    requestType: z.string(),
    /** The request's parts, `ur:<type>/<n>-<m>/…`, shown one after another as an animated QR code. */
    parts: z.array(z.string()),
  }),
});

export const coldSigningReviewCall = signingCall({
  id: 'coldSigningReview',
  method: 'POST',
  path: `${BASE}/{transactionId}/confirm`,
  summary: 'Confirm a waiting transaction after checking it (the first of two signing operators)',
  access: 'operator',
  errors: ['404', '4112'],
  params: transactionParams,
  body: EmptyBody,
  response: z.object({ transactionId: z.uuid(), confirmedBy: z.array(z.string()) }),
});

export const coldSigningSubmitCall = signingCall({
  id: 'coldSigningSignatureSubmit',
  method: 'POST',
  path: `${BASE}/{transactionId}/signature`,
  summary: "Hand in the signer's answer (its QR parts, in any order); verified before anything is sent",
  access: 'operator',
  // Gone or already signed (404, 4112); a wallet of two signing operators without another's confirmation (4115); the answer: unreadable (40000), incomplete (40001), another type, request or
  // transaction, or a signature that does not verify (40002).
  errors: ['404', '4112', '4115', '40000', '40001', '40002'],
  params: transactionParams,
  body: z.strictObject({ parts: z.array(z.string().trim().min(1).max(2000)).min(1).max(400) }),
  response: z.object({ transactionId: z.uuid(), status: z.literal('SIGNED'), hash: z.string() }),
});

/**
 * `GET /api/v1/operations/events`: the signing operators' live stream (text/event-stream). `event: signing` says the
 * queue may have changed (a transfer of a cold wallet came to wait for its signature, or left the queue); it carries
 * nothing, so the console reads the queue again through the call that checks access.
 */
export const OPERATOR_EVENTS_PATH = '/api/v1/operations/events';
export const SigningNotice = z.object({ kind: z.literal('signing') });
export type SigningNotice = z.infer<typeof SigningNotice>;
