import { useMutation, useQuery } from '@tanstack/react-query';
import type { ActivityExport, ActivityFilters, AssetActivity } from '@vaultline/contracts';
import { callApi, lazyCall } from '../../lib/api-client';
import type { ApiError } from '../../lib/error-reader';
import { pickListBody, sortBy, usePagedQuery } from '../../lib/queries';
import { ASSETS_QUERY } from '../../lib/query-keys';

// Each call's definition (and its schemas) arrives with the first call: the screen draws without zod (calls.ts).
const calls = () => import('./calls');
const activityExportCreateCall = lazyCall(calls, 'activityExportCreateCall');
const activityExportGetCall = lazyCall(calls, 'activityExportGetCall');
const activityGetCall = lazyCall(calls, 'activityGetCall');
const activityListCall = lazyCall(calls, 'activityListCall');
const balancesOrganizationCall = lazyCall(calls, 'balancesOrganizationCall');
const balancesWalletsCall = lazyCall(calls, 'balancesWalletsCall');
const walletBalancesCall = lazyCall(calls, 'walletBalancesCall');

/** Every balance and activity query starts with this key: one live notice refreshes them all. */
export { ASSETS_QUERY };
export const BALANCES_QUERY = [...ASSETS_QUERY, 'balances'] as const;
export const ACTIVITIES_QUERY = [...ASSETS_QUERY, 'activities'] as const;
export const ACTIVITY_PAGE_SIZE = 20;

/** Totals per held token over the wallets the caller may see. */
export function useOrganizationBalances() {
  return useQuery({
    queryKey: [...BALANCES_QUERY, 'organization'],
    queryFn: ({ signal }) => callApi(balancesOrganizationCall, { body: { hasToken: true }, signal }),
  });
}

/** Each visible wallet's balance of one token (the allocation chart), the first 100 wallets. */
export function useTokenAllocation(tokenId: string | null) {
  return useQuery({
    queryKey: [...BALANCES_QUERY, 'wallets', tokenId],
    queryFn: ({ signal }) =>
      callApi(balancesWalletsCall, {
        body: pickListBody('name', 'ASC', { tokenId: tokenId ?? undefined, hasToken: true }),
        signal,
      }),
    enabled: !!tokenId,
  });
}

/** One wallet's balances: its native coin, the organization's tokens of its chain and anything it holds. */
export function useWalletBalances(walletId: string) {
  return useQuery({
    queryKey: [...BALANCES_QUERY, 'wallet', walletId],
    queryFn: ({ signal }) => callApi(walletBalancesCall, { params: { walletId }, signal }),
  });
}

/** Activities newest first; filters as the list call takes them (empty arrays are left out). */
export function useActivities(filters: ActivityFilters, page: number, size = ACTIVITY_PAGE_SIZE) {
  return usePagedQuery([...ACTIVITIES_QUERY, 'list', filters, page, size], activityListCall, {
    page,
    size,
    sort: sortBy('createdAt', 'DESC'),
    filters: compactFilters(filters),
  });
}

export function useActivity(activityId: string | null) {
  return useQuery<AssetActivity, ApiError>({
    queryKey: [...ACTIVITIES_QUERY, 'detail', activityId],
    queryFn: ({ signal }) =>
      callApi(activityGetCall, { params: { assetActivityId: activityId ?? '' }, body: {}, signal }),
    enabled: !!activityId,
  });
}

/** Drops unset filters, so the server never sees an empty array or an undefined date. */
export function compactFilters(filters: ActivityFilters): ActivityFilters {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[key] = value;
  }
  return out as ActivityFilters;
}

export interface ExportRange {
  dateFrom: string;
  dateTo: string;
}

export function useCreateExport() {
  return useMutation<ActivityExport, ApiError, ExportRange & Omit<ActivityFilters, 'dateFrom' | 'dateTo'>>({
    mutationKey: [...ASSETS_QUERY, 'export'],
    mutationFn: (body) => callApi(activityExportCreateCall, { body: compactFilters(body) as ExportRange }),
  });
}

/** Polls an export every 2 seconds until it is READY or FAILED. */
export function useExportStatus(exportId: string | null) {
  return useQuery<ActivityExport, ApiError>({
    queryKey: [...ASSETS_QUERY, 'export', exportId],
    queryFn: ({ signal }) => callApi(activityExportGetCall, { params: { exportId: exportId ?? '' }, signal }),
    enabled: !!exportId,
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 'RUNNING' ? false : 2_000),
  });
}

/** The visible wallets' names for the activity filter (the first 100 by name). */
export function useWalletChoices() {
  return useQuery({
    queryKey: [...BALANCES_QUERY, 'wallet-choices'],
    queryFn: ({ signal }) =>
      callApi(balancesWalletsCall, {
        body: { page: 1, size: 100, sort: [{ field: 'name', direction: 'ASC' }] },
        signal,
      }),
    select: (data) =>
      data.items.map((wallet) => ({ value: wallet.walletId, label: wallet.name, blockchain: wallet.blockchain })),
    staleTime: 60_000,
  });
}
