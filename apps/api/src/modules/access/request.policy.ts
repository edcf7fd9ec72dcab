import { type Actor, walletScope } from './wallet.policy.js';

export interface RequestFacts {
  initiatorId: string;
  walletId: string | null;
  /** Who stands at each step of the request's frozen line. */
  steps: readonly { eligible: readonly string[] }[];
}

/**
 * Who sees a request: everyone who sees every wallet; otherwise its initiator, whoever stands in its line, and the
 * members of the wallet it acts on (`myWalletIds`: the actor's wallets).
 */
export function canSeeRequest(actor: Actor, request: RequestFacts, myWalletIds: ReadonlySet<string>): boolean {
  if (walletScope(actor) === null) return true;
  if (request.initiatorId === actor.accountId) return true;
  if (request.steps.some((s) => s.eligible.includes(actor.accountId))) return true;
  return request.walletId !== null && myWalletIds.has(request.walletId);
}
