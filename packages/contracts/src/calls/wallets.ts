import { z } from 'zod';
import { Blockchain, ChainFamily } from '../blockchains.js';
import { defineCall } from '../call.js';
import { WalletMemberRole } from '../enums.js';
import { pagedListBody, pagedResponse } from '../paging.js';
import { eosAccountNameSchema, searchSchema, textSchema } from '../validation.js';
import { CancelBody, DecisionBody, RequestView } from './approvals.js';

export const WALLET_NAME_MAX = 50;

/** The wallet-name rule: 1 to 50 letters, digits, spaces and - _ . ; the server answers 1 (characters) or 2 (length). */
export function walletNameProblem(name: string): '1' | '2' | null {
  const trimmed = name.trim();
  if ([...trimmed].length > WALLET_NAME_MAX) return '2';
  if (!/^[\p{L}\p{N} _.-]+$/u.test(trimmed)) return '1';
  return null;
}

const familyParams = z.object({ family: ChainFamily, organizationId: z.uuid() });
const requestParams = familyParams.extend({ requestId: z.uuid() });
const WC = '/api/v1/organizations/wallet-creation/{family}/{organizationId}/wallet-creation-request';

export const walletCreationCreateCall = defineCall({
  id: 'walletCreationRequestCreate',
  method: 'POST',
  path: `${WC}/create`,
  tag: 'wallets',
  summary: 'Request a wallet; it is created once the organization approval line approves it',
  access: 'WALLETS_CREATION',
  params: familyParams,
  body: z.strictObject({
    blockchain: Blockchain,
    name: textSchema,
    /** EOS-type only: the 12-character account, chosen by hand; omitted, one is drawn at random. */
    accountName: eosAccountNameSchema.optional(),
  }),
  response: RequestView,
});
const decisionCall = <B extends typeof DecisionBody | typeof CancelBody>(
  action: 'approve' | 'reject' | 'cancel',
  body: B,
) =>
  defineCall({
    id: `walletCreationRequest${action[0]!.toUpperCase()}${action.slice(1)}`,
    method: 'POST',
    path: `${WC}/{requestId}/${action}`,
    tag: 'wallets',
    summary: `${action} a wallet creation request`,
    access: 'member',
    params: requestParams,
    body,
    response: RequestView,
  });
export const walletCreationApproveCall = decisionCall('approve', DecisionBody);
export const walletCreationRejectCall = decisionCall('reject', DecisionBody);
export const walletCreationCancelCall = decisionCall('cancel', CancelBody);

export const validateAccountNameCall = defineCall({
  id: 'walletEosAccountNameValidate',
  method: 'GET',
  path: '/api/v1/organizations/wallet-creation/eosio/{organizationId}/validate-account-name',
  tag: 'wallets',
  summary: 'Whether an EOS-type account name is well formed and free',
  access: 'member',
  params: z.object({ organizationId: z.uuid() }),
  query: z.object({ accountName: z.string().max(64), blockchain: Blockchain }),
  response: z.object({ accountName: z.string(), valid: z.boolean(), available: z.boolean() }),
});

export const Wallet = z.object({
  id: z.uuid(),
  name: z.string(),
  blockchain: Blockchain,
  family: ChainFamily,
  address: z.string(),
  publicKey: z.string(),
  derivationPath: z.string(),
  myRole: WalletMemberRole.nullable(),
  memberCount: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type Wallet = z.infer<typeof Wallet>;

export const walletListCall = defineCall({
  id: 'walletList',
  method: 'POST',
  path: '/api/v1/organizations/wallets',
  tag: 'wallets',
  summary: 'Wallets the caller may see: all with WALLETS_VIEW, else the ones they are a member of',
  access: 'member',
  body: pagedListBody(
    ['name', 'createdAt', 'blockchain'],
    z.strictObject({
      blockchain: z.array(Blockchain).max(26).optional(),
      search: searchSchema,
    }),
  ),
  response: pagedResponse(Wallet).extend({ partial: z.boolean() }),
});
export const walletGetCall = defineCall({
  id: 'walletGet',
  method: 'GET',
  path: '/api/v1/organizations/wallets/{walletId}',
  tag: 'wallets',
  summary: 'One wallet',
  access: 'member',
  params: z.object({ walletId: z.uuid() }),
  response: Wallet,
});

export const WalletMember = z.object({
  id: z.uuid(),
  memberId: z.uuid(),
  email: z.string(),
  userName: z.string(),
  role: WalletMemberRole,
  createdAt: z.iso.datetime(),
});
const walletParams = z.object({ walletId: z.uuid() });
const W = '/api/v1/organizations/wallets/{walletId}/members';
export const walletMemberListCall = defineCall({
  id: 'walletMemberList',
  method: 'POST',
  path: W,
  tag: 'wallets',
  summary: "A wallet's members",
  access: 'member',
  params: walletParams,
  body: pagedListBody(['createdAt'], z.strictObject({})),
  response: pagedResponse(WalletMember),
});
export const walletMemberAddCall = defineCall({
  id: 'walletMemberAdd',
  method: 'POST',
  path: `${W}/add`,
  tag: 'wallets',
  summary: 'Add a member (wallet managers)',
  access: 'member',
  params: walletParams,
  body: z.strictObject({ memberId: z.uuid(), role: WalletMemberRole }),
  response: WalletMember,
});
export const walletMemberGetCall = defineCall({
  id: 'walletMemberGet',
  method: 'POST',
  path: `${W}/{walletMemberId}`,
  tag: 'wallets',
  summary: 'One wallet member',
  access: 'member',
  params: walletParams.extend({ walletMemberId: z.uuid() }),
  body: z.strictObject({}),
  response: WalletMember,
});
export const walletMemberUpdateCall = defineCall({
  id: 'walletMemberUpdatePermissions',
  method: 'POST',
  path: `${W}/update-permissions`,
  tag: 'wallets',
  summary: "Change a wallet member's role (wallet managers)",
  access: 'member',
  params: walletParams,
  body: z.strictObject({ walletMemberId: z.uuid(), role: WalletMemberRole }),
  response: WalletMember,
});
export const walletMemberRemoveCall = defineCall({
  id: 'walletMemberRemove',
  method: 'DELETE',
  path: `${W}/remove`,
  tag: 'wallets',
  summary: 'Remove a member from a wallet (wallet managers)',
  access: 'member',
  params: walletParams,
  body: z.strictObject({ walletMemberId: z.uuid() }),
  response: z.object({ ok: z.literal(true) }),
});
