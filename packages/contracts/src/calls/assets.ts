import { z } from 'zod';
import { Blockchain } from '../blockchains.js';
import { EmptyBody, tagged } from '../call.js';
import { ActivityType, TransactionStatus, TransferType } from '../enums.js';
import { CursorAfter, definePagedListCall, NextCursor, pagedListBody, pagedResponse } from '../paging.js';
import { TokenId, TokenInfo } from '../tokens.js';

/** An amount in base units (satoshi, wei, lamports…): a non-negative integer as a decimal string. */
export const BaseUnits = z.string().regex(/^\d+$/);

/** A calendar date, read in Asia/Seoul (spec section 9). */
export const CalendarDate = z.iso.date('validation.date.invalid');

const assetsCall = tagged('assets');
const devnetCall = tagged('devnet');

const DAY_MS = 86_400_000;
/** A date range: from ≤ to, at most 366 days (the CSV export and the activity filter share it). */
function dateRangeOk(v: { dateFrom?: string | undefined; dateTo?: string | undefined }): boolean {
  if (!v.dateFrom || !v.dateTo) return true;
  const days = (Date.parse(v.dateTo) - Date.parse(v.dateFrom)) / DAY_MS;
  return days >= 0 && days <= 366;
}
const RANGE_ISSUE = { message: 'validation.date.range', path: ['dateTo'] };

// ── Balances ──────────────────────────────────────────────────────────────────────────────────────
/** Amounts in base units; withdrawable = total − staked − locked by withdrawals in progress. */
export const TokenBalance = TokenInfo.extend({
  total: BaseUnits,
  withdrawable: BaseUnits,
  staked: BaseUnits,
});
export type TokenBalance = z.infer<typeof TokenBalance>;

export const OrganizationTokenBalance = TokenBalance.extend({ walletCount: z.number().int() });
export type OrganizationTokenBalance = z.infer<typeof OrganizationTokenBalance>;

/**
 * Balances of tokens the organization holds but has not registered (a deposit nobody asked for): custody never
 * hides what it holds, so they are answered, but apart from the registered ones and never in their totals.
 * Only nonzero balances; native coins always count as registered.
 */
const UNREGISTERED =
  'Held tokens the organization has not registered: shown apart, never counted with the registered ones';

export const balancesOrganizationCall = assetsCall({
  id: 'balancesOrganization',
  method: 'POST',
  path: '/api/v1/balances/organizations',
  summary: 'Totals per token over the wallets the caller may see (`partial` when that is not all of them)',
  access: 'member',
  body: z.strictObject({
    blockchain: z.array(Blockchain).max(26).optional(),
    /** true: only tokens with a balance. */
    hasToken: z.boolean().optional(),
  }),
  response: z.object({
    /** Native coins and registered tokens. */
    items: z.array(OrganizationTokenBalance),
    unregistered: z.array(OrganizationTokenBalance).describe(UNREGISTERED),
    partial: z.boolean(),
  }),
});

export const WalletBalances = z.object({
  walletId: z.uuid(),
  name: z.string(),
  blockchain: Blockchain,
  address: z.string(),
  /** Its native coin and the organization's registered tokens of its chain. */
  balances: z.array(TokenBalance),
  unregistered: z.array(TokenBalance).describe(UNREGISTERED),
});
export type WalletBalances = z.infer<typeof WalletBalances>;

export const balancesWalletsCall = definePagedListCall({
  id: 'balancesOrganizationWallets',
  path: '/api/v1/balances/organizations/wallets',
  tag: 'assets',
  summary: 'Balances of each wallet the caller may see',
  access: 'member',
  sortFields: ['name', 'createdAt'],
  filters: z.strictObject({
    blockchain: z.array(Blockchain).max(26).optional(),
    tokenId: TokenId.optional(),
    walletId: z.array(z.uuid()).max(100).optional(),
    hasToken: z.boolean().optional(),
  }),
  item: WalletBalances,
  answerExtras: { partial: z.boolean() },
});

const walletParams = z.object({ walletId: z.uuid() });
export const walletBalancesCall = assetsCall({
  id: 'balancesWallet',
  method: 'GET',
  path: '/api/v1/balances/wallet/{walletId}',
  summary:
    "A wallet's balances: its native coin and the organization's tokens of its chain; held unregistered tokens apart",
  access: 'member',
  errors: ['404'],
  params: walletParams,
  query: z.object({ hasToken: z.enum(['true', 'false']).optional() }),
  response: WalletBalances,
});
export const walletTokenBalanceCall = assetsCall({
  id: 'balancesWalletToken',
  method: 'GET',
  path: '/api/v1/balances/wallet/{walletId}/token/{tokenId}',
  summary: "A wallet's balance of one token",
  access: 'member',
  errors: ['404'],
  params: walletParams.extend({ tokenId: TokenId }),
  response: TokenBalance.extend({ walletId: z.uuid() }),
});

// ── Asset activities ──────────────────────────────────────────────────────────────────────────────
export const AssetActivity = z.object({
  id: z.uuid(),
  walletId: z.uuid(),
  walletName: z.string(),
  blockchain: Blockchain,
  token: TokenInfo,
  activityType: ActivityType,
  transferType: TransferType,
  status: TransactionStatus,
  amount: BaseUnits,
  txHash: z.string(),
  fromAddress: z.string(),
  toAddress: z.string(),
  /** The other side: the sender of a deposit, the receiver of a withdrawal. */
  counterparty: z.string(),
  confirmations: z.number().int(),
  requiredConfirmations: z.number().int(),
  blockHeight: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
  confirmedAt: z.iso.datetime().nullable(),
});
export type AssetActivity = z.infer<typeof AssetActivity>;

/** Which activities: the list's filters and the CSV export's choices besides its dates. */
const activityChoices = {
  walletId: z.array(z.uuid()).max(100).optional(),
  blockchain: z.array(Blockchain).max(26).optional(),
  tokenId: z.array(TokenId).max(100).optional(),
  activityType: z.array(ActivityType).max(4).optional(),
  status: z.array(TransactionStatus).max(3).optional(),
};

export const ActivityFilters = z
  .strictObject({
    ...activityChoices,
    /** Calendar days in Asia/Seoul, both included. */
    dateFrom: CalendarDate.optional(),
    dateTo: CalendarDate.optional(),
  })
  .refine(dateRangeOk, RANGE_ISSUE);
export type ActivityFilters = z.infer<typeof ActivityFilters>;

export const activityListCall = assetsCall({
  id: 'assetActivityList',
  method: 'POST',
  path: '/api/v1/asset-activities/organizations',
  summary: 'Deposits, withdrawals, stakes and claims of the wallets the caller may see, newest first',
  access: 'member',
  // Keyset paging: deep in a million rows it costs what the first page does, where OFFSET reads every skipped row.
  body: pagedListBody(['createdAt'], ActivityFilters).extend({ after: CursorAfter }),
  response: pagedResponse(AssetActivity).extend({ partial: z.boolean(), nextCursor: NextCursor }),
});
export const activityGetCall = assetsCall({
  id: 'assetActivityGet',
  method: 'POST',
  path: '/api/v1/asset-activities/organizations/{assetActivityId}',
  summary: 'One asset activity with its hash, confirmations and counterparty',
  access: 'member',
  errors: ['404'],
  params: z.object({ assetActivityId: z.uuid() }),
  body: EmptyBody,
  response: AssetActivity,
});

// ── CSV export of asset activities (generated in the background) ─────────────────────────────────
export const ActivityExport = z.object({
  id: z.uuid(),
  status: z.enum(['RUNNING', 'READY', 'FAILED']),
  dateFrom: CalendarDate,
  dateTo: CalendarDate,
  timezone: z.string(),
  rowCount: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
});
export type ActivityExport = z.infer<typeof ActivityExport>;

export const activityExportCreateCall = assetsCall({
  id: 'assetActivityExportCreate',
  method: 'POST',
  path: '/api/v1/asset-activities/organizations/exports',
  summary: 'Start a CSV export of activities for a date range (4110 while the previous one is still running)',
  access: 'member',
  errors: ['4110'],
  body: z
    .strictObject({ dateFrom: CalendarDate, dateTo: CalendarDate, ...activityChoices })
    .refine(dateRangeOk, RANGE_ISSUE),
  response: ActivityExport,
  successStatus: 202,
});
const exportParams = z.object({ exportId: z.uuid() });
export const activityExportGetCall = assetsCall({
  id: 'assetActivityExportGet',
  method: 'GET',
  path: '/api/v1/asset-activities/organizations/exports/{exportId}',
  summary: "One of the caller's CSV exports",
  access: 'member',
  errors: ['404'],
  params: exportParams,
  response: ActivityExport,
});
/** Answers text/csv (UTF-8 with BOM) once the export is READY. */
export const activityExportFileCall = assetsCall({
  id: 'assetActivityExportFile',
  method: 'GET',
  path: '/api/v1/asset-activities/organizations/exports/{exportId}/file',
  summary: 'The CSV file of a finished export',
  access: 'member',
  errors: ['404', '4110'],
  params: exportParams,
  response: z.string(),
});

// ── Local devnet (outside production; operators) ──────────────────────────────────────────────────
export const DevnetTransaction = z.object({
  hash: z.string(),
  blockchain: Blockchain,
  tokenId: z.string(),
  fromAddress: z.string(),
  toAddress: z.string(),
  amount: BaseUnits,
  /** null while in the mempool. */
  blockHeight: z.number().int().nullable(),
  willFail: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type DevnetTransaction = z.infer<typeof DevnetTransaction>;

export const DevnetDepositBody = z.strictObject({
  blockchain: Blockchain,
  toAddress: z.string().trim().min(1).max(128),
  /** In token units ('1.5'); at most the token's decimals. */
  amount: z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, 'validation.amount.notNumeric'),
  /** The token's symbol on that blockchain; the native coin when omitted. */
  token: z.string().trim().max(16).optional(),
  /** The transaction is mined but fails (a reverted transfer): the deposit ends FAILED. */
  fail: z.boolean().optional(),
});

export const devnetDepositCall = devnetCall({
  id: 'devnetDeposit',
  method: 'POST',
  path: '/api/v1/operations/devnet/deposits',
  summary: 'Send a deposit on the local devnet (not in production)',
  access: 'operator',
  body: DevnetDepositBody,
  response: DevnetTransaction,
});
export const devnetStatusCall = devnetCall({
  id: 'devnetStatus',
  method: 'GET',
  path: '/api/v1/operations/devnet',
  summary: 'Heights of the devnet chains and its latest transactions (not in production)',
  access: 'operator',
  response: z.object({
    blockMs: z.number().int(),
    confirmations: z.number().int(),
    chains: z.array(z.object({ blockchain: Blockchain, height: z.number().int() })),
    transactions: z.array(DevnetTransaction),
  }),
});

// ── Live notices (server-sent events) ─────────────────────────────────────────────────────────────
/** `GET /api/v1/events` streams these as `event: activity` to the members of the activity's wallet. */
export const ActivityNotice = z.object({ kind: z.literal('activity'), activity: AssetActivity });
export type ActivityNotice = z.infer<typeof ActivityNotice>;
/**
 * `event: request` on the same stream: a request the member may see changed (created, decided, executing, ended).
 * It carries no content: the screens refetch what they show, through the calls that check access.
 */
export const RequestNotice = z.object({
  kind: z.literal('request'),
  id: z.uuid(),
  type: z.enum(['WALLET_CREATION', 'WITHDRAWAL', 'STAKING']),
  status: z.string(),
});
export type RequestNotice = z.infer<typeof RequestNotice>;
/** `event: notification`: a new in-app notification of the member's own (the bell's count and list refetch). */
export const NotificationNotice = z.object({
  kind: z.literal('notification'),
  id: z.uuid(),
  notificationKind: z.string(),
});
export type NotificationNotice = z.infer<typeof NotificationNotice>;
export const EVENTS_PATH = '/api/v1/events';
