import { Select, Text, TextInput } from '@mantine/core';
import { type Blockchain, eosAccountNameSchema, familyOf, validationMessage } from '@vaultline/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNetworkOptions } from '../../components/chain-ui';
import { DialogForm, FormModal } from '../../components/DialogForm';
import { FormFooter } from '../../components/FormFooter';
import { FlowIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { notifySuccess } from '../../components/notify';
import { QrPartsInput } from '../../components/QrPartsInput';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { isApiError } from '../../lib/error-reader';
import { partsOf } from '../../lib/ur-progress';
import { useProposeColdWallet } from './api';
import { SignersControl } from './SignersControl';

/** A cold wallet for an organization, proposed with its account key's codes; another operator approves it. */
export function ColdWalletDialog({
  organization,
  opened,
  onClose,
}: {
  organization: { id: string; name: string };
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormModal opened={opened} onClose={onClose} title={t('coldWallet.title')} size="lg" testId="cold-wallet-dialog">
      <ColdWalletForm organization={organization} onClose={onClose} />
    </FormModal>
  );
}

function ColdWalletForm({
  organization,
  onClose,
}: {
  organization: { id: string; name: string };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const propose = useProposeColdWallet();
  const networks = useNetworkOptions();
  const [walletName, setWalletName] = useState('');
  const [blockchain, setBlockchain] = useState<Blockchain | null>(null);
  const [codes, setCodes] = useState('');
  const [signers, setSigners] = useState<'1' | '2'>('1');
  const [accountName, setAccountName] = useState('');
  const [missing, setMissing] = useState(false);
  // An EOS-type address is an account name: the proposal names the account the key is to control.
  const eosType = blockchain !== null && familyOf(blockchain) === 'eosio';
  // The node's word on the account (a network with a real node): shown at the account name, not only in the footer.
  const refusal = isApiError(propose.error) && propose.error.code === '4000' ? propose.error.data : null;
  const refusedReason = (refusal as { reason?: unknown } | null)?.reason;
  const accountNameError = (() => {
    if (eosType && refusedReason === 'account-unknown') return t('coldWallet.accountUnknown');
    if (eosType && refusedReason === 'account-not-controlled') return t('coldWallet.accountNotControlled');
    if (!eosType || !missing) return null;
    if (!accountName) return validationMessage('validation.required', lang);
    return eosAccountNameSchema.safeParse(accountName).success
      ? null
      : validationMessage('validation.eosAccountName.invalid', lang);
  })();

  const submit = () => {
    const parts = partsOf(codes);
    const accountNameValid = !eosType || eosAccountNameSchema.safeParse(accountName).success;
    if (!walletName.trim() || !blockchain || parts.length === 0 || !accountNameValid) {
      setMissing(true);
      return;
    }
    propose.mutate(
      {
        organizationId: organization.id,
        walletName: walletName.trim(),
        blockchain,
        accountParts: parts,
        signersRequired: signers === '2' ? 2 : 1,
        ...(eosType ? { accountName } : {}),
      },
      {
        onSuccess: () => {
          notifySuccess(t('operator.proposals.sent'), t('operator.proposalSentTitle'));
          onClose();
        },
      },
    );
  };
  const required = (empty: boolean) => (missing && empty ? validationMessage('validation.required', lang) : null);

  return (
    <DialogForm onSubmit={submit}>
      <Notice color="indigo" icon={FlowIcon}>
        <Text size="sm">{t('coldWallet.body', { name: organization.name })}</Text>
      </Notice>
      <TextInput
        label={t('coldWallet.walletName')}
        withAsterisk
        maxLength={50}
        data-autofocus
        value={walletName}
        onChange={(event) => setWalletName(event.currentTarget.value)}
        error={required(!walletName.trim())}
        data-testid="cold-wallet-name"
      />
      <Select
        label={t('coldWallet.network')}
        withAsterisk
        searchable
        data={networks}
        value={blockchain}
        onChange={(value) => setBlockchain(value as Blockchain | null)}
        error={required(!blockchain)}
        data-testid="cold-wallet-network"
      />
      {eosType && (
        <TextInput
          label={t('coldWallet.accountName')}
          description={t('coldWallet.accountNameHint')}
          withAsterisk
          maxLength={12}
          value={accountName}
          onChange={(event) => setAccountName(event.currentTarget.value.trim())}
          error={accountNameError}
          data-testid="cold-wallet-account-name"
        />
      )}
      <SignersControl value={signers} onChange={setSigners} testId="cold-wallet-signers" />
      <Text size="sm" c="dimmed">
        {t('coldWallet.accountHint')}
      </Text>
      <QrPartsInput
        text={codes}
        onTextChange={setCodes}
        label={t('coldWallet.accountLabel')}
        error={required(partsOf(codes).length === 0)}
        testId="cold-wallet-codes"
      />
      <FormFooter
        error={propose.error}
        onCancel={onClose}
        submitLabel={t('operator.proposals.submit')}
        pending={propose.isPending}
        submitTestId="cold-wallet-submit"
      />
    </DialogForm>
  );
}
