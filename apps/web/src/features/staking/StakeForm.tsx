import { Box, Button, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  blockchainLabel,
  type RequestView,
  STAKING_TOKEN_TYPES,
  type StakingPeriod,
  type StakingTokenType,
} from '@vaultline/contracts';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/DialogForm';
import { FormFooter } from '../../components/FormFooter';
import { Notice } from '../../components/Notice';
import { notifySuccess } from '../../components/notify';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { useContractForm } from '../../lib/contract-form';
import { useCreateStake, useStakingProtocols, useStakingValidators, useStakingWallet, useStakingWallets } from './api';
import { StakeSummary } from './StakeSummary';
import { symbolOfChain } from './StakingWallets';
import { periodOptions, validatorOptions } from './stake-options';
import {
  amountText,
  earliestUnbondingEnd,
  estimatedReturnBps,
  exactAmountText,
  trimDecimal,
  YEARLY_RETURN_AFTER_COMMISSION,
  yearlyRewards,
} from './staking-math';
import { type AmountBounds, amountError, canStakeAny, serverFieldErrors } from './staking-rules';
import { tokenTypeLabel } from './staking-ui';

export interface StakeFormDialogProps {
  opened: boolean;
  onClose: () => void;
  /** A wallet or a validator to start from (the wallet's or the validator's Stake button). */
  initialWalletId?: string | null;
  initialValidatorId?: string | null;
  onCreated: (request: RequestView) => void;
}

/** The stake form in a dialog, started afresh at every opening. */
export function StakeFormDialog({
  opened,
  onClose,
  initialWalletId,
  initialValidatorId,
  onCreated,
}: StakeFormDialogProps) {
  const { t } = useTranslation();
  return (
    <FormModal opened={opened} onClose={onClose} title={t('staking.form.title')} size="xl" testId="stake-dialog">
      <StakeForm
        initialWalletId={initialWalletId ?? null}
        initialValidatorId={initialValidatorId ?? null}
        onCancel={onClose}
        onCreated={(request) => {
          onClose();
          onCreated(request);
        }}
      />
    </FormModal>
  );
}

const FIELDS = ['walletId', 'validatorId', 'period', 'tokenType', 'amount'] as const;

type StakeValues = {
  walletId: string;
  validatorId: string;
  period: StakingPeriod;
  tokenType: StakingTokenType;
  amount: string;
};

export interface StakeFormProps {
  initialWalletId: string | null;
  initialValidatorId: string | null;
  onCancel: () => void;
  onCreated: (request: RequestView) => void;
}

/**
 * Wallet → validator → period → token kind → amount (Max); before submitting, the estimated yearly return of that
 * choice, the earliest end of unbonding and the minimum. A validator takes one token kind (chosen for you), and
 * locked tokens take only the flexible period.
 */
export function StakeForm({ initialWalletId, initialValidatorId, onCancel, onCreated }: StakeFormProps) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const wallets = useStakingWallets();
  const validators = useStakingValidators();
  const protocols = useStakingProtocols();
  const create = useCreateStake();

  const form = useContractForm<StakeValues>({
    initialValues: {
      walletId: initialWalletId ?? '',
      validatorId: initialValidatorId ?? '',
      period: 'FLEXIBLE',
      tokenType: 'UNLOCKED',
      amount: '',
    },
    rules: {
      walletId: (value) => (value ? null : t('staking.form.errors.wallet')),
      validatorId: (value) => (value ? null : t('staking.form.errors.validator')),
      amount: (value): string | null => (bounds ? amountError(value, bounds, lang) : null),
    },
  });
  const { walletId, validatorId, period } = form.values;
  const wallet = wallets.data?.items.find((w) => w.walletId === walletId);
  const walletDetail = useStakingWallet(wallet ? walletId : null);
  // A validator has the same key on every network the ledger plays (Story and its testnet): its entry is the one on
  // the wallet's network, any when no wallet is chosen yet.
  const allValidators = validators.data?.items ?? [];
  const validatorOn = (id: string, on: string | undefined) =>
    allValidators.find((v) => v.validatorId === id && (!on || v.blockchain === on)) ??
    allValidators.find((v) => v.validatorId === id);
  const validator = validatorId ? validatorOn(validatorId, wallet?.blockchain) : undefined;
  // A validator takes one token kind: its own, whatever was picked before it was chosen (or before it was read).
  const tokenType = validator?.tokenType ?? form.values.tokenType;
  const chain = wallet?.blockchain ?? validator?.blockchain;
  const protocol = protocols.data?.items.find((p) => p.blockchain === chain);
  const periods = protocol?.periods ?? [];
  const periodInfo = periods.find((p) => p.period === period);
  const symbol = protocol?.symbol ?? (chain ? symbolOfChain(chain) : 'IP');
  const max = walletDetail.data?.maxStakeAmount;
  const bounds: AmountBounds | null = max
    ? { decimals: protocol?.decimals ?? 18, symbol, minimum: protocol?.minimumStakableAmount, maximum: max }
    : null;
  const nothingToStake = !!max && !canStakeAny(max, protocol?.minimumStakableAmount);
  // The token kind is the validator's; locked tokens force the flexible period.
  const tokenTypeForced = !!validator;
  const periodForced = tokenType === 'LOCKED';

  const chooseWallet = (value: string | null) => {
    form.setFieldValue('walletId', value ?? '');
    const next = wallets.data?.items.find((w) => w.walletId === value);
    const offered = allValidators.some((v) => v.validatorId === validatorId && v.blockchain === next?.blockchain);
    if (validatorId && next && !offered) form.setFieldValue('validatorId', '');
    form.setFieldValue('amount', '');
    form.clearErrors();
    create.reset();
  };
  const chooseValidator = (value: string | null) => {
    form.setFieldValue('validatorId', value ?? '');
    const next = value ? validatorOn(value, wallet?.blockchain) : undefined;
    if (next) setTokenType(next.tokenType);
    form.clearFieldError('validatorId');
    create.reset();
  };
  const setTokenType = (value: StakingTokenType) => {
    form.setFieldValue('tokenType', value);
    if (value === 'LOCKED') form.setFieldValue('period', 'FLEXIBLE');
  };

  const estimate =
    validator && periodInfo
      ? estimatedReturnBps({
          estimatedYearlyReturn: validator.estimatedYearlyReturn,
          commission: YEARLY_RETURN_AFTER_COMMISSION ? undefined : validator.commission,
          rewardMultiplier: periodInfo.rewardMultiplier,
          tokenType,
          lockedTokenWeight: protocol?.lockedTokenWeight,
        })
      : null;
  const perYear =
    estimate !== null && bounds && amountError(form.values.amount, bounds, lang) === null
      ? yearlyRewards(form.values.amount.trim(), estimate, bounds.decimals)
      : null;
  const unbondingEnd =
    protocol && periodInfo ? earliestUnbondingEnd(new Date(), protocol, periodInfo.lockSeconds) : null;

  const submit = form.onSubmit((values) => {
    if (nothingToStake) return;
    create.mutate(
      {
        walletId: values.walletId,
        validatorId: values.validatorId,
        period: tokenType === 'LOCKED' ? 'FLEXIBLE' : values.period,
        tokenType,
        amount: values.amount.trim(),
      },
      {
        onSuccess: (request) => {
          notifySuccess(t('staking.form.created'));
          onCreated(request);
        },
        onError: (error) => {
          const fields = serverFieldErrors(error, FIELDS, lang);
          if (Object.keys(fields).length > 0) form.setErrors(fields);
        },
      },
    );
  });
  const fieldErrorShown = create.error && Object.keys(serverFieldErrors(create.error, FIELDS, lang)).length > 0;

  return (
    <form onSubmit={submit} noValidate data-testid="stake-form">
      <Stack gap="md">
        {/* The fields beside their summary, and the buttons kept in view: the form fits a laptop's screen. */}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="md">
          <Stack gap="sm">
            <Select
              label={t('staking.form.wallet')}
              placeholder={t('staking.form.walletPlaceholder')}
              data={(wallets.data?.items ?? []).map((w) => ({
                value: w.walletId,
                label: `${w.walletName} · ${blockchainLabel(w.blockchain, lang)}`,
              }))}
              value={walletId || null}
              onChange={chooseWallet}
              error={form.errors.walletId}
              searchable
              disabled={!wallets.data}
              nothingFoundMessage={t('staking.form.noWallets')}
              data-testid="stake-wallet"
            />
            <Select
              label={t('staking.form.validator')}
              description={t('staking.form.validatorHint')}
              placeholder={t('staking.form.validatorPlaceholder')}
              data={validatorOptions(t, allValidators, chain, validatorId)}
              value={validatorId || null}
              onChange={chooseValidator}
              error={form.errors.validatorId}
              searchable
              disabled={!validators.data}
              data-testid="stake-validator"
            />
            <Select
              label={t('staking.form.period')}
              description={periodForced ? t('staking.form.periodLockedHint') : undefined}
              data={periodOptions(t, periods)}
              value={periodForced ? 'FLEXIBLE' : period}
              onChange={(value) => value && form.setFieldValue('period', value as StakingPeriod)}
              error={form.errors.period}
              allowDeselect={false}
              disabled={periodForced || !protocol}
              data-testid="stake-period"
            />
            <Select
              label={t('staking.form.tokenType')}
              data={STAKING_TOKEN_TYPES.map((value) => ({ value, label: tokenTypeLabel(t, value) }))}
              value={tokenType}
              onChange={(value) => value && setTokenType(value as StakingTokenType)}
              error={form.errors.tokenType}
              allowDeselect={false}
              disabled={tokenTypeForced}
              data-testid="stake-token-type"
            />
            <TextInput
              label={t('staking.form.amount')}
              placeholder="0.0"
              inputMode="decimal"
              autoComplete="off"
              disabled={!max}
              description={
                max && protocol ? (
                  <span
                    title={t('staking.form.amountHint', {
                      max: exactAmountText(max, symbol),
                      min: exactAmountText(protocol.minimumStakableAmount, symbol),
                    })}
                  >
                    {t('staking.form.amountHint', {
                      max: amountText(max, symbol),
                      min: amountText(protocol.minimumStakableAmount, symbol),
                    })}
                  </span>
                ) : undefined
              }
              {...form.getInputProps('amount')}
              rightSection={
                <Button
                  size="compact-xs"
                  variant="light"
                  disabled={!max}
                  onClick={() => max && form.setFieldValue('amount', trimDecimal(max))}
                  data-testid="stake-max"
                >
                  {t('staking.form.max')}
                </Button>
              }
              rightSectionWidth={64}
              data-testid="stake-amount"
            />
            {nothingToStake ? (
              <Notice color="yellow" p="sm" testId="stake-nothing">
                <Text size="sm">{t('staking.form.nothingToStake')}</Text>
              </Notice>
            ) : null}
          </Stack>
          <StakeSummary
            estimate={estimate}
            perYear={perYear}
            unbondingEnd={unbondingEnd}
            protocol={protocol}
            tokenType={tokenType}
            symbol={symbol}
          />
        </SimpleGrid>
        {/* On a short screen the modal scrolls; its buttons stay at the bottom of the view. */}
        <Box pos="sticky" bottom={0} bg="var(--mantine-color-body)" py="xs" style={{ zIndex: 1 }}>
          <FormFooter
            error={fieldErrorShown ? null : create.error}
            errorTitle={t('staking.form.failed')}
            onCancel={onCancel}
            cancelTestId="stake-cancel"
            submitLabel={t('staking.form.submit')}
            pending={create.isPending}
            submitDisabled={nothingToStake}
            submitTestId="stake-submit"
          />
        </Box>
      </Stack>
    </form>
  );
}
