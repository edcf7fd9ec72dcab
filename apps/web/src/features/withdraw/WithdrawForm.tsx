import { Anchor, Button, Grid, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { blockchainLabel, type RequestView } from '@vaultline/contracts';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { shortAddress } from '../../components/chain-ui';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Notice } from '../../components/Notice';
import { notifySuccess } from '../../components/notify';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { formatAmount } from '../../lib/amounts';
import { useContractForm } from '../../lib/contract-form';
import { schemaError } from '../../lib/form-validation';
import { memoRule } from '../../lib/memo-rule';
import { PATHS } from '../../lib/paths';
import { useCreateWithdrawal, useDestinations, useWalletTokens, useWithdrawalPreview, useWithdrawWallets } from './api';
import { WithdrawPreview } from './WithdrawPreview';
import { amountError, canWithdrawAny, serverFieldErrors } from './withdraw-rules';

export interface WithdrawFormProps {
  organizationId: string;
  /** A wallet to start from (`?wallet=`). */
  initialWalletId?: string | null;
  /** The request just made: the page opens its detail. */
  onCreated: (request: RequestView) => void;
}

const EMPTY = { walletId: '', tokenId: '', addressBookId: '', amount: '', memo: '' };

/** Wallet → token → registered destination → amount (max) → memo where the network has one; the preview beside. */
export function WithdrawForm({ organizationId, initialWalletId, onCreated }: WithdrawFormProps) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const form = useContractForm({
    initialValues: { ...EMPTY, walletId: initialWalletId ?? '' },
    rules: {
      walletId: (value) => (value ? null : t('withdraw.errors.wallet')),
      tokenId: (value) => (value ? null : t('withdraw.errors.token')),
      addressBookId: (value) => (value ? null : t('withdraw.errors.destination')),
      amount: (value) => (preview.data ? amountError(value, preview.data, lang) : null),
      memo: (value) => (value ? schemaError(memoRule, value, lang) : null),
    },
  });
  const { walletId, tokenId, addressBookId } = form.values;
  const wallets = useWithdrawWallets();
  const wallet = wallets.data?.items.find((w) => w.id === walletId);
  const tokens = useWalletTokens(wallet ? walletId : null);
  const destinations = useDestinations(organizationId, tokenId || null);
  const preview = useWithdrawalPreview(wallet && tokenId ? { walletId, blockchain: wallet.blockchain, tokenId } : null);
  const create = useCreateWithdrawal();

  const held = useMemo(
    () => (tokens.data?.balances ?? []).filter((b) => b.total !== '0' || b.type === 'NATIVE'),
    [tokens.data],
  );
  const entries = destinations.data?.items ?? [];
  const entry = entries.find((e) => e.id === addressBookId);

  // A wallet chosen from the link may arrive before the list: nothing to do; a token of another wallet is dropped.
  useEffect(() => {
    if (tokenId && tokens.data && !held.some((b) => b.tokenId === tokenId)) form.setFieldValue('tokenId', '');
  }, [tokens.data, held, tokenId, form.setFieldValue]);

  const choose = (field: 'walletId' | 'tokenId', value: string | null) => {
    form.setFieldValue(field, value ?? '');
    if (field === 'walletId') form.setFieldValue('tokenId', '');
    form.setValues({ addressBookId: '', amount: '', memo: '' });
    form.clearErrors();
    create.reset();
  };

  const approval = preview.data?.approval;
  const blocked =
    !!preview.data && (!approval?.canRequest || !canWithdrawAny(preview.data) || !preview.data.fee.covered);

  const submit = form.onSubmit((values) => {
    if (!wallet || blocked) return;
    create.mutate(
      {
        blockchain: wallet.blockchain,
        walletId: values.walletId,
        tokenId: values.tokenId,
        addressBookId: values.addressBookId,
        amount: values.amount.trim(),
        ...(preview.data?.memoSupported && values.memo.trim() ? { memo: values.memo.trim() } : {}),
      },
      {
        onSuccess: (request) => {
          notifySuccess(t('withdraw.created'));
          form.setValues({ addressBookId: '', amount: '', memo: '' });
          form.resetDirty();
          onCreated(request);
        },
        onError: (error) => {
          const fields = serverFieldErrors(error, lang);
          if (Object.keys(fields).length > 0) form.setErrors(fields);
        },
      },
    );
  });
  const fieldErrorShown = create.error && Object.keys(serverFieldErrors(create.error, lang)).length > 0;

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Paper withBorder radius="md" p="lg" component="form" onSubmit={submit} noValidate data-testid="withdraw-form">
          <Stack gap="md">
            <Select
              label={t('withdraw.wallet')}
              placeholder={t('withdraw.walletPlaceholder')}
              data={(wallets.data?.items ?? []).map((w) => ({
                value: w.id,
                label: `${w.name} · ${blockchainLabel(w.blockchain, lang)}`,
              }))}
              value={walletId || null}
              onChange={(value) => choose('walletId', value)}
              error={form.errors.walletId}
              searchable
              disabled={!wallets.data}
              nothingFoundMessage={t('withdraw.noWallets')}
              data-testid="withdraw-wallet"
            />
            <Select
              label={t('withdraw.token')}
              placeholder={t('withdraw.tokenPlaceholder')}
              data={held.map((b) => ({
                value: b.tokenId,
                label: `${b.symbol} · ${t('withdraw.tokenBalance', { amount: formatAmount(b.withdrawable, b.decimals) })}`,
              }))}
              value={tokenId || null}
              onChange={(value) => choose('tokenId', value)}
              error={form.errors.tokenId}
              disabled={!tokens.data}
              data-testid="withdraw-token"
            />
            <Select
              label={t('withdraw.destination')}
              description={t('withdraw.destinationHint')}
              placeholder={t('withdraw.destinationPlaceholder')}
              data={entries.map((e) => ({ value: e.id, label: `${e.name} · ${shortAddress(e.address)}` }))}
              value={addressBookId || null}
              onChange={(value) => form.setFieldValue('addressBookId', value ?? '')}
              error={form.errors.addressBookId}
              disabled={!destinations.data}
              searchable
              data-testid="withdraw-destination"
            />
            {tokenId && destinations.data && entries.length === 0 ? (
              <Notice color="yellow" p="sm" testId="withdraw-no-destination">
                <Text size="sm">
                  {t('withdraw.noDestination')}{' '}
                  <Anchor component={Link} to={`${PATHS.organization}?tab=address-book`} size="sm" fw={600}>
                    {t('withdraw.openAddressBook')}
                  </Anchor>
                </Text>
              </Notice>
            ) : null}
            {entry ? (
              <Text size="xs" c="dimmed" ff="monospace" data-testid="withdraw-destination-address">
                {entry.address}
              </Text>
            ) : null}
            <TextInput
              label={t('withdraw.amount')}
              placeholder="0.0"
              inputMode="decimal"
              autoComplete="off"
              disabled={!preview.data}
              {...form.getInputProps('amount')}
              rightSection={
                <Button
                  size="compact-xs"
                  variant="light"
                  disabled={!preview.data}
                  onClick={() => preview.data && form.setFieldValue('amount', preview.data.maxAmount)}
                  data-testid="withdraw-max"
                >
                  {t('withdraw.max')}
                </Button>
              }
              rightSectionWidth={64}
              description={preview.data ? preview.data.token.symbol : undefined}
              data-testid="withdraw-amount"
            />
            {preview.data?.memoSupported ? (
              <TextInput
                label={t('withdraw.memo')}
                description={t('withdraw.memoHint')}
                placeholder={entry?.memo ?? ''}
                {...form.getInputProps('memo')}
                data-testid="withdraw-memo"
              />
            ) : null}
            {create.error && !fieldErrorShown ? <ErrorAlert error={create.error} title={t('withdraw.failed')} /> : null}
            <Button
              type="submit"
              loading={create.isPending}
              disabled={!preview.data || blocked}
              data-testid="withdraw-submit"
            >
              {t(approval?.exempt ? 'withdraw.submitExempt' : 'withdraw.submit')}
            </Button>
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <WithdrawPreview preview={preview.data} loading={preview.isFetching} error={preview.error} />
      </Grid.Col>
    </Grid>
  );
}
