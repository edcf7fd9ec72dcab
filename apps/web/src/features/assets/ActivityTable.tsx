import { Group, Stack, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { AssetActivity } from '@vaultline/contracts';
import { useTranslation } from 'react-i18next';
import { NetworkLabel, shortAddress } from '../../components/chain-ui';
import { DataTable } from '../../components/DataTable';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { formatDateTime, formatRelative } from '../../lib/dates';
import { ActivityAmount, ActivityStatusBadge, ActivityTypeLabel, confirmationText } from './activity-ui';

export interface ActivityTableProps {
  items: readonly AssetActivity[];
  onOpen: (activity: AssetActivity) => void;
  /** Leave out the wallet column (a wallet's own history). */
  hideWallet?: boolean;
  testId?: string;
}

/** Activities newest first; a row opens its detail. */
export function ActivityTable({ items, onOpen, hideWallet = false, testId = 'activity-table' }: ActivityTableProps) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  return (
    <DataTable
      minWidth={hideWallet ? 720 : 900}
      testId={testId}
      columns={[
        t('activity.columns.type'),
        { label: t('activity.columns.amount'), align: 'right' },
        hideWallet ? null : t('activity.columns.wallet'),
        t('activity.columns.counterparty'),
        t('activity.columns.status'),
        t('activity.columns.time'),
      ]}
    >
      {items.map((activity) => (
        <Table.Tr
          key={activity.id}
          style={{ cursor: 'pointer' }}
          onClick={() => onOpen(activity)}
          data-testid="activity-row"
          data-activity-id={activity.id}
          data-status={activity.status}
        >
          <Table.Td>
            <UnstyledButton
              onClick={(event) => {
                event.stopPropagation();
                onOpen(activity);
              }}
            >
              {/* Named by the type it shows, then what it does (label in name). */}
              <ActivityTypeLabel type={activity.activityType} />
              <VisuallyHidden>{t('activity.open')}</VisuallyHidden>
            </UnstyledButton>
          </Table.Td>
          <Table.Td ta="right">
            <Stack gap={0} align="flex-end">
              <ActivityAmount activity={activity} />
              <NetworkLabel chain={activity.blockchain} size="xs" />
            </Stack>
          </Table.Td>
          {hideWallet ? null : (
            <Table.Td>
              <Text size="sm" fw={500} truncate="end" maw={180} data-testid="activity-wallet">
                {activity.walletName}
              </Text>
            </Table.Td>
          )}
          <Table.Td>
            <Text size="sm" ff="monospace" c="dimmed" title={activity.counterparty}>
              {shortAddress(activity.counterparty, 6, 4)}
            </Text>
          </Table.Td>
          <Table.Td>
            <Group gap={6} wrap="nowrap">
              <ActivityStatusBadge status={activity.status} />
              {activity.status === 'PENDING' ? (
                <Text size="xs" c="dimmed" data-testid="activity-confirmations">
                  {confirmationText(activity)}
                </Text>
              ) : null}
            </Group>
          </Table.Td>
          <Table.Td>
            <Text size="sm" title={formatDateTime(activity.createdAt)} style={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(activity.createdAt)}
            </Text>
            <Text size="xs" c="dimmed">
              {formatRelative(activity.createdAt, lang)}
            </Text>
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
