import { Paper, Select, Stack, Text } from '@mantine/core';
import {
  type Blockchain,
  type CallResponse,
  isTestnet,
  type SupportedToken,
  type supportedBlockchainsCall,
} from '@vaultline/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogForm, FormModal } from '../../components/DialogForm';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormFooter } from '../../components/FormFooter';
import { notifySuccess } from '../../components/notify';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { toApiError } from '../../lib/error-reader';
import { useAddToken, useSupportedBlockchains, useSupportedTokens } from './api';

export interface AddTokenDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** Registers a supported token: choose its network first, then one of that network's tokens. */
export function AddTokenDialog({ opened, onClose }: AddTokenDialogProps) {
  const { t } = useTranslation();
  return (
    <FormModal opened={opened} onClose={onClose} title={t('tokens.addTitle')} testId="add-token-dialog">
      <AddTokenForm onClose={onClose} />
    </FormModal>
  );
}

type SupportedBlockchain = CallResponse<typeof supportedBlockchainsCall>['items'][number];
type ChainOption = { value: Blockchain; label: string };

/** Mainnets first, then test networks, each alphabetically (labels carry the testnet prefix). */
function chainOptions(items: readonly SupportedBlockchain[], lang: 'en' | 'ko'): ChainOption[] {
  return [...items]
    .sort((a, b) => Number(isTestnet(a.blockchain)) - Number(isTestnet(b.blockchain)) || a.label.localeCompare(b.label))
    .map((item) => ({ value: item.blockchain, label: lang === 'ko' ? item.labelKo : item.label }));
}

function AddTokenForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const chains = useSupportedBlockchains();
  const [blockchain, setBlockchain] = useState<Blockchain | null>(null);
  const [tokenId, setTokenId] = useState<string | null>(null);
  const [missing, setMissing] = useState<'blockchain' | 'token' | null>(null);
  const tokens = useSupportedTokens(blockchain);
  const add = useAddToken();

  // The server flags what the organization already counts as registered (its tokens and every native coin).
  const supported = tokens.data?.items ?? [];
  const addable: SupportedToken[] = supported.filter((token) => !token.registered);
  const native = supported.find((token) => token.type === 'NATIVE');
  const hasFungible = supported.some((token) => token.type !== 'NATIVE');
  const chosen = addable.find((token) => token.tokenId === tokenId);

  const submit = () => {
    if (!blockchain) return setMissing('blockchain');
    if (!tokenId) return setMissing('token');
    add.mutate(tokenId, {
      onSuccess: (added) => {
        notifySuccess(t('tokens.added', { symbol: added.symbol }));
        onClose();
      },
    });
  };

  return (
    <DialogForm onSubmit={submit} intro={t('tokens.addBody')}>
      <Select
        label={t('tokens.network')}
        placeholder={t('tokens.networkPlaceholder')}
        data={chainOptions(chains.data?.items ?? [], lang)}
        value={blockchain}
        onChange={(value) => {
          setBlockchain(value as Blockchain | null);
          setTokenId(null);
          setMissing(null);
          add.reset();
        }}
        searchable
        withAsterisk
        nothingFoundMessage={t('tokens.noNetwork')}
        error={missing === 'blockchain' ? t('tokens.networkRequired') : null}
        data-testid="add-token-network"
        data-autofocus
      />
      <Select
        label={t('tokens.token')}
        placeholder={blockchain ? t('tokens.tokenPlaceholder') : t('tokens.tokenAfterNetwork')}
        data={addable.map((token) => ({ value: token.tokenId, label: `${token.symbol} · ${token.name}` }))}
        value={tokenId}
        onChange={(value) => {
          setTokenId(value);
          setMissing(null);
          add.reset();
        }}
        disabled={!blockchain || addable.length === 0}
        searchable
        withAsterisk
        nothingFoundMessage={t('tokens.noToken')}
        error={missing === 'token' ? t('tokens.tokenRequired') : null}
        data-testid="add-token-token"
      />
      {blockchain && tokens.isSuccess && addable.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="add-token-none">
          {hasFungible
            ? t('tokens.allRegistered', { symbol: native?.symbol ?? '' })
            : t('tokens.nothingToAdd', { symbol: native?.symbol ?? '' })}
        </Text>
      ) : null}
      {chosen ? (
        <Paper withBorder radius="md" p="sm" bg="gray.0" data-testid="add-token-preview">
          <Stack gap={4}>
            <Text size="xs" c="dimmed">
              {t('tokens.columns.contract')}
            </Text>
            <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
              {chosen.contractAddress}
            </Text>
            <Text size="xs" c="dimmed">
              {t('tokens.decimals', { value: chosen.decimals })}
            </Text>
          </Stack>
        </Paper>
      ) : null}
      {chains.isError ? <ErrorAlert error={toApiError(chains.error)} title={t('tokens.loadFailed')} /> : null}
      {tokens.isError ? <ErrorAlert error={toApiError(tokens.error)} title={t('tokens.loadFailed')} /> : null}
      <FormFooter
        error={add.error}
        errorTitle={t('tokens.addFailed')}
        errorColor={add.error?.code === '4033' ? 'orange' : 'red'}
        onCancel={onClose}
        submitLabel={t('tokens.add')}
        pending={add.isPending}
        submitTestId="add-token-submit"
      />
    </DialogForm>
  );
}
