import { Paper, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/DataTable';
import { ShieldIcon } from '../../components/icons';
import { ListFooter } from '../../components/ListFooter';
import { ListState } from '../../components/ListState';
import { CONSOLE_PAGE_SIZE, useAmlHistory } from './api';
import { ActorStamp, AmlBadge } from './badges';

/** Every AML status change, newest first: organization, status, reason, who and when. */
export function AmlHistoryPanel() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useAmlHistory(page);
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / CONSOLE_PAGE_SIZE)) : 1;

  return (
    <Paper withBorder radius="lg" bg="white" data-testid="aml-panel">
      <ListState
        query={list}
        items={data?.items}
        errorTitle={t('operator.loadFailed')}
        keepItemsOnError
        headless
        empty={{
          title: t('operator.amlEmptyTitle'),
          description: t('operator.amlEmptyBody'),
          icon: <ShieldIcon size={26} />,
        }}
      >
        {(items) => (
          <DataTable
            minWidth={820}
            testId="aml-table"
            head={
              <>
                <Table.Th>{t('operator.columns.organization')}</Table.Th>
                <Table.Th>{t('operator.columns.aml')}</Table.Th>
                <Table.Th>{t('operator.fields.reason')}</Table.Th>
                <Table.Th>{t('operator.columns.changedBy')}</Table.Th>
              </>
            }
          >
            {items.map((record) => (
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
            ))}
          </DataTable>
        )}
      </ListState>
      {data ? (
        <ListFooter
          label={t('operator.total', { count: data.total })}
          total={data.total}
          page={page}
          pages={pages}
          onPageChange={setPage}
        />
      ) : null}
    </Paper>
  );
}
