import { Button, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shortAddress } from '../../components/chain-ui';
import { ShieldIcon } from '../../components/icons';
import { ListPanel } from '../../components/ListPanel';
import { PanelHeader } from '../../components/PanelHeader';
import { formatDateTime } from '../../lib/dates';
import { useSigningQueue } from './api';
import { QueueSubjectCells } from './QueueCells';
import { SignRequestDialog } from './SignRequestDialog';
import { tokenAmount } from './token-amount';
import { WalletKeysPanel } from './WalletKeysPanel';

/**
 * Cold-wallet transactions waiting for a signature, oldest first, each opened to sign it; above them, wallet
 * creations waiting for a cold key, while there are some.
 */
export function SigningQueuePanel() {
  const { t } = useTranslation();
  const queue = useSigningQueue();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Stack gap="md">
      <WalletKeysPanel />
      <ListPanel
        testId="signing-queue"
        query={queue}
        header={
          <PanelHeader title={t('coldSigning.title')} description={t('coldSigning.description')}>
            <Text size="sm" c="dimmed" data-testid="signing-total">
              {t('coldSigning.total', { count: queue.data?.transactionTotal ?? 0 })}
            </Text>
          </PanelHeader>
        }
        errorTitle={t('coldSigning.loadFailed')}
        keepItemsOnError
        empty={{
          title: t('coldSigning.emptyTitle'),
          description: t('coldSigning.emptyBody'),
          icon: <ShieldIcon size={26} />,
        }}
        table={{
          minWidth: 900,
          testId: 'signing-table',
          columns: [
            t('coldSigning.columns.organization'),
            t('coldSigning.columns.wallet'),
            t('coldSigning.columns.to'),
            t('coldSigning.columns.amount'),
            t('coldSigning.columns.approvedBy'),
            t('coldSigning.columns.waiting'),
            '',
          ],
        }}
      >
        {(items) =>
          items.map((item) => (
            <Table.Tr key={item.transactionId} data-testid="signing-row">
              <QueueSubjectCells item={item} />
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {shortAddress(item.toAddress)}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm" fw={600}>
                  {tokenAmount(item.tokenId, item.amount)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{item.approvedBy.join(', ') || t('coldSigning.nobody')}</Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatDateTime(item.createdAt)}</Text>
              </Table.Td>
              <Table.Td>
                <Button size="xs" onClick={() => setOpen(item.transactionId)} data-testid="signing-open">
                  {t('coldSigning.open')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))
        }
      </ListPanel>
      <SignRequestDialog transactionId={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
