import { Code, Stack, Text, Textarea } from '@mantine/core';
import { validationMessage } from '@vaultline/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shortAddress, useChainLabel } from '../../components/chain-ui';
import { FormFooter } from '../../components/FormFooter';
import { KeyIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { notifySuccess } from '../../components/notify';
import { QrPartsInput } from '../../components/QrPartsInput';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { partsOf } from '../../lib/ur-progress';
import { useConfirmWalletKey, useDeclineWalletKey, useImportWalletKey, type WaitingWalletKey } from './api';

// The wallet-key dialogs of the signing queue: import the signer's account key, confirm another signing operator's
// (two-signer policy), or decline the creation.

/** Whose wallet the dialog is about, on top of each. */
function Subject({ item, children }: { item: WaitingWalletKey; children?: ReactNode }) {
  return (
    <Notice color="indigo" icon={KeyIcon}>
      <Text size="sm" fw={600}>
        {item.organizationName} · {item.walletName}
      </Text>
      {children}
    </Notice>
  );
}

export function ImportKey({ item, onClose }: { item: WaitingWalletKey; onClose: () => void }) {
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
          const address = shortAddress(made.address);
          notifySuccess(
            made.status === 'PROPOSED'
              ? t('coldSigning.keys.proposed', { address })
              : t('coldSigning.keys.imported', { address }),
          );
          onClose();
        },
      },
    );
  };
  return (
    <Stack gap="md">
      <Subject item={item}>
        {item.accountName ? (
          <Text size="sm">{t('coldSigning.keys.accountName', { name: item.accountName })}</Text>
        ) : null}
      </Subject>
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

export function DeclineKey({ item, onClose }: { item: WaitingWalletKey; onClose: () => void }) {
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
      <Subject item={item} />
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

/** Another signing operator's key, checked against the signer's own screen before the wallet is made from it. */
export function ConfirmKey({ item, onClose }: { item: WaitingWalletKey; onClose: () => void }) {
  const { t } = useTranslation();
  const confirm = useConfirmWalletKey();
  const proposal = item.proposal!;
  const send = () =>
    confirm.mutate(item.requestId, {
      onSuccess: (made) => {
        notifySuccess(t('coldSigning.keys.imported', { address: shortAddress(made.address) }));
        onClose();
      },
    });
  return (
    <Stack gap="md">
      <Subject item={item}>
        <Text size="sm">{t('coldSigning.keys.proposedBy', { name: proposal.proposedBy })}</Text>
      </Subject>
      <Text size="sm">{t('coldSigning.keys.confirmBody')}</Text>
      <Stack gap={4} data-testid="key-proposal">
        <Text size="xs" c="dimmed">
          {t('coldSigning.keys.address')}
        </Text>
        <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
          {proposal.address}
        </Code>
        <Text size="xs" c="dimmed">
          {t('coldSigning.keys.pathAndFingerprint', {
            path: proposal.derivationPath,
            fingerprint: proposal.masterFingerprint,
          })}
        </Text>
      </Stack>
      <FormFooter
        error={confirm.error}
        onCancel={onClose}
        onSubmit={send}
        submitLabel={t('coldSigning.keys.confirm')}
        pending={confirm.isPending}
        submitTestId="key-confirm-submit"
      />
    </Stack>
  );
}
