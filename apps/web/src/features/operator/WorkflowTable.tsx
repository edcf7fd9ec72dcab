import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { Workflow } from '@vaultline/contracts';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/DataTable';
import { ActorStamp, WorkflowStatusBadge } from './badges';
import { WorkflowActions } from './WorkflowActions';
import { WorkflowPayload } from './WorkflowPayload';

/** The decision of a finished workflow: who decided, when, and their memo. */
function Decision({ workflow }: { workflow: Workflow }) {
  const { t } = useTranslation();
  if (workflow.status === 'IN_PROGRESS') {
    return (
      <Text size="sm" c="dimmed">
        {t('operator.awaitingDecision')}
      </Text>
    );
  }
  return (
    <Stack gap={4} data-testid="workflow-decision">
      <ActorStamp person={workflow.decidedBy} at={workflow.decidedAt} />
      {workflow.memo ? (
        <Text size="xs" c="dark.4" fs="italic" style={{ wordBreak: 'break-word' }}>
          “{workflow.memo}”
        </Text>
      ) : null}
    </Stack>
  );
}

/** Workflows as rows: type, organization, proposed values, proposer, decision and the caller's actions. */
export function WorkflowTable({ workflows }: { workflows: readonly Workflow[] }) {
  const { t } = useTranslation();
  // The actions column is there only when the server allows the caller something on a row.
  const withActions = workflows.some((w) => w.canDecide || w.canCancel);
  return (
    <DataTable
      minWidth={1040}
      testId="workflow-table"
      columns={[
        t('operator.columns.type'),
        t('operator.columns.organization'),
        t('operator.columns.proposed'),
        t('operator.columns.proposer'),
        t('operator.columns.decision'),
        withActions ? { label: t('operator.columns.actions'), w: 190, srOnly: true } : null,
      ]}
    >
      {workflows.map((workflow) => (
        <Table.Tr
          key={workflow.id}
          data-testid="workflow-row"
          data-type={workflow.type}
          style={{ verticalAlign: 'top' }}
        >
          <Table.Td>
            <Stack gap={6} align="flex-start">
              <Text size="sm" fw={600}>
                {t(`operator.workflowTypes.${workflow.type}`)}
              </Text>
              <WorkflowStatusBadge status={workflow.status} />
            </Stack>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{workflow.organizationName ?? '—'}</Text>
          </Table.Td>
          <Table.Td miw={260} maw={340}>
            <WorkflowPayload workflow={workflow} />
          </Table.Td>
          <Table.Td>
            <ActorStamp person={workflow.createdBy} at={workflow.createdAt} />
          </Table.Td>
          <Table.Td>
            <Decision workflow={workflow} />
          </Table.Td>
          {withActions ? (
            <Table.Td>
              <WorkflowActions workflow={workflow} />
            </Table.Td>
          ) : null}
        </Table.Tr>
      ))}
    </DataTable>
  );
}

/** The same workflows as cards, for the narrow organization drawer. */
export function WorkflowCards({ workflows }: { workflows: readonly Workflow[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      {workflows.map((workflow) => (
        <Paper key={workflow.id} withBorder radius="md" p="md" data-testid="workflow-card" data-type={workflow.type}>
          <Stack gap="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={4}>
                <Text size="sm" fw={700}>
                  {t(`operator.workflowTypes.${workflow.type}`)}
                </Text>
                <WorkflowStatusBadge status={workflow.status} />
              </Stack>
              <WorkflowActions workflow={workflow} />
            </Group>
            <WorkflowPayload workflow={workflow} />
            <Group gap="xl" align="flex-start">
              <Stack gap={2}>
                <Text size="xs" c="dimmed" fw={600}>
                  {t('operator.columns.proposer')}
                </Text>
                <ActorStamp person={workflow.createdBy} at={workflow.createdAt} />
              </Stack>
              <Stack gap={2}>
                <Text size="xs" c="dimmed" fw={600}>
                  {t('operator.columns.decision')}
                </Text>
                <Decision workflow={workflow} />
              </Stack>
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
