import { z } from 'zod';
import { Blockchain } from '../blockchains.js';
import { EmptyBody, tagged } from '../call.js';
import { eosAccountNameSchema } from '../validation.js';

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

/**
 * A wallet creation of an organization whose policy keeps new wallets cold: approved by its line, it waits for the
 * account key of the provider's air-gapped signer (the signer's next account on the network), imported here.
 */
export const ColdWalletKeyItem = z.object({
  requestId: z.uuid(),
  organizationId: z.uuid(),
  organizationName: z.string(),
  walletName: z.string(),
  blockchain: Blockchain,
  /** EOS-type networks: the account the key is to control, named in the request. */
  accountName: eosAccountNameSchema.nullable(),
  /** Who asked for the wallet, and who approved it in the organization's line, in order. */
  requestedBy: z.string(),
  approvedBy: z.array(z.string()),
  /** Signing operators each of the wallet's transactions will need (the organization's policy when approved). */
  signersRequired: z.number().int().min(1).max(2),
  /** The signer's next unused account index on the network: the wallets it holds already there, cold, counted. */
  suggestedAccount: z.number().int().min(0),
  /** Since when it waits as it is: its line's approval, or the key proposed for it. */
  waitingSince: z.iso.datetime(),
  /**
   * Under a two-signer policy: the key one signing operator imported, waiting for another to compare its address with
   * the signer's own screen and confirm it. Null until then (and always under a one-signer policy).
   */
  proposal: z
    .object({
      address: z.string(),
      derivationPath: z.string(),
      masterFingerprint: z.string(),
      proposedBy: z.string(),
      proposedByMe: z.boolean(),
      proposedAt: z.iso.datetime(),
    })
    .nullable(),
});
export type ColdWalletKeyItem = z.infer<typeof ColdWalletKeyItem>;

const transactionParams = z.object({ transactionId: z.uuid() });

export const coldSigningQueueCall = signingCall({
  id: 'coldSigningQueueList',
  method: 'GET',
  path: BASE,
  summary: 'Cold-wallet transactions waiting for a signature, and wallet creations waiting for a key, oldest first',
  access: 'operator',
  response: z.object({
    items: z.array(ColdSigningItem),
    /** Waiting transactions and wallet keys together: what the console's header counts. */
    total: z.number().int(),
    /** Of them, the transactions waiting for a signature. */
    transactionTotal: z.number().int(),
    walletKeys: z.array(ColdWalletKeyItem),
  }),
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

const keyParams = z.object({ requestId: z.uuid() });
/**
 * What a key import or confirmation made: the wallet (COMPLETE), or, under a two-signer policy, a key proposed for
 * another signing operator to confirm (PROPOSED, no wallet yet).
 */
const KeyOutcome = z.object({
  requestId: z.uuid(),
  status: z.enum(['COMPLETE', 'PROPOSED']),
  walletId: z.uuid().nullable(),
  address: z.string(),
  derivationPath: z.string(),
  masterFingerprint: z.string(),
});

export const coldWalletKeyImportCall = signingCall({
  id: 'coldWalletKeyImport',
  method: 'POST',
  path: `${BASE}/wallet-keys/{requestId}/import`,
  summary: "Import the account key (crypto-hdkey QR parts) that makes a waiting wallet creation's cold wallet",
  access: 'operator',
  // Gone or no longer waiting (404, 4112); the parts: unreadable (40000), incomplete (40001), a key of another kind
  // or network (40002); the address already a wallet's (4109) or the name taken meanwhile (4006); on an EOS-type
  // network with a real node, an account the node does not know or not the key's alone (4000), no answer (503).
  errors: ['404', '4112', '40000', '40001', '40002', '4109', '4006', '4000', '503'],
  params: keyParams,
  body: z.strictObject({ accountParts: z.array(z.string().trim().min(1).max(2000)).min(1).max(400) }),
  response: KeyOutcome,
});

export const coldWalletKeyConfirmCall = signingCall({
  id: 'coldWalletKeyConfirm',
  method: 'POST',
  path: `${BASE}/wallet-keys/{requestId}/confirm`,
  summary: 'Confirm the key another signing operator imported (two-signer policy): the cold wallet is made from it',
  access: 'operator',
  // Gone or no longer waiting, or no key proposed (404, 4112); one's own proposal (4115); the address taken or the
  // name taken meanwhile (4109, 4006); on an EOS-type network with a real node, the account's keys (4000, 503).
  errors: ['404', '4112', '4115', '4109', '4006', '4000', '503'],
  params: keyParams,
  body: EmptyBody,
  response: KeyOutcome,
});

export const coldWalletKeyDeclineCall = signingCall({
  id: 'coldWalletKeyDecline',
  method: 'POST',
  path: `${BASE}/wallet-keys/{requestId}/decline`,
  summary: 'Decline a waiting wallet creation: the request fails (4116) and its initiator is told',
  access: 'operator',
  errors: ['404', '4112'],
  params: keyParams,
  body: z.strictObject({ reason: z.string().trim().min(1).max(255) }),
  response: z.object({ requestId: z.uuid(), status: z.literal('FAILED') }),
});

/**
 * `GET /api/v1/operations/events`: the signing operators' live stream (text/event-stream). `event: signing` says the
 * queue may have changed (a transfer of a cold wallet came to wait for its signature, or left the queue); it carries
 * nothing, so the console reads the queue again through the call that checks access.
 */
export const OPERATOR_EVENTS_PATH = '/api/v1/operations/events';
export const SigningNotice = z.object({ kind: z.literal('signing') });
export type SigningNotice = z.infer<typeof SigningNotice>;
