import { z } from 'zod';
import { Blockchain, ChainFamily } from '../blockchains.js';
import { defineDecisionCalls, EmptyBody, OkAnswer, tagged } from '../call.js';
import { WalletMemberRole } from '../enums.js';
import { CURSOR_ANSWER, CURSOR_BODY, definePagedListCall } from '../paging.js';
import { eosAccountNameSchema, searchSchema, textSchema } from '../validation.js';
import { CancelBody, DecisionBody, REQUEST_DECISION_ERRORS, RequestView } from './approvals.js';

export const WALLET_NAME_MAX = 50;

/** The wallet-name rule: 1 to 50 letters, digits, spaces and - _ . ; the server answers 1 (characters) or 2 (length). */
export function walletNameProblem(name: string): '1' | '2' | null {
  const trimmed = name.trim();
  if ([...trimmed].length > WALLET_NAME_MAX) return '2';
  if (!/^[\p{L}\p{N} _.-]+$/u.test(trimmed)) return '1';
  return null;
}

const walletsCall = tagged('wallets');
const familyParams = z.object({ family: ChainFamily, organizationId: z.uuid() });
const requestParams = familyParams.extend({ requestId: z.uuid() });
const WC = '/api/v1/organizations/wallet-creation/{family}/{organizationId}/wallet-creation-request';

export const walletCreationCreateCall = walletsCall({
  id: 'walletCreationRequestCreate',
  method: 'POST',
  path: `${WC}/create`,
  summary: 'Request a wallet; it is created once the organization approval line approves it',
  access: 'WALLETS_CREATION',
  errors: ['404', '1', '2', '4006', '4109', '9'],
  params: familyParams,
  body: z.strictObject({
    blockchain: Blockchain,
    name: textSchema,
    /** EOS-type only: the 12-character account, chosen by hand; omitted, one is drawn at random. */
    accountName: eosAccountNameSchema.optional(),
  }),
  response: RequestView,
});
export const {
  approve: walletCreationApproveCall,
  reject: walletCreationRejectCall,
  cancel: walletCreationCancelCall,
} = defineDecisionCalls({
  idPrefix: 'walletCreationRequest',
  base: `${WC}/{requestId}`,
  tag: 'wallets',
  subject: 'a wallet creation request',
  access: 'member',
  params: requestParams,
  decisionBody: DecisionBody,
  cancelBody: CancelBody,
  response: RequestView,
  errors: REQUEST_DECISION_ERRORS,
});

export const validateAccountNameCall = walletsCall({
  id: 'walletEosAccountNameValidate',
  method: 'GET',
  path: '/api/v1/organizations/wallet-creation/eosio/{organizationId}/validate-account-name',
  summary: 'Whether an EOS-type account name is well formed and free',
  access: 'member',
  errors: ['404'],
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
  /** HOT: the custody engine signs; COLD: an air-gapped signer of the provider signs (the signing queue). */
  custody: z.enum(['HOT', 'COLD']),
  myRole: WalletMemberRole.nullable(),
  memberCount: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type Wallet = z.infer<typeof Wallet>;

export const walletListCall = definePagedListCall({
  id: 'walletList',
  path: '/api/v1/organizations/wallets',
  tag: 'wallets',
  summary: 'Wallets the caller may see: all with WALLETS_VIEW, else the ones they are a member of',
  access: 'member',
  sortFields: ['name', 'createdAt', 'blockchain'],
  filters: z.strictObject({
    blockchain: z.array(Blockchain).max(26).optional(),
    search: searchSchema,
  }),
  item: Wallet,
  bodyExtras: CURSOR_BODY,
  answerExtras: { partial: z.boolean(), ...CURSOR_ANSWER },
});
export const walletGetCall = walletsCall({
  id: 'walletGet',
  method: 'GET',
  path: '/api/v1/organizations/wallets/{walletId}',
  summary: 'One wallet',
  access: 'member',
  errors: ['404'],
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
export const walletMemberListCall = definePagedListCall({
  id: 'walletMemberList',
  path: W,
  tag: 'wallets',
  summary: "A wallet's members",
  access: 'member',
  errors: ['404'],
  params: walletParams,
  sortFields: ['createdAt'],
  filters: z.strictObject({}),
  item: WalletMember,
});
export const walletMemberAddCall = walletsCall({
  id: 'walletMemberAdd',
  method: 'POST',
  path: `${W}/add`,
  summary: 'Add a member (wallet managers)',
  access: 'member',
  errors: ['404', '4024', '4103'],
  params: walletParams,
  body: z.strictObject({ memberId: z.uuid(), role: WalletMemberRole }),
  response: WalletMember,
});
export const walletMemberGetCall = walletsCall({
  id: 'walletMemberGet',
  method: 'POST',
  path: `${W}/{walletMemberId}`,
  summary: 'One wallet member',
  access: 'member',
  errors: ['404'],
  params: walletParams.extend({ walletMemberId: z.uuid() }),
  body: EmptyBody,
  response: WalletMember,
});
export const walletMemberUpdateCall = walletsCall({
  id: 'walletMemberUpdatePermissions',
  method: 'POST',
  path: `${W}/update-permissions`,
  summary: "Change a wallet member's role (wallet managers)",
  access: 'member',
  errors: ['404', '4101'],
  params: walletParams,
  body: z.strictObject({ walletMemberId: z.uuid(), role: WalletMemberRole }),
  response: WalletMember,
});
export const walletMemberRemoveCall = walletsCall({
  id: 'walletMemberRemove',
  method: 'DELETE',
  path: `${W}/remove`,
  summary: 'Remove a member from a wallet (wallet managers)',
  access: 'member',
  errors: ['404', '4012', '4101'],
  params: walletParams,
  body: z.strictObject({ walletMemberId: z.uuid() }),
  response: OkAnswer,
});
