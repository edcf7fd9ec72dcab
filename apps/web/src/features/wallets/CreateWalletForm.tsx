import { Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type Blockchain, blockchainLabel, type RequestView, WALLET_NAME_MAX } from '@vaultline/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogForm } from '../../components/DialogForm';
import { FormFooter } from '../../components/FormFooter';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { useAccountNameCheck, useRequestWallet } from './api';
import { CreationLinePreview } from './CreationLinePreview';
import { ChainAvatar, useNetworkOptions } from './chain-ui';
import { accountNameError, NAME_ERROR_CODES, needsAccountName, walletNameError } from './wallet-form-rules';

export interface CreateWalletFormProps {
  organizationId: string;
  onCancel: () => void;
  onSent: (request: RequestView) => void;
}

type AddressMode = 'random' | 'manual';

/**
 * Network and name; for an EOS-type network also the address: drawn at random by the server, or a
 * 12-character account chosen by hand and checked as it is typed. Sending makes a request that the
 * organization's wallet-creation approval line decides.
 */
export function CreateWalletForm({ organizationId, onCancel, onSent }: CreateWalletFormProps) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const send = useRequestWallet();
  const networks = useNetworkOptions();
  const [blockchain, setBlockchain] = useState<Blockchain | null>(null);
  const [name, setName] = useState('');
  const [mode, setMode] = useState<AddressMode>('random');
  const [account, setAccount] = useState('');
  const [touched, setTouched] = useState({ network: false, name: false, account: false });
  const [serverNameError, setServerNameError] = useState<string | null>(null);
  const [serverAccountError, setServerAccountError] = useState<string | null>(null);

  const eos = needsAccountName(blockchain);
  const manual = eos && mode === 'manual';
  const nameError = serverNameError ?? (touched.name ? walletNameError(name, lang) : null);
  const accountFormat = manual ? accountNameError(account, lang) : null;
  const [checkedAccount] = useDebouncedValue(manual && !accountFormat ? account : '', 300);
  const check = useAccountNameCheck(organizationId, blockchain, checkedAccount);
  const checkSettled = checkedAccount === account && !check.isFetching && !!check.data;
  const taken = checkSettled && check.data ? !check.data.available : false;
  const accountError =
    serverAccountError ??
    (touched.account || account.length >= 12 ? accountFormat : null) ??
    (taken ? t('walletCreate.accountTaken') : null);

  const submit = () => {
    setTouched({ network: true, name: true, account: true });
    if (!blockchain || walletNameError(name, lang)) return;
    if (manual && (accountFormat || !checkSettled || taken)) return;
    send.mutate(
      { organizationId, blockchain, name: name.trim(), ...(manual ? { accountName: account } : {}) },
      {
        onSuccess: onSent,
        onError: (error) => {
          if (NAME_ERROR_CODES.includes(error.code)) setServerNameError(error.messageIn(lang));
          else if (error.code === '4109' && manual) setServerAccountError(t('walletCreate.accountTaken'));
        },
      },
    );
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
          setBlockchain(value as Blockchain | null);
          setServerAccountError(null);
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
        error={touched.network && !blockchain ? t('walletCreate.networkRequired') : null}
        data-testid="create-wallet-network"
      />
      <TextInput
        label={t('walletCreate.name')}
        placeholder={t('walletCreate.namePlaceholder')}
        description={t('walletCreate.nameHint', { max: WALLET_NAME_MAX })}
        withAsterisk
        value={name}
        onChange={(event) => {
          setName(event.currentTarget.value);
          setServerNameError(null);
          setTouched((current) => ({ ...current, name: true }));
        }}
        error={nameError}
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
            value={mode}
            onChange={(value) => {
              setMode(value as AddressMode);
              setServerAccountError(null);
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
              onChange={(event) => {
                setAccount(event.currentTarget.value.trim());
                setServerAccountError(null);
              }}
              onBlur={() => setTouched((current) => ({ ...current, account: true }))}
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
      <CreationLinePreview />
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
