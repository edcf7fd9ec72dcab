import { Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type Blockchain, blockchainLabel, type RequestView, WALLET_NAME_MAX } from '@vaultline/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChainAvatar, useNetworkOptions } from '../../components/chain-ui';
import { DialogForm } from '../../components/DialogForm';
import { FormFooter } from '../../components/FormFooter';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { useContractForm } from '../../lib/contract-form';
import { useAccountNameCheck, useRequestWallet } from './api';
import { accountNameError, NAME_ERROR_CODES, needsAccountName, walletNameError } from './wallet-form-rules';

export interface CreateWalletFormProps {
  organizationId: string;
  onCancel: () => void;
  onSent: (request: RequestView) => void;
  /** Who will decide the request (the creation line), composed in by the page: it belongs to the approvals. */
  linePreview?: ReactNode;
}

type AddressMode = 'random' | 'manual';

type CreateWalletValues = {
  blockchain: Blockchain | null;
  name: string;
  mode: AddressMode;
  account: string;
};

/** An EOS-type account chosen by hand is the wallet's address: it is checked; a random one is drawn by the server. */
const choosesAccount = ({ blockchain, mode }: CreateWalletValues) => needsAccountName(blockchain) && mode === 'manual';

/**
 * Network and name; for an EOS-type network also the address: drawn at random by the server, or a
 * 12-character account chosen by hand and checked as it is typed. Sending makes a request that the
 * organization's wallet-creation approval line decides.
 */
export function CreateWalletForm({ organizationId, onCancel, onSent, linePreview }: CreateWalletFormProps) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const send = useRequestWallet();
  const networks = useNetworkOptions();
  const form = useContractForm<CreateWalletValues>({
    initialValues: { blockchain: null, name: '', mode: 'random', account: '' },
    rules: {
      blockchain: (value) => (value ? null : t('walletCreate.networkRequired')),
      name: (value) => walletNameError(value, lang),
      account: (value, values) => (choosesAccount(values) ? accountNameError(value, lang) : null),
    },
    validateInputOnChange: ['name'],
  });
  // An account's format is shown once the field is left or the form sent, or as soon as 12 characters are in.
  const [accountLeft, setAccountLeft] = useState(false);

  const { blockchain, name, account } = form.values;
  const eos = needsAccountName(blockchain);
  const manual = choosesAccount(form.values);
  const accountFormat = manual ? accountNameError(account, lang) : null;
  const [checkedAccount] = useDebouncedValue(manual && !accountFormat ? account : '', 300);
  const check = useAccountNameCheck(organizationId, blockchain, checkedAccount);
  const checkSettled = checkedAccount === account && !check.isFetching && !!check.data;
  const taken = checkSettled && check.data ? !check.data.available : false;
  const accountError =
    form.errors.account ??
    (accountLeft || account.length >= 12 ? accountFormat : null) ??
    (taken ? t('walletCreate.accountTaken') : null);

  const submit = () => {
    setAccountLeft(true);
    form.onSubmit((values) => {
      if (!values.blockchain || (manual && (!checkSettled || taken))) return;
      send.mutate(
        {
          organizationId,
          blockchain: values.blockchain,
          name: values.name.trim(),
          ...(manual ? { accountName: account } : {}),
        },
        {
          onSuccess: onSent,
          onError: (error) => {
            if (NAME_ERROR_CODES.includes(error.code)) form.setFieldError('name', error.messageIn(lang));
            else if (error.code === '4109' && manual) form.setFieldError('account', t('walletCreate.accountTaken'));
          },
        },
      );
    })();
  };

  const formError =
    send.error && !NAME_ERROR_CODES.includes(send.error.code) && !(send.error.code === '4109' && manual)
      ? send.error
      : null;

  return (
    <DialogForm onSubmit={submit}>
      <Select
        label={t('walletCreate.network')}
        placeholder={t('walletCreate.networkPlaceholder')}
        withAsterisk
        searchable
        data={networks}
        value={blockchain}
        onChange={(value) => {
          form.setFieldValue('blockchain', value as Blockchain | null);
          form.clearFieldError('account');
        }}
        leftSection={blockchain ? <ChainAvatar chain={blockchain} size={22} /> : null}
        renderOption={({ option }) => (
          <Group gap="sm" wrap="nowrap">
            <ChainAvatar chain={option.value as Blockchain} size={24} />
            <Text size="sm">{option.label}</Text>
          </Group>
        )}
        maxDropdownHeight={320}
        nothingFoundMessage={t('walletList.noNetwork')}
        error={form.errors.blockchain}
        data-testid="create-wallet-network"
      />
      <TextInput
        label={t('walletCreate.name')}
        placeholder={t('walletCreate.namePlaceholder')}
        description={t('walletCreate.nameHint', { max: WALLET_NAME_MAX })}
        withAsterisk
        {...form.getInputProps('name')}
        rightSection={
          <Text size="xs" c={[...name.trim()].length > WALLET_NAME_MAX ? 'red' : 'dimmed'}>
            {[...name.trim()].length}/{WALLET_NAME_MAX}
          </Text>
        }
        rightSectionWidth={56}
        data-testid="create-wallet-name"
      />
      {eos && blockchain ? (
        <Stack gap={6} data-testid="create-wallet-address-mode">
          <Text size="sm" fw={600}>
            {t('walletCreate.address', { network: blockchainLabel(blockchain, lang) })}
          </Text>
          <SegmentedControl
            fullWidth
            value={form.values.mode}
            onChange={(value) => {
              form.setFieldValue('mode', value as AddressMode);
              form.clearFieldError('account');
            }}
            data={[
              { value: 'random', label: t('walletCreate.random') },
              { value: 'manual', label: t('walletCreate.manual') },
            ]}
            data-testid="create-wallet-mode"
          />
          {manual ? (
            <TextInput
              aria-label={t('walletCreate.accountName')}
              placeholder={t('walletCreate.accountPlaceholder')}
              description={t('walletCreate.accountHint')}
              value={account}
              maxLength={12}
              mt={4}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: 0.5 } }}
              onChange={(event) => form.setFieldValue('account', event.currentTarget.value.trim())}
              onBlur={() => setAccountLeft(true)}
              error={accountError}
              data-testid="create-wallet-account"
            />
          ) : (
            <Text size="xs" c="dimmed">
              {t('walletCreate.randomHint')}
            </Text>
          )}
          {manual && !accountError && checkSettled && check.data?.available ? (
            <Text size="xs" c="teal.7" fw={600} data-testid="create-wallet-account-available">
              {t('walletCreate.accountAvailable')}
            </Text>
          ) : null}
        </Stack>
      ) : null}
      {linePreview}
      <FormFooter
        error={formError}
        errorTitle={t('walletCreate.failedTitle')}
        onCancel={onCancel}
        submitLabel={t('walletCreate.submit')}
        pending={send.isPending}
        submitTestId="create-wallet-submit"
      />
    </DialogForm>
  );
}
