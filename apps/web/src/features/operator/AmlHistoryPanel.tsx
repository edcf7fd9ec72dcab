import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ShieldIcon } from '../../components/icons';
import { ListPanel, useListPage } from '../../components/ListPanel';
import { CONSOLE_PAGE_SIZE, useAmlHistory } from './api';
import { ActorStamp, AmlBadge } from './badges';

/** Every AML status change, newest first: organization, status, reason, who and when. */
export function AmlHistoryPanel() {
  const { t } = useTranslation();
  const { page, paging } = useListPage(CONSOLE_PAGE_SIZE);
  const list = useAmlHistory(page);
  const data = list.data;

  return (
    <ListPanel
      testId="aml-panel"
      query={list}
      errorTitle={t('operator.loadFailed')}
      keepItemsOnError
      empty={{
        title: t('operator.amlEmptyTitle'),
        description: t('operator.amlEmptyBody'),
        icon: <ShieldIcon size={26} />,
      }}
      paging={paging(data?.total, { label: (count) => t('operator.total', { count }) })}
      table={{
        minWidth: 820,
        testId: 'aml-table',
        columns: [
          t('operator.columns.organization'),
          t('operator.columns.aml'),
          t('operator.fields.reason'),
          t('operator.columns.changedBy'),
        ],
      }}
    >
      {(items) =>
        items.map((record) => (
          <Table.Tr key={record.id} data-testid="aml-row">
            <Table.Td>
              <Text size="sm" fw={600}>
                {record.organizationName}
              </Text>
            </Table.Td>
            <Table.Td>
              <AmlBadge status={record.status} />
            </Table.Td>
            <Table.Td maw={320}>
              <Text size="sm" style={{ wordBreak: 'break-word' }}>
                {record.reason}
              </Text>
            </Table.Td>
            <Table.Td>
              <ActorStamp person={record.changedBy} at={record.changedAt} />
            </Table.Td>
          </Table.Tr>
        ))
      }
    </ListPanel>
  );
}
