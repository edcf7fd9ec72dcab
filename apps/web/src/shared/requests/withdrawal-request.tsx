import { Group, Stack, Text } from '@mantine/core';
import { nativeToken, tokenById } from '@vaultline/contracts';
import { CopyValueButton, shortAddress } from '../../components/chain-ui';
import { formatTokenAmount } from '../../lib/amounts';
import { executionFacts, factText as text } from './request-execution';
import type { RequestFact, RequestOf, RequestRenderer } from './request-renderer';
import { walletRequestParts } from './wallet-request';

/** The token of a withdrawal as amounts are shown; an unknown one in base units under its id's symbol. */
function tokenOf(tokenId: string) {
  return tokenById(tokenId) ?? { symbol: tokenId.split('.')[1] ?? tokenId, decimals: 0 };
}

/** '1.5 ETH' of a withdrawal's amount. */
export function withdrawalAmount(request: RequestOf<'WITHDRAWAL'>): string {
  return formatTokenAmount(request.content.amount, tokenOf(request.content.tokenId));
}

/**
 * A withdrawal: '1.5 ETH to Cold storage' (the address-book name, or the address while it is not known), the wallet,
 * token, amount, destination, memo and fee reserve, and once executed its transaction.
 */
export const withdrawalRenderer: RequestRenderer<'WITHDRAWAL'> = {
  present: (request, context) => {
    const { t } = context;
    const parts = walletRequestParts(request, context);
    const { content } = request;
    const token = tokenOf(content.tokenId);
    const amount = withdrawalAmount(request);
    const name = context.destinationName?.(content.addressBookId);
    const facts: RequestFact[] = [
      ...parts.facts,
      { label: t('requests.withdrawal.wallet'), value: text(request.walletName ?? '—') },
      { label: t('requests.withdrawal.token'), value: text(token.symbol) },
      { label: t('requests.withdrawal.amount'), value: text(amount, 'withdrawal-amount') },
      {
        label: t('requests.withdrawal.destination'),
        value: (
          <Stack gap={0} style={{ minWidth: 0 }} data-testid="withdrawal-destination">
            {name ? text(name) : null}
            <Group gap={2} wrap="nowrap">
              <Text size="xs" ff="monospace" c="dimmed" truncate="end">
                {content.toAddress}
              </Text>
              <CopyValueButton value={content.toAddress} label={t('requests.withdrawal.copyAddress')} />
            </Group>
          </Stack>
        ),
      },
    ];
    if (content.memo) facts.push({ label: t('requests.withdrawal.memo'), value: text(content.memo) });
    if (content.feeReserve) {
      const reserve = formatTokenAmount(content.feeReserve, nativeToken(content.blockchain));
      facts.push({ label: t('requests.withdrawal.feeReserve'), value: text(reserve, 'withdrawal-fee-reserve') });
    }
    if (request.execution) facts.push(...executionFacts(request, request.execution, context, 'withdrawal'));
    return {
      ...parts,
      title: t('requests.withdrawal.title', { amount, destination: name ?? shortAddress(content.toAddress) }),
      facts,
      outcome: {
        REJECTED: t('requests.withdrawal.outcome.REJECTED'),
        CANCELED: t('requests.withdrawal.outcome.CANCELED'),
        COMPLETE: t('requests.withdrawal.outcome.COMPLETE'),
        PROCESSING: t('requests.withdrawal.outcome.PROCESSING'),
        SIGNING: t('requests.signingTransaction'),
      },
    };
  },
};
