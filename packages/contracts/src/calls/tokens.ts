import { z } from 'zod';
import { Blockchain, ChainFamily, ChainNetwork } from '../blockchains.js';
import { OkAnswer, tagged } from '../call.js';
import { definePagedListCall } from '../paging.js';
import { TokenId, TokenInfo } from '../tokens.js';
import { searchSchema } from '../validation.js';

/** The supported blockchains and tokens, and the tokens each organization registers. */

const tokensCall = tagged('tokens');

// ── Supports ──────────────────────────────────────────────────────────────────────────────────────
export const SupportedBlockchain = z.object({
  blockchain: Blockchain,
  family: ChainFamily,
  network: ChainNetwork,
  /** English label with the testnet prefix for test networks. */
  label: z.string(),
  labelKo: z.string(),
  nativeToken: TokenInfo,
  /**
   * Where its transactions go: `rpc` a configured node of the network, `devnet` the local devnet (never in
   * production), `unavailable` nowhere (production without a node: wallets there cannot move money).
   */
  runtime: z.enum(['rpc', 'devnet', 'unavailable']),
});

export const supportedBlockchainsCall = tokensCall({
  id: 'supportsBlockchains',
  method: 'GET',
  path: '/api/v1/organizations/supports/supported-blockchains',
  summary: 'The blockchains wallets can be created on, with their labels and native coins',
  access: 'member',
  response: z.object({ items: z.array(SupportedBlockchain) }),
});

/** A supported token as one organization sees it: `registered: false` is exactly what it can still add. */
export const SupportedToken = TokenInfo.extend({
  /** The organization has added it; a native coin always counts as registered (adding either is a 4033). */
  registered: z.boolean(),
});
export type SupportedToken = z.infer<typeof SupportedToken>;

export const supportedTokensCall = tokensCall({
  id: 'supportsTokens',
  method: 'GET',
  path: '/api/v1/organizations/supports/tokens',
  summary:
    "The supported tokens (native coin and curated fungible tokens), of one blockchain or all, each saying whether the caller's organization has registered it",
  access: 'member',
  query: z.object({ blockchain: Blockchain.optional() }),
  response: z.object({ items: z.array(SupportedToken) }),
});

// ── Organization tokens ───────────────────────────────────────────────────────────────────────────
export const OrganizationToken = TokenInfo.extend({
  id: z.uuid(),
  addedAt: z.iso.datetime(),
  addedBy: z.object({ id: z.uuid(), userName: z.string() }).nullable(),
});
export type OrganizationToken = z.infer<typeof OrganizationToken>;

export const tokenAddCall = tokensCall({
  id: 'organizationTokenAdd',
  method: 'POST',
  path: '/api/v1/organizations/tokens/add',
  summary: 'Register a supported token for the organization (4033 when it is already registered)',
  access: 'WALLETS_CREATION',
  errors: ['4033'],
  body: z.strictObject({ tokenId: TokenId }),
  response: OrganizationToken,
});
export const tokenGetCall = tokensCall({
  id: 'organizationTokenGet',
  method: 'GET',
  path: '/api/v1/organizations/tokens/{organizationTokenId}',
  summary: 'One registered token',
  access: 'member',
  errors: ['404'],
  params: z.object({ organizationTokenId: z.uuid() }),
  response: OrganizationToken,
});
export const tokenListCall = definePagedListCall({
  id: 'organizationTokenList',
  path: '/api/v1/organizations/tokens/list',
  tag: 'tokens',
  summary: "The organization's registered tokens (native coins are always supported and not listed)",
  access: 'member',
  sortFields: ['addedAt', 'symbol', 'blockchain'],
  filters: z.strictObject({
    blockchain: z.array(Blockchain).max(26).optional(),
    search: searchSchema,
  }),
  item: OrganizationToken,
});
export const tokenRemoveCall = tokensCall({
  id: 'organizationTokenRemove',
  method: 'DELETE',
  path: '/api/v1/organizations/tokens/remove',
  summary: 'Remove a registered token (balances and history stay)',
  access: 'WALLETS_CREATION',
  errors: ['404'],
  body: z.strictObject({ organizationTokenId: z.uuid() }),
  response: OkAnswer,
});
