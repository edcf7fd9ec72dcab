import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { OrganizationTokenBalance, TokenInfo } from '@vaultline/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TokenCells } from '../../components/chain-ui';
import { DataTable } from '../../components/DataTable';
import { PanelTitle } from '../../components/PanelHeader';
import { formatAmount } from '../../lib/amounts';

/**
 * The one-click "add token" control for a held, unregistered token. It belongs to the tokens feature, so the
 * page composes it in; absent when the member may not add tokens.
 */
export type RenderAddToken = (token: TokenInfo) => ReactNode;

/** The title over held, unregistered tokens, marked "not registered", with what to do about them. */
export function UnregisteredTitle({ description }: { description: ReactNode }) {
  const { t } = useTranslation();
  return (
    <PanelTitle
      title={
        <Group gap="xs" component="span">
          {t('assets.unregisteredTitle')}
          <Badge size="sm" variant="light" color="orange" radius="sm" tt="none" data-testid="not-registered">
            {t('assets.notRegistered')}
          </Badge>
        </Group>
      }
      description={description}
    />
  );
}

/**
 * Holdings in tokens the organization has not registered: custody never hides what it holds, so they are
 * listed, but apart from the registered holdings and out of their totals and allocation.
 */
export function UnregisteredHoldings({
  items,
  renderAddToken,
}: {
  items: readonly OrganizationTokenBalance[];
  renderAddToken?: RenderAddToken | undefined;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  // Without the add control, the member is told who can bring these in.
  const hint = renderAddToken ? t('assets.unregisteredBody') : t('assets.unregisteredBodyAsk');
  return (
    <Paper
      withBorder
      radius="lg"
      bg="white"
      data-testid="unregistered-holdings"
      style={{ borderColor: 'var(--mantine-color-orange-3)' }}
    >
      <Stack p="md" gap={0}>
        <UnregisteredTitle description={hint} />
      </Stack>
      <DataTable
        minWidth={720}
        highlightOnHover={false}
        columns={[
          t('assets.columns.token'),
          t('assets.columns.network'),
          { label: t('assets.columns.total'), align: 'right' },
          { label: t('assets.columns.wallets'), align: 'right' },
          renderAddToken ? { w: 140 } : null,
        ]}
      >
        {items.map((item) => (
          <Table.Tr
            key={item.tokenId}
            data-testid="unregistered-row"
            data-token-id={item.tokenId}
            data-total={item.total}
          >
            <TokenCells token={item} />
            <Table.Td ta="right" data-testid="unregistered-total">
              <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                {formatAmount(item.total, item.decimals)}
              </Text>
            </Table.Td>
            <Table.Td ta="right">
              <Text size="sm">{item.walletCount}</Text>
            </Table.Td>
            {renderAddToken ? <Table.Td ta="right">{renderAddToken(item)}</Table.Td> : null}
          </Table.Tr>
        ))}
      </DataTable>
    </Paper>
  );
}
