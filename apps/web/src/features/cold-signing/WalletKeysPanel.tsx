import { Button, Code, Group, Modal, Paper, Stack, Table, Text, Textarea } from '@mantine/core';
import { validationMessage } from '@vaultline/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shortAddress, useChainLabel } from '../../components/chain-ui';
import { FormFooter } from '../../components/FormFooter';
import { KeyIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { notifySuccess } from '../../components/notify';
import { PanelHeader } from '../../components/PanelHeader';
import { QrPartsInput } from '../../components/QrPartsInput';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { formatDateTime } from '../../lib/dates';
import { partsOf } from '../../lib/ur-progress';
import { useDeclineWalletKey, useImportWalletKey, useSigningQueue, type WaitingWalletKey } from './api';
import { QueueSubjectCells } from './QueueCells';

/**
 * Wallet creations of organizations whose custody policy keeps new wallets cold, waiting for the air-gapped signer's
 * account key; shown only while there are some.
 */
export function WalletKeysPanel() {
  const { t } = useTranslation();
  const queue = useSigningQueue().data;
  const keys = queue?.walletKeys ?? [];
  const [open, setOpen] = useState<{ item: WaitingWalletKey; action: 'import' | 'decline' } | null>(null);
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
                      <Button size="xs" onClick={() => setOpen({ item, action: 'import' })} data-testid="key-import">
                        {t('coldSigning.keys.import')}
                      </Button>
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
        title={open?.action === 'decline' ? t('coldSigning.keys.declineTitle') : t('coldSigning.keys.dialogTitle')}
        size="lg"
        centered
        radius="lg"
        data-testid="wallet-key-dialog"
      >
        {open?.action === 'import' ? <ImportKey item={open.item} onClose={() => setOpen(null)} /> : null}
        {open?.action === 'decline' ? <DeclineKey item={open.item} onClose={() => setOpen(null)} /> : null}
      </Modal>
    </Paper>
  );
}

function ImportKey({ item, onClose }: { item: WaitingWalletKey; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const chainLabel = useChainLabel();
  const submit = useImportWalletKey();
  const [codes, setCodes] = useState('');
  const [missing, setMissing] = useState(false);
  const send = () => {
    const parts = partsOf(codes);
    if (parts.length === 0) return setMissing(true);
    submit.mutate(
      { requestId: item.requestId, parts },
      {
        onSuccess: (made) => {
          notifySuccess(t('coldSigning.keys.imported', { address: shortAddress(made.address) }));
          onClose();
        },
      },
    );
  };
  return (
    <Stack gap="md">
      <Notice color="indigo" icon={KeyIcon}>
        <Text size="sm" fw={600}>
          {item.organizationName} · {item.walletName}
        </Text>
        {item.accountName ? (
          <Text size="sm">{t('coldSigning.keys.accountName', { name: item.accountName })}</Text>
        ) : null}
      </Notice>
      <Stack gap={4}>
        <Text fw={700}>
          {t('coldSigning.keys.step1', { account: item.suggestedAccount, network: chainLabel(item.blockchain) })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('coldSigning.keys.step1Body')}
        </Text>
        <Text size="sm">{t('coldSigning.keys.command')}</Text>
        <Code block data-testid="key-command">
          {`npm run cold-signer -- export --seed <FILE> --blockchain ${item.blockchain} --account ${item.suggestedAccount}`}
        </Code>
      </Stack>
      <Text fw={700}>{t('coldSigning.keys.step2')}</Text>
      <QrPartsInput
        text={codes}
        onTextChange={setCodes}
        label={t('coldWallet.accountLabel')}
        error={missing && partsOf(codes).length === 0 ? validationMessage('validation.required', lang) : null}
        testId="key-codes"
      />
      <FormFooter
        error={submit.error}
        onCancel={onClose}
        onSubmit={send}
        submitLabel={t('coldSigning.keys.submit')}
        pending={submit.isPending}
        submitTestId="key-submit"
      />
    </Stack>
  );
}

function DeclineKey({ item, onClose }: { item: WaitingWalletKey; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const decline = useDeclineWalletKey();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const send = () => {
    if (!reason.trim()) return setMissing(true);
    decline.mutate(
      { requestId: item.requestId, reason: reason.trim() },
      {
        onSuccess: () => {
          notifySuccess(t('coldSigning.keys.declined'));
          onClose();
        },
      },
    );
  };
  return (
    <Stack gap="md">
      <Text size="sm">
        {item.organizationName} · {item.walletName}
      </Text>
      <Text size="sm" c="dimmed">
        {t('coldSigning.keys.declineBody')}
      </Text>
      <Textarea
        label={t('coldSigning.keys.declineReason')}
        withAsterisk
        autosize
        minRows={2}
        maxLength={255}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        error={missing && !reason.trim() ? validationMessage('validation.required', lang) : null}
        data-testid="key-decline-reason"
      />
      <FormFooter
        error={decline.error}
        onCancel={onClose}
        onSubmit={send}
        submitLabel={t('coldSigning.keys.declineSubmit')}
        pending={decline.isPending}
        submitTestId="key-decline-submit"
        submitColor="red"
      />
    </Stack>
  );
}
