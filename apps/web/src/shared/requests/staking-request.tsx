import { Group, Stack, Text } from '@mantine/core';
import { nativeToken, type RequestView } from '@vaultline/contracts';
import { CopyValueButton, shortAddress } from '../../components/chain-ui';
import { formatTokenAmount } from '../../lib/amounts';
import { callApi, lazyCall } from '../../lib/api-client';
import { executionFacts, factText as text } from './request-execution';
import type { RenderContext, RequestFact, RequestOf, RequestPresentation, RequestRenderer } from './request-renderer';
import { walletRequestParts } from './wallet-request';

const calls = () => import('./calls');
const claimApproveCall = lazyCall(calls, 'claimApproveCall');
const claimCancelCall = lazyCall(calls, 'claimCancelCall');
const claimRejectCall = lazyCall(calls, 'claimRejectCall');
const stakeApproveCall = lazyCall(calls, 'stakeApproveCall');
const stakeCancelCall = lazyCall(calls, 'stakeCancelCall');
const stakeRejectCall = lazyCall(calls, 'stakeRejectCall');

type StakingKind = 'STAKING_STAKE' | 'STAKING_UNSTAKE' | 'STAKING_CLAIM';

/** '1,024 IP' of base units of the network's coin (staking moves only the native coin). */
function coin(request: RequestOf<StakingKind>, units: string): string {
  return formatTokenAmount(units, nativeToken(request.content.blockchain));
}

function validatorName(request: RequestOf<StakingKind>): string {
  return request.content.validatorName ?? shortAddress(request.content.validatorId, 8, 6);
}

/** The wallet, and the validator by its name (frozen in the request) over its key. */
function commonFacts(request: RequestOf<StakingKind>, { t }: RenderContext): RequestFact[] {
  const { validatorId } = request.content;
  return [
    { label: t('stakingRequests.wallet'), value: text(request.walletName ?? '—') },
    {
      label: t('stakingRequests.validator'),
      value: (
        <Stack gap={0} style={{ minWidth: 0 }} data-testid="staking-validator">
          {request.content.validatorName ? text(request.content.validatorName) : null}
          <Group gap={2} wrap="nowrap">
            <Text size="xs" ff="monospace" c="dimmed" truncate="end">
              {shortAddress(validatorId, 10, 8)}
            </Text>
            <CopyValueButton value={validatorId} label={t('stakingRequests.copyValidator')} />
          </Group>
        </Stack>
      ),
    },
  ];
}

/**
 * What every staking request shows around its own facts: network, wallet, validator; fee reserve; its transaction,
 * or for a claim why there is none.
 */
function present(
  request: RequestOf<StakingKind>,
  context: RenderContext,
  title: string,
  own: RequestFact[],
): RequestPresentation {
  const { t } = context;
  const parts = walletRequestParts(request, context);
  const facts = [...parts.facts, ...commonFacts(request, context), ...own];
  if (request.content.feeReserve) {
    facts.push({
      label: t('stakingRequests.feeReserve'),
      value: text(coin(request, request.content.feeReserve), 'staking-fee-reserve'),
    });
  }
  if (request.execution) facts.push(...executionFacts(request, request.execution, context, 'staking'));
  // A claim sends nothing from the wallet (the ledger books it, the consensus layer pays): said, not left blank.
  const claim = request.itemType === 'STAKING_CLAIM';
  if (claim && !request.execution?.txHash) {
    facts.push({
      label: t('requests.withdrawal.lifecycle'),
      value: text(t('stakingRequests.claimNoTransaction'), 'staking-no-transaction'),
    });
  }
  return {
    ...parts,
    title,
    facts,
    outcome: {
      REJECTED: t('stakingRequests.outcome.REJECTED'),
      CANCELED: t('stakingRequests.outcome.CANCELED'),
      COMPLETE: t(claim ? 'stakingRequests.claimOutcome.COMPLETE' : 'stakingRequests.outcome.COMPLETE'),
      PROCESSING: t(claim ? 'stakingRequests.claimOutcome.PROCESSING' : 'stakingRequests.outcome.PROCESSING'),
      SIGNING: t('requests.signingTransaction'),
    },
  };
}

/** A stake: 'Stake 1,024 IP with Validator A', its period, token kind and amount. */
export const stakeRenderer: RequestRenderer<'STAKING_STAKE'> = {
  present: (request, context) => {
    const { t } = context;
    const amount = coin(request, request.content.amount);
    return present(request, context, t('stakingRequests.stakeTitle', { amount, validator: validatorName(request) }), [
      {
        label: t('stakingRequests.period'),
        value: text(t(`staking.periods.${request.content.period}`), 'staking-period'),
      },
      {
        label: t('stakingRequests.tokenType'),
        value: text(t(`staking.tokenTypes.${request.content.tokenType}`), 'staking-token-type'),
      },
      { label: t('stakingRequests.amount'), value: text(amount, 'staking-amount') },
    ]);
  },
};

/** An unstake: 'Unstake 1,024 IP from Validator A', its amount and the delegation it comes from. */
export const unstakeRenderer: RequestRenderer<'STAKING_UNSTAKE'> = {
  present: (request, context) => {
    const { t } = context;
    const amount = coin(request, request.content.amount);
    const facts: RequestFact[] = [{ label: t('stakingRequests.amount'), value: text(amount, 'staking-amount') }];
    if (request.content.delegationId) {
      facts.push({
        label: t('stakingRequests.delegationId'),
        value: text(request.content.delegationId, 'staking-delegation-id'),
      });
    }
    return present(
      request,
      context,
      t('stakingRequests.unstakeTitle', { amount, validator: validatorName(request) }),
      facts,
    );
  },
};

/** A claim: 'Claim from Validator A', with the principal and rewards claimable when it was made. */
export const claimRenderer: RequestRenderer<'STAKING_CLAIM'> = {
  present: (request, context) => {
    const { t } = context;
    const facts: RequestFact[] = [];
    if (request.content.principal) {
      facts.push({
        label: t('stakingRequests.principal'),
        value: text(coin(request, request.content.principal), 'staking-principal'),
      });
    }
    if (request.content.rewards) {
      facts.push({
        label: t('stakingRequests.rewards'),
        value: text(coin(request, request.content.rewards), 'staking-rewards'),
      });
    }
    return present(request, context, t('stakingRequests.claimTitle', { validator: validatorName(request) }), facts);
  },
};

export type StakingDecision = 'approve' | 'reject' | 'cancel';

/**
 * Sends a decision on a staking request to its calls: stakes and unstakes to the stake-request calls, claims to the
 * claim-request calls, the request named in the body as withdrawals do. `otpCode` gives the (encrypted) code of an
 * approval or rejection; a cancel takes none. The same shape as the approvals' own sender, so it plugs in there.
 */
export function sendStakingDecision(
  request: RequestView,
  decision: StakingDecision,
  memoPart: { memo?: string },
  otpCode: () => Promise<string>,
): Promise<RequestView> {
  const claim = request.itemType === 'STAKING_CLAIM';
  const body = { ...memoPart, requestId: request.id };
  if (decision === 'cancel') return callApi(claim ? claimCancelCall : stakeCancelCall, { body });
  const call = claim
    ? decision === 'approve'
      ? claimApproveCall
      : claimRejectCall
    : decision === 'approve'
      ? stakeApproveCall
      : stakeRejectCall;
  return otpCode().then((code) => callApi(call, { body: { ...body, otpCode: code } }));
}
