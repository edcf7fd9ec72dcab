import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { OrganizationTokenBalance, TokenInfo } from '@vaultline/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NetworkLabel } from '../../components/chain-ui';
import { DataTable } from '../../components/DataTable';
import { PanelTitle } from '../../components/PanelHeader';
import { formatAmount } from '../../lib/amounts';
import { TokenCell } from './TokenCell';

/**
 * The one-click "add token" control for a held, unregistered token. It belongs to the tokens feature, so the
 * page composes it in; absent when the member may not add tokens.
 */
export type RenderAddToken = (token: TokenInfo) => ReactNode;

/** The "not registered" mark on a held token the organization has not added. */
export function NotRegisteredBadge() {
  const { t } = useTranslation();
  return (
    <Badge size="sm" variant="light" color="orange" radius="sm" tt="none" data-testid="not-registered">
      {t('assets.notRegistered')}
    </Badge>
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
        <PanelTitle
          title={
            <Group gap="xs" component="span">
              {t('assets.unregisteredTitle')}
              <NotRegisteredBadge />
            </Group>
          }
          description={hint}
        />
      </Stack>
      <DataTable
        minWidth={720}
        highlightOnHover={false}
        head={
          <>
            <Table.Th>{t('assets.columns.token')}</Table.Th>
            <Table.Th>{t('assets.columns.network')}</Table.Th>
            <Table.Th ta="right">{t('assets.columns.total')}</Table.Th>
            <Table.Th ta="right">{t('assets.columns.wallets')}</Table.Th>
            {renderAddToken ? <Table.Th w={140} /> : null}
          </>
        }
      >
        {items.map((item) => (
          <Table.Tr
            key={item.tokenId}
            data-testid="unregistered-row"
            data-token-id={item.tokenId}
            data-total={item.total}
          >
            <Table.Td>
              <TokenCell chain={item.blockchain} symbol={item.symbol} name={item.name} />
            </Table.Td>
            <Table.Td>
              <NetworkLabel chain={item.blockchain} />
            </Table.Td>
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
