import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CallResponse,
  ClaimCreateBody,
  RequestView,
  StakeCreateBody,
  UnstakeCreateBody,
} from '@vaultline/contracts';
import { callApi, lazyCall } from '../../lib/api-client';
import type { ApiError } from '../../lib/error-reader';
import { APPROVALS_QUERY, ASSETS_QUERY } from '../../lib/query-keys';
import type * as Calls from './calls';

// Each call's definition (and its schemas) arrives with the first call: the screen draws without zod (calls.ts).
const calls = () => import('./calls');
const claimRequestCreateCall = lazyCall(calls, 'claimRequestCreateCall');
const stakeRequestCreateCall = lazyCall(calls, 'stakeRequestCreateCall');
const stakingOverviewCall = lazyCall(calls, 'stakingOverviewCall');
const stakingProtocolsCall = lazyCall(calls, 'stakingProtocolsCall');
const stakingValidatorCall = lazyCall(calls, 'stakingValidatorCall');
const stakingValidatorsCall = lazyCall(calls, 'stakingValidatorsCall');
const stakingWalletCall = lazyCall(calls, 'stakingWalletCall');
const stakingWalletsCall = lazyCall(calls, 'stakingWalletsCall');
const unstakeRequestCreateCall = lazyCall(calls, 'unstakeRequestCreateCall');

/**
 * Staking's queries live under the assets' key: a stake, an unstake or a claim changes balances, and every live
 * activity or request change that refreshes the balances refreshes the staking screens with them.
 */
export const STAKING_QUERY = [...ASSETS_QUERY, 'staking'] as const;

export type StakingWalletDetail = CallResponse<typeof Calls.stakingWalletCall>;
export type StakingValidatorDetail = CallResponse<typeof Calls.stakingValidatorCall>;

/**
 * Rewards accrue, bonding and unbonding end by the clock, not by an event: the figures on screen are read again
 * while a position is waiting for one of those (every 10 s), and every minute otherwise.
 */
const WAITING_STATES = new Set(['BONDING', 'UNBONDING']);
const REFRESH_MS = 60_000;
const WAITING_REFRESH_MS = 10_000;

export function useStakingOverview() {
  return useQuery<CallResponse<typeof Calls.stakingOverviewCall>, ApiError>({
    queryKey: [...STAKING_QUERY, 'overview'],
    queryFn: ({ signal }) => callApi(stakingOverviewCall, { query: {}, signal }),
    refetchInterval: REFRESH_MS,
  });
}

/** The protocols' terms: minimums, fees, bonding, unbonding and periods. They change rarely. */
export function useStakingProtocols() {
  return useQuery<CallResponse<typeof Calls.stakingProtocolsCall>, ApiError>({
    queryKey: [...STAKING_QUERY, 'protocols'],
    queryFn: ({ signal }) => callApi(stakingProtocolsCall, { query: {}, signal }),
    staleTime: 5 * 60_000,
  });
}

export function useStakingValidators() {
  return useQuery<CallResponse<typeof Calls.stakingValidatorsCall>, ApiError>({
    queryKey: [...STAKING_QUERY, 'validators'],
    queryFn: ({ signal }) => callApi(stakingValidatorsCall, { query: {}, signal }),
  });
}

export function useStakingValidator(validatorId: string | null) {
  return useQuery<StakingValidatorDetail, ApiError>({
    queryKey: [...STAKING_QUERY, 'validator', validatorId],
    queryFn: ({ signal }) =>
      callApi(stakingValidatorCall, { params: { validatorId: validatorId ?? '' }, query: {}, signal }),
    enabled: !!validatorId,
  });
}

export function useStakingWallets() {
  return useQuery<CallResponse<typeof Calls.stakingWalletsCall>, ApiError>({
    queryKey: [...STAKING_QUERY, 'wallets'],
    queryFn: ({ signal }) => callApi(stakingWalletsCall, { query: {}, signal }),
  });
}

/** One wallet's positions, claimable amounts per validator and the most a stake may carry now. */
export function useStakingWallet(walletId: string | null) {
  return useQuery<StakingWalletDetail, ApiError>({
    queryKey: [...STAKING_QUERY, 'wallet', walletId],
    queryFn: ({ signal }) => callApi(stakingWalletCall, { params: { walletId: walletId ?? '' }, query: {}, signal }),
    enabled: !!walletId,
    refetchInterval: (query) =>
      query.state.data?.positions.some((p) => WAITING_STATES.has(p.state)) ? WAITING_REFRESH_MS : REFRESH_MS,
  });
}

/** A request made: it appears among the approvals, and the balances and staking figures are read again. */
function useRequestMutation<Body>(name: string, send: (body: Body) => Promise<RequestView>) {
  const queryClient = useQueryClient();
  return useMutation<RequestView, ApiError, Body>({
    mutationKey: ['staking', name],
    mutationFn: send,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: APPROVALS_QUERY });
      void queryClient.invalidateQueries({ queryKey: ASSETS_QUERY });
    },
  });
}

export function useCreateStake() {
  return useRequestMutation<StakeCreateBody>('stake', (body) => callApi(stakeRequestCreateCall, { body }));
}

export function useCreateUnstake() {
  return useRequestMutation<UnstakeCreateBody>('unstake', (body) => callApi(unstakeRequestCreateCall, { body }));
}

export function useCreateClaim() {
  return useRequestMutation<ClaimCreateBody>('claim', (body) => callApi(claimRequestCreateCall, { body }));
}
