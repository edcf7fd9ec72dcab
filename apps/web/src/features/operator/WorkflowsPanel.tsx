import { SegmentedControl, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FlowIcon } from '../../components/icons';
import { ListPanel, ListToolbar, useListPage } from '../../components/ListPanel';
import { CONSOLE_PAGE_SIZE, useWorkflows, WORKFLOW_STATUS_FILTERS, type WorkflowStatusFilter } from './api';
import { WorkflowTable } from './WorkflowTable';

/** Every operator workflow, waiting ones first by default, with the decisions the caller may take. */
export function WorkflowsPanel() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<WorkflowStatusFilter>('IN_PROGRESS');
  const { page, paging, withFirstPage } = useListPage(CONSOLE_PAGE_SIZE);
  const list = useWorkflows(page, status);
  const data = list.data;

  return (
    <ListPanel
      testId="workflows-panel"
      header={
        <ListToolbar>
          <SegmentedControl
            value={status}
            onChange={withFirstPage((next) => setStatus(next as WorkflowStatusFilter))}
            data={WORKFLOW_STATUS_FILTERS.map((s) => ({ value: s, label: t(`operator.workflowFilter.${s}`) }))}
            radius="md"
            data-testid="workflow-filter"
          />
          <Text size="sm" c="dimmed">
            {t('operator.makerChecker')}
          </Text>
        </ListToolbar>
      }
      query={list}
      errorTitle={t('operator.loadFailed')}
      keepItemsOnError
      empty={{
        title: t('operator.workflowsEmptyTitle'),
        description: t(status === 'IN_PROGRESS' ? 'operator.workflowsEmptyPending' : 'operator.workflowsEmptyBody'),
        icon: <FlowIcon size={26} />,
      }}
      paging={paging(data?.total, { label: (count) => t('operator.total', { count }) })}
    >
      {(items) => <WorkflowTable workflows={items} />}
    </ListPanel>
  );
}
