import { Avatar, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { RequestView } from '@vaultline/contracts';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/DataTable';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { formatDateTime, formatRelative } from '../../lib/dates';
import { RequestStatusBadge, RequestSummary, RequestTypeBadge } from './request-ui';

export interface RequestTableProps {
  items: readonly RequestView[];
  onOpen: (request: RequestView) => void;
}

/** Requests as rows: type, content, initiator, created time (Asia/Seoul) and status. */
export function RequestTable({ items, onOpen }: RequestTableProps) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  return (
    <DataTable
      minWidth={820}
      testId="request-table"
      columns={[
        { label: t('requests.columns.type'), w: 160 },
        t('requests.columns.content'),
        t('requests.columns.initiator'),
        { label: t('requests.columns.created'), w: 190 },
        { label: t('requests.columns.status'), w: 150 },
        { w: 110 },
      ]}
    >
      {items.map((request) => (
        <Table.Tr
          key={request.id}
          data-testid="request-row"
          data-request-id={request.id}
          data-can-approve={request.canApprove}
          style={{ cursor: 'pointer' }}
          onClick={() => onOpen(request)}
        >
          <Table.Td>
            <RequestTypeBadge request={request} />
          </Table.Td>
          <Table.Td>
            <RequestSummary request={request} />
          </Table.Td>
          <Table.Td>
            <Group gap="xs" wrap="nowrap">
              <Avatar size={28} radius="xl" color="gray" variant="light">
                {(request.initiator.userName || request.initiator.email).slice(0, 1).toUpperCase()}
              </Avatar>
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" truncate="end">
                  {request.initiator.userName || request.initiator.email}
                </Text>
                <Text size="xs" c="dimmed" truncate="end">
                  {request.initiator.email}
                </Text>
              </Stack>
            </Group>
          </Table.Td>
          <Table.Td>
            <Text size="sm" data-testid="request-created">
              {formatDateTime(request.createdAt)}
            </Text>
            <Text size="xs" c="dimmed">
              {formatRelative(request.createdAt, lang)}
            </Text>
          </Table.Td>
          <Table.Td>
            <RequestStatusBadge request={request} />
          </Table.Td>
          <Table.Td>
            <Group justify="flex-end">
              <Button
                size="xs"
                variant={request.canApprove ? 'filled' : 'default'}
                onClick={(event) => {
                  event.stopPropagation();
                  onOpen(request);
                }}
                data-testid="request-open"
              >
                {request.canApprove ? t('requests.review') : t('requests.view')}
              </Button>
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
