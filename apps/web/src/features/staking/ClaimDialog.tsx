import { Divider, Stack, Text } from '@mantine/core';
import type { RequestView } from '@vaultline/contracts';
import { useTranslation } from 'react-i18next';
import { DialogForm, FormModal } from '../../components/DialogForm';
import { FormFooter } from '../../components/FormFooter';
import { notifySuccess } from '../../components/notify';
import { type StakingWalletDetail, useCreateClaim } from './api';
import { symbolOfChain } from './StakingWallets';
import { AmountValue, Row } from './staking-ui';
import type { ClaimTarget } from './WalletPositions';

export interface ClaimDialogProps {
  target: { wallet: StakingWalletDetail; claim: ClaimTarget } | null;
  onClose: () => void;
  onCreated: (request: RequestView) => void;
}

/** Claims a validator's unbonded principal and rewards into the wallet, after the wallet's line approves. */
export function ClaimDialog({ target, onClose, onCreated }: ClaimDialogProps) {
  const { t } = useTranslation();
  const create = useCreateClaim();
  const close = () => {
    create.reset();
    onClose();
  };
  const body = target ? (
    <ClaimBody
      target={target}
      pending={create.isPending}
      error={create.error}
      onCancel={close}
      onSubmit={() =>
        create.mutate(
          { walletId: target.wallet.walletId, validatorId: target.claim.validatorId },
          {
            onSuccess: (request) => {
              notifySuccess(t('staking.claim.created'));
              close();
              onCreated(request);
            },
          },
        )
      }
    />
  ) : null;
  return (
    <FormModal opened={!!target} onClose={close} title={t('staking.claim.title')} testId="claim-dialog">
      {body}
    </FormModal>
  );
}

function ClaimBody({
  target: { wallet, claim },
  pending,
  error,
  onCancel,
  onSubmit,
}: {
  target: NonNullable<ClaimDialogProps['target']>;
  pending: boolean;
  error: ReturnType<typeof useCreateClaim>['error'];
  onCancel: () => void;
  onSubmit: () => void;
}) {
  const { t } = useTranslation();
  const symbol = symbolOfChain(wallet.blockchain);
  return (
    <DialogForm
      onSubmit={onSubmit}
      intro={t('staking.claim.intro', { validator: claim.validatorName, wallet: wallet.walletName })}
    >
      <Stack gap="xs" data-testid="claim-summary">
        <Row
          label={t('staking.claim.principal')}
          value={<AmountValue value={claim.principal} symbol={symbol} />}
          testId="claim-principal"
        />
        <Row
          label={t('staking.claim.rewards')}
          value={<AmountValue value={claim.rewards} symbol={symbol} />}
          testId="claim-rewards"
        />
        <Divider />
        <Row
          label={t('staking.claim.total')}
          value={<AmountValue value={claim.total} symbol={symbol} />}
          testId="claim-total"
        />
        <Text size="xs" c="dimmed">
          {t('staking.claim.hint')}
        </Text>
      </Stack>
      <FormFooter
        error={error}
        errorTitle={t('staking.claim.failed')}
        onCancel={onCancel}
        cancelTestId="claim-cancel"
        submitLabel={t('staking.claim.submit')}
        pending={pending}
        submitTestId="claim-submit"
      />
    </DialogForm>
  );
}
