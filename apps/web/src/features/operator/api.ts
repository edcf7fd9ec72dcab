import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AmlStatus,
  Blockchain,
  CallBodyInput,
  CallResponse,
  DevnetTransaction,
  Workflow,
  WorkflowType,
} from '@vaultline/contracts';
import { callApi, lazyCall } from '../../lib/api-client';
import type { ApiError } from '../../lib/error-reader';
import { pickListBody, sortBy, usePagedQuery, useRefreshingMutation } from '../../lib/queries';
import { useWithSecrets } from '../../lib/secrets';
import type * as Calls from './calls';

// Each call's definition (and its schemas) arrives with the first call: the screen draws without zod (calls.ts).
const calls = () => import('./calls');
const amlStatusListCall = lazyCall(calls, 'amlStatusListCall');
const devnetDepositCall = lazyCall(calls, 'devnetDepositCall');
const devnetStatusCall = lazyCall(calls, 'devnetStatusCall');
const operatorOrganizationGetCall = lazyCall(calls, 'operatorOrganizationGetCall');
const operatorOrganizationListCall = lazyCall(calls, 'operatorOrganizationListCall');
const ownerInvitationResendCall = lazyCall(calls, 'ownerInvitationResendCall');
const updateAmlStatusWorkflowCreateCall = lazyCall(calls, 'updateAmlStatusWorkflowCreateCall');
const updateCustodyFeeWorkflowCreateCall = lazyCall(calls, 'updateCustodyFeeWorkflowCreateCall');
const updateCustodyPolicyWorkflowCreateCall = lazyCall(calls, 'updateCustodyPolicyWorkflowCreateCall');
const updateDetailWorkflowCreateCall = lazyCall(calls, 'updateDetailWorkflowCreateCall');
const workflowListCall = lazyCall(calls, 'workflowListCall');

/** Every query of the console starts with this key, so one decision refreshes them all. */
export const OPERATOR_QUERY = ['operator'] as const;
export const CONSOLE_PAGE_SIZE = 10;

export const WORKFLOW_STATUS_FILTERS = ['IN_PROGRESS', 'APPROVED', 'REJECTED', 'CANCELED', 'ALL'] as const;
export type WorkflowStatusFilter = (typeof WORKFLOW_STATUS_FILTERS)[number];
/** An organization as the console lists it. */
export type OperatedOrganization = CallResponse<typeof Calls.operatorOrganizationListCall>['items'][number];

export function useOperatorOrganizations(page: number, search: string, amlStatus: AmlStatus[]) {
  return usePagedQuery([...OPERATOR_QUERY, 'organizations', page, search, amlStatus], operatorOrganizationListCall, {
    page,
    size: CONSOLE_PAGE_SIZE,
    sort: sortBy('createdAt', 'DESC'),
    filters: {
      ...(search ? { search } : {}),
      ...(amlStatus.length > 0 ? { amlStatus } : {}),
    },
  });
}

/** Organizations to pick from (a filter): the first 100 by name, which the server allows at most. */
export function useOrganizationChoices(enabled: boolean) {
  return useQuery({
    queryKey: [...OPERATOR_QUERY, 'organization-choices'],
    queryFn: ({ signal }) => callApi(operatorOrganizationListCall, { body: pickListBody('name', 'ASC'), signal }),
    enabled,
  });
}

export function useOperatorOrganization(organizationId: string | null) {
  return useQuery({
    queryKey: [...OPERATOR_QUERY, 'organization', organizationId],
    queryFn: ({ signal }) =>
      callApi(operatorOrganizationGetCall, { params: { organizationId: organizationId ?? '' }, body: {}, signal }),
    enabled: Boolean(organizationId),
  });
}

export function useWorkflows(page: number, status: WorkflowStatusFilter) {
  return usePagedQuery([...OPERATOR_QUERY, 'workflows', page, status], workflowListCall, {
    page,
    size: CONSOLE_PAGE_SIZE,
    sort: sortBy('createdAt', 'DESC'),
    filters: status === 'ALL' ? {} : { status: [status] },
  });
}

/** How many workflows wait for a decision (the tab's badge). */
export function usePendingWorkflowCount() {
  return useQuery({
    queryKey: [...OPERATOR_QUERY, 'workflows', 'pending-count'],
    queryFn: ({ signal }) =>
      callApi(workflowListCall, { body: { page: 1, size: 1, filters: { status: ['IN_PROGRESS'] } }, signal }),
    select: (answer) => answer.total,
  });
}

export function useAmlHistory(page: number) {
  return usePagedQuery([...OPERATOR_QUERY, 'aml', page], amlStatusListCall, {
    page,
    size: CONSOLE_PAGE_SIZE,
    sort: sortBy('changedAt', 'DESC'),
  });
}

/** A change of the console: every console query is read again once it succeeds. */
function useConsoleMutation<T, V>(key: string, send: (variables: V) => Promise<T>) {
  return useRefreshingMutation(OPERATOR_QUERY, key, send);
}

export type OrganizationDraft = {
  name: string;
  businessRegistrationNumber: string;
  representativeName: string;
  custodyFeeBps: number;
};

export function useCreateOrganization() {
  return useConsoleMutation('create-organization', (body: OrganizationDraft) =>
    callApi(() => calls().then((m) => m.organizationCreationWorkflow.create!), { body }),
  );
}

export function useInviteOwner() {
  return useConsoleMutation('invite-owner', (body: { organizationId: string; email: string }) =>
    callApi(() => calls().then((m) => m.ownerInvitationWorkflow.create!), { body }),
  );
}

export function useProposeColdWallet() {
  return useConsoleMutation(
    'propose-cold-wallet',
    (body: {
      organizationId: string;
      walletName: string;
      blockchain: Blockchain;
      accountParts: string[];
      signersRequired: 1 | 2;
    }) => callApi(() => calls().then((m) => m.coldWalletImportWorkflow.create!), { body }),
  );
}

export function useResendOwnerInvitation() {
  return useConsoleMutation('resend-owner', (organizationId: string) =>
    callApi(ownerInvitationResendCall, { params: { organizationId }, body: {} }),
  );
}

export function useProposeDetails() {
  return useConsoleMutation(
    'propose-details',
    (body: { organizationId: string } & Partial<Omit<OrganizationDraft, 'custodyFeeBps'>>) =>
      callApi(updateDetailWorkflowCreateCall, { body }),
  );
}

export function useProposeCustodyFee() {
  return useConsoleMutation('propose-fee', (body: { organizationId: string; custodyFeeBps: number }) =>
    callApi(updateCustodyFeeWorkflowCreateCall, { body }),
  );
}

export function useProposeCustodyPolicy() {
  return useConsoleMutation(
    'propose-custody',
    (body: { organizationId: string; newWalletCustody: 'HOT' | 'COLD'; coldSignersRequired: 1 | 2 }) =>
      callApi(updateCustodyPolicyWorkflowCreateCall, { body }),
  );
}

export function useProposeAmlStatus() {
  return useConsoleMutation('propose-aml', (body: { organizationId: string; amlStatus: AmlStatus; reason: string }) =>
    callApi(updateAmlStatusWorkflowCreateCall, { body }),
  );
}

export type WorkflowAction = 'approve' | 'reject' | 'cancel';

/** Each workflow type is decided through the calls of its family (fetched with the first decision). */
async function callsOf(type: WorkflowType) {
  const m = await calls();
  if (type === 'ORGANIZATION_CREATION') return m.organizationCreationWorkflow;
  if (type === 'OWNER_INVITATION') return m.ownerInvitationWorkflow;
  if (type === 'COLD_WALLET_IMPORT') return m.coldWalletImportWorkflow;
  return m.organizationUpdateWorkflow;
}

export function useDecideWorkflow() {
  const withSecrets = useWithSecrets();
  return useConsoleMutation(
    'decide',
    ({
      workflow,
      action,
      memo,
      otpCode,
    }: {
      workflow: Workflow;
      action: WorkflowAction;
      memo: string;
      otpCode: string;
    }) => {
      const family = callsOf(workflow.type);
      const params = { workflowId: workflow.id };
      const memoPart = memo.trim() ? { memo: memo.trim() } : {};
      if (action === 'cancel') return callApi(() => family.then((f) => f.cancel), { params, body: memoPart });
      // Approving and rejecting carry the operator's fresh code, encrypted like every secret.
      return withSecrets(async (encrypt) =>
        callApi(() => family.then((f) => f[action]), {
          params,
          body: { ...memoPart, otpCode: await encrypt(otpCode) },
        }),
      );
    },
  );
}

/** The local devnet's heights and latest transactions; absent (404) in production, so never retried. */
export function useDevnetStatus(follow = false) {
  return useQuery<CallResponse<typeof Calls.devnetStatusCall>, ApiError>({
    queryKey: [...OPERATOR_QUERY, 'devnet'],
    queryFn: ({ signal }) => callApi(devnetStatusCall, { signal }),
    retry: false,
    // The panel follows the blocks while it answers; nobody asks again once it is known to be absent.
    refetchInterval: (query) =>
      follow && query.state.status !== 'error' ? Math.max(1_000, query.state.data?.blockMs ?? 2_000) : false,
  });
}

export function useDevnetDeposit() {
  const queryClient = useQueryClient();
  return useMutation<DevnetTransaction, ApiError, CallBodyInput<typeof Calls.devnetDepositCall>>({
    mutationKey: [...OPERATOR_QUERY, 'devnet-deposit'],
    mutationFn: (body) => callApi(devnetDepositCall, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...OPERATOR_QUERY, 'devnet'] }),
  });
}
