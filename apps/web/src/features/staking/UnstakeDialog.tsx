import { Button, Stack, TextInput } from '@mantine/core';
import { compareDecimals, type RequestView, type StakingPosition } from '@vaultline/contracts';
import { useTranslation } from 'react-i18next';
import { DialogForm, FormModal } from '../../components/DialogForm';
import { FormFooter } from '../../components/FormFooter';
import { notifySuccess } from '../../components/notify';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { useContractForm } from '../../lib/contract-form';
import { type StakingWalletDetail, useCreateUnstake, useStakingProtocols } from './api';
import { symbolOfChain } from './StakingWallets';
import { amountText, exactAmountText, trimDecimal } from './staking-math';
import { amountError, serverFieldErrors } from './staking-rules';
import { AmountValue, periodLabel, Row } from './staking-ui';

export interface UnstakeTarget {
  wallet: StakingWalletDetail;
  position: StakingPosition;
}

export interface UnstakeDialogProps {
  target: UnstakeTarget | null;
  onClose: () => void;
  onCreated: (request: RequestView) => void;
}

/** Unstakes part or all of one position (at most its amount); the request goes through the wallet's line. */
export function UnstakeDialog({ target, onClose, onCreated }: UnstakeDialogProps) {
  const { t } = useTranslation();
  return (
    <FormModal opened={!!target} onClose={onClose} title={t('staking.unstake.title')} testId="unstake-dialog">
      {target ? (
        <UnstakeForm
          target={target}
          onCancel={onClose}
          onCreated={(request) => {
            onClose();
            onCreated(request);
          }}
        />
      ) : null}
    </FormModal>
  );
}

const FIELDS = ['amount'] as const;

function UnstakeForm({
  target: { wallet, position },
  onCancel,
  onCreated,
}: {
  target: UnstakeTarget;
  onCancel: () => void;
  onCreated: (request: RequestView) => void;
}) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const protocols = useStakingProtocols();
  const protocol = protocols.data?.items.find((p) => p.blockchain === wallet.blockchain);
  const symbol = protocol?.symbol ?? symbolOfChain(wallet.blockchain);
  const decimals = protocol?.decimals ?? 18;
  // The minimum applies when the position can meet it; otherwise the server words what is possible.
  const minimum =
    protocol && compareDecimals(position.amount, protocol.minimumUnstakableAmount) >= 0
      ? protocol.minimumUnstakableAmount
      : undefined;
  const create = useCreateUnstake();
  const form = useContractForm({
    initialValues: { amount: '' },
    rules: { amount: (value) => amountError(value, { decimals, symbol, minimum, maximum: position.amount }, lang) },
  });
  const submit = form.onSubmit((values) =>
    create.mutate(
      { walletId: wallet.walletId, positionId: position.positionId, amount: values.amount.trim() },
      {
        onSuccess: (request) => {
          notifySuccess(t('staking.unstake.created'));
          onCreated(request);
        },
        onError: (error) => {
          const fields = serverFieldErrors(error, FIELDS, lang);
          if (Object.keys(fields).length > 0) form.setErrors(fields);
        },
      },
    ),
  );
  const fieldErrorShown = create.error && Object.keys(serverFieldErrors(create.error, FIELDS, lang)).length > 0;
  const fee = exactAmountText(protocol?.unstakeFee ?? '1', symbol);
  const days = Math.ceil((protocol?.unbondingSeconds ?? 14 * 86_400) / 86_400);
  return (
    <DialogForm
      onSubmit={submit}
      intro={t('staking.unstake.intro', {
        validator: position.validatorName,
        period: periodLabel(t, position.period),
        days,
      })}
    >
      <Stack gap="md" data-testid="unstake-form">
        <Row
          label={t('staking.unstake.position')}
          value={<AmountValue value={position.amount} symbol={symbol} decimals={decimals} />}
          testId="unstake-position-amount"
        />
        <TextInput
          label={t('staking.unstake.amount')}
          placeholder="0.0"
          inputMode="decimal"
          autoComplete="off"
          data-autofocus
          description={
            <span title={t('staking.unstake.amountHint', { max: exactAmountText(position.amount, symbol), fee })}>
              {t('staking.unstake.amountHint', { max: amountText(position.amount, symbol), fee })}
            </span>
          }
          {...form.getInputProps('amount')}
          rightSection={
            <Button
              size="compact-xs"
              variant="light"
              onClick={() => form.setFieldValue('amount', trimDecimal(position.amount))}
              data-testid="unstake-max"
            >
              {t('staking.unstake.max')}
            </Button>
          }
          rightSectionWidth={64}
          data-testid="unstake-amount"
        />
        <FormFooter
          error={fieldErrorShown ? null : create.error}
          errorTitle={t('staking.unstake.failed')}
          onCancel={onCancel}
          cancelTestId="unstake-cancel"
          submitLabel={t('staking.unstake.submit')}
          pending={create.isPending}
          submitTestId="unstake-submit"
        />
      </Stack>
    </DialogForm>
  );
}
