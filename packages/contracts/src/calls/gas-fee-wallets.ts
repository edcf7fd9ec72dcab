import { z } from 'zod';
import { Blockchain } from '../blockchains.js';
import { tagged } from '../call.js';

/**
 * The organization's gas-fee wallets: one per network it has wallets on, held by the custody provider to pay network
 * costs for it (EOS-type account creation). No member withdraws from them; members who see every wallet see these.
 */
export const GasFeeWallet = z.object({
  blockchain: Blockchain,
  address: z.string(),
  /** Native coin, as a decimal string in whole coins. */
  balance: z.string(),
  symbol: z.string(),
  /** Below this balance (same unit) the wallet is low. */
  lowWaterMark: z.string(),
  low: z.boolean(),
  /** Warning 10 in the caller's language while low, else null. */
  warning: z.object({ code: z.literal('10'), message: z.string() }).nullable(),
});
export type GasFeeWallet = z.infer<typeof GasFeeWallet>;

export const gasFeeWalletListCall = tagged('wallets')({
  id: 'gasFeeWalletList',
  method: 'GET',
  path: '/api/v1/organizations/gas-fee-wallets',
  summary:
    "The organization's gas-fee wallet of each network it has wallets on, with its balance and low-balance warning",
  access: 'WALLETS_VIEW',
  response: z.object({ items: z.array(GasFeeWallet) }),
});
