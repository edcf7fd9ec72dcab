import { z } from 'zod';
import { ChainFamily } from '../blockchains.js';
import { defineDecisionCalls, tagged } from '../call.js';
import { TokenId } from '../tokens.js';
import { memoSchema } from '../validation.js';
import { CancelBody, DecisionBody, RequestView } from './approvals.js';

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
});
