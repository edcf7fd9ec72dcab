import { Group, Paper, SegmentedControl, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FlowIcon } from '../../components/icons';
import { ListFooter } from '../../components/ListFooter';
import { ListState } from '../../components/ListState';
import { CONSOLE_PAGE_SIZE, useWorkflows, WORKFLOW_STATUS_FILTERS, type WorkflowStatusFilter } from './api';
import { WorkflowTable } from './WorkflowTable';

/** Every operator workflow, waiting ones first by default, with the decisions the caller may take. */
export function WorkflowsPanel() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<WorkflowStatusFilter>('IN_PROGRESS');
  const [page, setPage] = useState(1);
  const list = useWorkflows(page, status);
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / CONSOLE_PAGE_SIZE)) : 1;

  return (
    <Paper withBorder radius="lg" bg="white" data-testid="workflows-panel">
      <Group justify="space-between" p="md" gap="sm">
        <SegmentedControl
          value={status}
          onChange={(next) => {
            setStatus(next as WorkflowStatusFilter);
            setPage(1);
          }}
          data={WORKFLOW_STATUS_FILTERS.map((s) => ({ value: s, label: t(`operator.workflowFilter.${s}`) }))}
          radius="md"
          data-testid="workflow-filter"
        />
        <Text size="sm" c="dimmed">
          {t('operator.makerChecker')}
        </Text>
      </Group>
      <ListState
        query={list}
        items={data?.items}
        errorTitle={t('operator.loadFailed')}
        keepItemsOnError
        empty={{
          title: t('operator.workflowsEmptyTitle'),
          description: t(status === 'IN_PROGRESS' ? 'operator.workflowsEmptyPending' : 'operator.workflowsEmptyBody'),
          icon: <FlowIcon size={26} />,
        }}
      >
        {(items) => <WorkflowTable workflows={items} />}
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
