import { Box, Button, Center, Divider, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { Fragment, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnimatedQr } from '../../components/AnimatedQr';
import { NetworkLabel } from '../../components/chain-ui';
import { ErrorAlert } from '../../components/ErrorAlert';
import { UsersIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { notifySuccess } from '../../components/notify';
import { QrPartsInput } from '../../components/QrPartsInput';
import { formatDateTime } from '../../lib/dates';
import { partsOf } from '../../lib/ur-progress';
import {
  type SignRequest,
  useConfirmTransaction,
  useSigningQueue,
  useSignRequest,
  useSubmitSignature,
  type WaitingTransaction,
} from './api';
import { feeAmount, tokenAmount } from './token-amount';

/**
 * One cold signature: what the transaction does (to compare with the signer's own screen), its sign request as an
 * animated QR code, and the signer's answer brought back by camera, images or pasted text.
 */
export function SignRequestDialog({ transactionId, onClose }: { transactionId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={transactionId !== null}
      onClose={onClose}
      title={t('coldSigning.dialogTitle')}
      size="xl"
      centered
      radius="lg"
      data-testid="sign-request-dialog"
    >
      {transactionId ? <SignRequestBody transactionId={transactionId} onClose={onClose} /> : null}
    </Modal>
  );
}

function SignRequestBody({ transactionId, onClose }: { transactionId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const request = useSignRequest(transactionId);
  const submit = useSubmitSignature();
  // Confirmations arrive from other operators: read from the queue, which is read again every few seconds.
  const live = useSigningQueue().data?.items.find((item) => item.transactionId === transactionId);
  const [codes, setCodes] = useState('');
  const data = request.data;
  if (!data) {
    return request.error ? (
      <ErrorAlert error={request.error} title={t('coldSigning.loadFailed')} />
    ) : (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  const send = () =>
    submit.mutate(
      { transactionId, parts: partsOf(codes) },
      {
        onSuccess: () => {
          notifySuccess(t('coldSigning.submitted'));
          onClose();
        },
      },
    );
  return (
    <Stack gap="md">
      <Facts request={data} />
      {data.signersRequired === 2 ? <FourEyes transactionId={transactionId} item={live ?? data} /> : null}
      <Divider />
      <Group align="flex-start" gap="xl" wrap="wrap">
        <Stack gap="xs" w={300}>
          <Text fw={700}>{t('coldSigning.step1')}</Text>
          <Text size="sm" c="dimmed">
            {t('coldSigning.step1Body')}
          </Text>
          <AnimatedQr parts={data.parts} testId="sign-request-qr" />
        </Stack>
        <Stack gap="xs" style={{ flex: 1, minWidth: 280 }}>
          <Text fw={700}>{t('coldSigning.step2')}</Text>
          <QrPartsInput
            text={codes}
            onTextChange={setCodes}
            label={t('coldSigning.answerLabel')}
            testId="signature-codes"
          />
          {submit.error ? <ErrorAlert error={submit.error} title={t('common.failedTitle')} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button
              onClick={send}
              loading={submit.isPending}
              disabled={partsOf(codes).length === 0 || !mayHandIn(live ?? data)}
              data-testid="signature-submit"
            >
              {t('coldSigning.submit')}
            </Button>
          </Group>
        </Stack>
      </Group>
    </Stack>
  );
}

/** Until when the signature can still land, or that it has no deadline. */
function Validity({ request }: { request: SignRequest }) {
  const { t } = useTranslation();
  if (request.expiresAt) return t('coldSigning.validity.until', { time: formatDateTime(request.expiresAt) });
  if (request.validUntilHeight) return t('coldSigning.validity.block', { height: request.validUntilHeight });
  return t('coldSigning.validity.none');
}

/** What the signer must see on its own screen too: who, from where, to where, how much, and who approved. */
function Facts({ request }: { request: SignRequest }) {
  const { t } = useTranslation();
  const rows: [string, ReactNode][] = [
    [t('coldSigning.fields.organization'), request.organizationName],
    [t('coldSigning.fields.wallet'), request.walletName],
    [t('coldSigning.fields.network'), <NetworkLabel key="n" chain={request.blockchain} />],
    [t('coldSigning.fields.from'), <Mono key="f" value={request.fromAddress} />],
    [t('coldSigning.fields.to'), <Mono key="t" value={request.toAddress} />],
    [t('coldSigning.fields.amount'), tokenAmount(request.tokenId, request.amount)],
    [t('coldSigning.fields.fee'), feeAmount(request.blockchain, request.fee)],
    [t('coldSigning.fields.validity'), <Validity key="v" request={request} />],
    [t('coldSigning.fields.travelRule'), request.travelRule ?? t('coldSigning.noTravelRule')],
    [t('coldSigning.fields.approvedBy'), request.approvedBy.join(', ') || t('coldSigning.nobody')],
  ];
  return (
    <Box
      data-testid="sign-request-facts"
      style={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 16, rowGap: 6 }}
    >
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Text size="sm" fw={500} component="div">
            {value}
          </Text>
        </Fragment>
      ))}
    </Box>
  );
}

function Mono({ value }: { value: string }) {
  return (
    <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
      {value}
    </Text>
  );
}

/** Where two signing operators are required: the signature is handed in only after another one confirmed. */
function mayHandIn(item: WaitingTransaction): boolean {
  if (item.signersRequired < 2) return true;
  const others = item.confirmedBy.length - (item.confirmedByMe ? 1 : 0);
  return others > 0;
}

/** The four-eyes step: who confirmed so far, and this operator's own confirmation. */
function FourEyes({ transactionId, item }: { transactionId: string; item: WaitingTransaction }) {
  const { t } = useTranslation();
  const confirm = useConfirmTransaction();
  return (
    <Notice color="indigo" icon={UsersIcon}>
      <Stack gap={6} data-testid="four-eyes">
        <Text size="sm">{t('coldSigning.fourEyes')}</Text>
        <Text size="sm" fw={500} data-testid="confirmed-by">
          {item.confirmedBy.length > 0
            ? t('coldSigning.confirmedBy', { names: item.confirmedBy.join(', ') })
            : t('coldSigning.nobodyConfirmed')}
        </Text>
        {item.confirmedByMe ? null : (
          <Group>
            <Button
              size="xs"
              variant="light"
              loading={confirm.isPending}
              onClick={() => confirm.mutate(transactionId)}
              data-testid="confirm-transaction"
            >
              {t('coldSigning.confirm')}
            </Button>
          </Group>
        )}
        {confirm.error ? <ErrorAlert error={confirm.error} title={t('common.failedTitle')} /> : null}
      </Stack>
    </Notice>
  );
}
