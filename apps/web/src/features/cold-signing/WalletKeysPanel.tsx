import { Button, Group, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PanelHeader } from '../../components/PanelHeader';
import { formatDateTime } from '../../lib/dates';
import { useSigningQueue, type WaitingWalletKey } from './api';
import { QueueSubjectCells } from './QueueCells';
import { ConfirmKey, DeclineKey, ImportKey } from './WalletKeyDialogs';

/**
 * Wallet creations of organizations whose custody policy keeps new wallets cold, waiting for the air-gapped signer's
 * account key; shown only while there are some.
 */
export function WalletKeysPanel() {
  const { t } = useTranslation();
  const queue = useSigningQueue().data;
  const keys = queue?.walletKeys ?? [];
  const [open, setOpen] = useState<{ item: WaitingWalletKey; action: 'import' | 'confirm' | 'decline' } | null>(null);
  if (keys.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="wallet-keys">
      <Stack gap="sm">
        <PanelHeader title={t('coldSigning.keys.title')} description={t('coldSigning.keys.description')}>
          <Text size="sm" c="dimmed" data-testid="wallet-keys-total">
            {t('coldSigning.keys.total', { count: queue ? queue.total - queue.transactionTotal : 0 })}
          </Text>
        </PanelHeader>
        <Table.ScrollContainer minWidth={800}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('coldSigning.columns.organization')}</Table.Th>
                <Table.Th>{t('coldSigning.columns.wallet')}</Table.Th>
                <Table.Th>{t('coldSigning.keys.columns.requestedBy')}</Table.Th>
                <Table.Th>{t('coldSigning.columns.approvedBy')}</Table.Th>
                <Table.Th>{t('coldSigning.columns.waiting')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.map((item) => (
                <Table.Tr key={item.requestId} data-testid="wallet-key-row">
                  <QueueSubjectCells item={item} />
                  <Table.Td>
                    <Text size="sm">{item.requestedBy}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{item.approvedBy.join(', ') || t('coldSigning.nobody')}</Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{formatDateTime(item.waitingSince)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <KeyAction item={item} onOpen={(action) => setOpen({ item, action })} />
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => setOpen({ item, action: 'decline' })}
                        data-testid="key-decline"
                      >
                        {t('coldSigning.keys.decline')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={open ? t(TITLES[open.action]) : ''}
        size="lg"
        centered
        radius="lg"
        data-testid="wallet-key-dialog"
      >
        {open?.action === 'import' ? <ImportKey item={open.item} onClose={() => setOpen(null)} /> : null}
        {open?.action === 'confirm' ? <ConfirmKey item={open.item} onClose={() => setOpen(null)} /> : null}
        {open?.action === 'decline' ? <DeclineKey item={open.item} onClose={() => setOpen(null)} /> : null}
      </Modal>
    </Paper>
  );
}

const TITLES = {
  import: 'coldSigning.keys.dialogTitle',
  confirm: 'coldSigning.keys.confirmTitle',
  decline: 'coldSigning.keys.declineTitle',
} as const;

/**
 * What a signing operator can do with a waiting key: import it, or, once another imported it under a two-signer
 * policy, check and confirm it; one's own proposal waits for someone else.
 */
function KeyAction({ item, onOpen }: { item: WaitingWalletKey; onOpen: (action: 'import' | 'confirm') => void }) {
  const { t } = useTranslation();
  if (!item.proposal) {
    return (
      <Button size="xs" onClick={() => onOpen('import')} data-testid="key-import">
        {t('coldSigning.keys.import')}
      </Button>
    );
  }
  if (item.proposal.proposedByMe) {
    return (
      <Text size="xs" c="dimmed" maw={160} data-testid="key-proposed-by-me">
        {t('coldSigning.keys.waitingForOther')}
      </Text>
    );
  }
  return (
    <Button size="xs" color="teal" onClick={() => onOpen('confirm')} data-testid="key-confirm">
      {t('coldSigning.keys.confirmOpen')}
    </Button>
  );
}
