import { z } from 'zod';
import { ChainFamily } from '../blockchains.js';
import { defineDecisionCalls, tagged } from '../call.js';
import { TokenId } from '../tokens.js';
import { memoSchema } from '../validation.js';
import { CancelBody, DecisionBody, REQUEST_DECISION_ERRORS, RequestView } from './approvals.js';

// The spec's withdrawal calls carry the request in the body, not the path: one definition per action, with the
// chain family as the `{family}` segment (btc, evm, eosio, sol), as wallet creation does.
const withdrawalsCall = tagged('withdrawals');
const familyParams = z.object({ family: ChainFamily });
const WR = '/api/v1/organizations/withdrawals/{family}/withdrawal-request';

export const WithdrawalCreateBody = z.strictObject({
  walletId: z.uuid(),
  tokenId: TokenId,
  addressBookId: z.uuid(),
  /** A decimal string in the token's units ('0.25'); checked against the token's decimals on the server. */
  amount: z.string().max(100),
  /** EOS-type destinations (an exchange's deposit memo); defaults to the address-book entry's memo. */
  memo: memoSchema,
});
export type WithdrawalCreateBody = z.infer<typeof WithdrawalCreateBody>;

export const withdrawalCreateCall = withdrawalsCall({
  id: 'withdrawalRequestCreate',
  method: 'POST',
  path: `${WR}/create`,
  summary: "Request a withdrawal to a registered address-book entry; it runs once the wallet's approval line approves",
  access: 'member',
  errors: ['404', '4', '4032'],
  params: familyParams,
  body: WithdrawalCreateBody,
  response: RequestView,
});

const withRequest = { requestId: z.uuid() };
export const {
  approve: withdrawalApproveCall,
  reject: withdrawalRejectCall,
  cancel: withdrawalCancelCall,
} = defineDecisionCalls({
  idPrefix: 'withdrawalRequest',
  base: WR,
  tag: 'withdrawals',
  subject: 'a withdrawal request',
  access: 'member',
  params: familyParams,
  decisionBody: DecisionBody.extend(withRequest),
  cancelBody: CancelBody.extend(withRequest),
  response: RequestView,
  // A cancel while executing finds the transfer already final or sent (4112).
  errors: { ...REQUEST_DECISION_ERRORS, cancel: [...REQUEST_DECISION_ERRORS.cancel, '4112'] },
});

export const WithdrawalPreviewBody = z.strictObject({ walletId: z.uuid(), tokenId: TokenId });
export type WithdrawalPreviewBody = z.infer<typeof WithdrawalPreviewBody>;

/** Decimal strings in the token's units ('0.25'), as the form shows and types them. */
const Decimal = z.string();

/**
 * What the withdraw form shows before submitting: what can leave the wallet, the fee held for it, and who will have
 * to approve (the wallet's line resolved to people for the caller, a dry run of the policy that creation applies).
 */
export const WithdrawalPreview = z.object({
  walletId: z.uuid(),
  token: z.object({ tokenId: TokenId, symbol: z.string(), decimals: z.number().int() }),
  /** The smallest amount one transaction carries (a bitcoin-type output under the dust limit is not relayed). */
  minimum: Decimal,
  /** Confirmed balance, what pending withdrawals hold, what is staked, and what is left to withdraw. */
  balance: Decimal,
  locked: Decimal,
  staked: Decimal,
  withdrawable: Decimal,
  /** The most this withdrawal can carry: the withdrawable amount less the fee reserve when the fee is paid in it. */
  maxAmount: Decimal,
  fee: z.object({
    tokenId: TokenId,
    symbol: z.string(),
    /** Held from the native balance until the withdrawal settles; the fee actually paid is usually less. */
    reserve: Decimal,
    /** What one transfer would pay if sent now, quoted by the network's node; null when none answers. */
    estimate: Decimal.nullable(),
    /** The native coin still withdrawable, which must cover the reserve. */
    available: Decimal,
    covered: z.boolean(),
  }),
  /** EOS-type transfers carry a memo (an exchange's deposit tag); other families have none. */
  memoSupported: z.boolean(),
  approval: z.object({
    /** The caller may request a withdrawal from this wallet (stands at the creation step, or is exempt). */
    canRequest: z.boolean(),
    /** The owner and the wallet's managers skip the line: their withdrawal goes straight to execution. */
    exempt: z.boolean(),
    steps: z.array(
      z.object({
        step: z.number().int(),
        requiredApprovals: z.number().int(),
        approvers: z.array(z.object({ memberId: z.uuid(), email: z.string(), userName: z.string() })),
      }),
    ),
  }),
});
export type WithdrawalPreview = z.infer<typeof WithdrawalPreview>;

export const withdrawalPreviewCall = withdrawalsCall({
  id: 'withdrawalRequestPreview',
  method: 'POST',
  path: `${WR}/preview`,
  summary: 'Before requesting a withdrawal: the withdrawable amount, the fee held for it and who will have to approve',
  access: 'member',
  errors: ['404'],
  params: familyParams,
  body: WithdrawalPreviewBody,
  response: WithdrawalPreview,
});
