import { Anchor, Badge, Group, Text } from '@mantine/core';
import {
  nativeToken,
  type RequestExecutionView,
  type RequestView,
  type WithdrawalLifecycle,
} from '@vaultline/contracts';
import { CopyValueButton, shortAddress } from '../../components/chain-ui';
import { formatTokenAmount } from '../../lib/amounts';
import { readErrorCode } from '../../lib/error-reader';
import type { RenderContext, RequestFact } from './request-renderer';

/**
 * The part of a request's detail about the transaction it sent, the same for every request that sends one (a
 * withdrawal, a stake, an unstake): its lifecycle, hash, fee and failure.
 */

const LIFECYCLE_COLORS: Record<WithdrawalLifecycle, string> = {
  CREATED: 'gray',
  EXECUTING: 'blue',
  COMPLETED: 'teal',
  VASP_VERIFICATION_FAILED: 'red',
  CANCELED_BEFORE_EXECUTING: 'gray',
  CANCELED_AFTER_EXECUTING: 'gray',
  FAILED: 'red',
};

/** A fact's value as a line of text. */
export const factText = (value: string, testId?: string) => (
  <Text size="sm" data-testid={testId}>
    {value}
  </Text>
);

/**
 * The transaction the request sent, once it has one: its state on chain, hash (explorer link), fee and failure.
 * `testIds` prefixes the values' test ids ('withdrawal' → 'withdrawal-lifecycle', 'withdrawal-tx-hash', …), which
 * each type's tests and journeys already use.
 */
export function executionFacts(
  request: RequestView,
  execution: RequestExecutionView,
  { t, lang }: RenderContext,
  testIds: string,
): RequestFact[] {
  const facts: RequestFact[] = [
    {
      label: t('requests.withdrawal.lifecycle'),
      value: (
        <Group>
          <Badge
            variant="light"
            radius="sm"
            tt="none"
            color={LIFECYCLE_COLORS[execution.lifecycle]}
            data-testid={`${testIds}-lifecycle`}
            data-lifecycle={execution.lifecycle}
          >
            {t(`requests.withdrawal.lifecycles.${execution.lifecycle}`)}
          </Badge>
        </Group>
      ),
    },
  ];
  if (execution.txHash) {
    const hash = shortAddress(execution.txHash, 12, 8);
    facts.push({
      label: t('requests.withdrawal.txHash'),
      value: (
        <Group gap={2} wrap="nowrap" data-testid={`${testIds}-tx-hash`} data-hash={execution.txHash}>
          {execution.explorerUrl ? (
            <Anchor href={execution.explorerUrl} target="_blank" rel="noreferrer" size="sm" ff="monospace">
              {hash}
            </Anchor>
          ) : (
            <Text size="sm" ff="monospace">
              {hash}
            </Text>
          )}
          <CopyValueButton value={execution.txHash} label={t('requests.withdrawal.copyHash')} />
        </Group>
      ),
    });
  }
  if (execution.feePaid && /^[0-9]+$/.test(execution.feePaid)) {
    const fee = formatTokenAmount(execution.feePaid, nativeToken(request.content.blockchain));
    facts.push({ label: t('requests.withdrawal.feePaid'), value: factText(fee, `${testIds}-fee-paid`) });
  }
  if (execution.failureCode && execution.failureCode !== request.failureReason) {
    facts.push({
      label: t('requests.withdrawal.failure'),
      value: (
        <Text size="sm" c="red" data-testid={`${testIds}-failure`}>
          {readErrorCode(execution.failureCode, lang).messageIn(lang)}
        </Text>
      ),
    });
  }
  return facts;
}
