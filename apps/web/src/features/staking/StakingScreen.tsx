import { Button, Stack } from '@mantine/core';
import type { RequestView, StakingPosition } from '@vaultline/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import type { StakingWalletDetail } from './api';
import { ClaimDialog } from './ClaimDialog';
import { StakeFormDialog } from './StakeForm';
import { StakingOverview } from './StakingOverview';
import { StakingWallets, symbolOfChain } from './StakingWallets';
import { UnstakeDialog } from './UnstakeDialog';
import { ValidatorDrawer } from './ValidatorDrawer';
import { ValidatorsTable } from './ValidatorsTable';
import { type ClaimTarget, WalletPositions } from './WalletPositions';

export type StakingParam = 'wallet' | 'validator';

export interface StakingScreenProps {
  /** The wallet whose positions are shown (`?wallet=`). */
  walletId: string | null;
  /** The validator whose detail is open (`?validator=`). */
  validatorId: string | null;
  onParam: (key: StakingParam, value: string | null) => void;
  /** A request just made (stake, unstake, claim): the page opens its detail. */
  onRequestCreated: (request: RequestView) => void;
}

/**
 * The staking screen: the overview with its rewards chart, the validators (a row opens its detail), the wallets
 * with their positions (Unstake, Claim), and the stake form.
 */
export function StakingScreen({ walletId, validatorId, onParam, onRequestCreated }: StakingScreenProps) {
  const { t } = useTranslation();
  const [stake, setStake] = useState<{ walletId: string | null; validatorId: string | null } | null>(null);
  const [unstake, setUnstake] = useState<{ wallet: StakingWalletDetail; position: StakingPosition } | null>(null);
  const [claim, setClaim] = useState<{ wallet: StakingWalletDetail; claim: ClaimTarget } | null>(null);
  return (
    <>
      <PageHeader
        title={t('dashboard.staking.title')}
        description={t('staking.description')}
        actions={
          <Button onClick={() => setStake({ walletId, validatorId: null })} data-testid="staking-stake">
            {t('staking.stake')}
          </Button>
        }
      />
      <Stack gap="lg">
        <StakingOverview />
        <ValidatorsTable symbolOf={(v) => symbolOfChain(v.blockchain)} onOpen={(id) => onParam('validator', id)} />
        <StakingWallets selectedWalletId={walletId} onSelect={(id) => onParam('wallet', id)} />
        {walletId ? (
          <WalletPositions
            walletId={walletId}
            onStake={(id) => setStake({ walletId: id, validatorId: null })}
            onUnstake={(wallet, position) => setUnstake({ wallet, position })}
            onClaim={(wallet, target) => setClaim({ wallet, claim: target })}
          />
        ) : null}
      </Stack>
      <ValidatorDrawer
        validatorId={validatorId}
        onClose={() => onParam('validator', null)}
        onStake={(id) => {
          onParam('validator', null);
          setStake({ walletId, validatorId: id });
        }}
      />
      <StakeFormDialog
        opened={!!stake}
        onClose={() => setStake(null)}
        initialWalletId={stake?.walletId}
        initialValidatorId={stake?.validatorId}
        onCreated={onRequestCreated}
      />
      <UnstakeDialog target={unstake} onClose={() => setUnstake(null)} onCreated={onRequestCreated} />
      <ClaimDialog target={claim} onClose={() => setClaim(null)} onCreated={onRequestCreated} />
    </>
  );
}
