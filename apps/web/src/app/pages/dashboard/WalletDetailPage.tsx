import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WithdrawIcon } from '../../../components/icons';
import { WalletLinePanel } from '../../../features/approvals/WalletLinePanel';
import { WalletActivity, WalletBalances } from '../../../features/assets/WalletAssets';
import { useSession } from '../../../features/session/SessionProvider';
import { AddHeldTokenButton } from '../../../features/tokens/AddHeldTokenButton';
import { canManageTokens } from '../../../features/tokens/permissions';
import { WalletDetail } from '../../../features/wallets/WalletDetail';
import { PATHS } from '../../../lib/paths';

/**
 * One wallet (`/dashboard/wallets/:blockchain/:id`): its address, balances, activity, members and approval line.
 * Fetched by the wallets page when a wallet is opened, so the list does not load it.
 */
export function WalletDetailPage({ id, chainLabel }: { id: string; chainLabel: string | undefined }) {
  const { t } = useTranslation();
  const { me } = useSession();
  return (
    <WalletDetail
      walletId={id}
      chainLabel={chainLabel}
      ownerOverride={me.permissions.includes('OWNER')}
      myMemberId={me.id}
      renderApprovalLine={(wallet) => <WalletLinePanel walletId={wallet.id} />}
      renderBalances={(wallet) => (
        <WalletBalances
          walletId={wallet.id}
          renderAddToken={canManageTokens(me.permissions) ? (token) => <AddHeldTokenButton token={token} /> : undefined}
        />
      )}
      renderActivity={(wallet) => <WalletActivity walletId={wallet.id} />}
      renderActions={(wallet) => (
        <Button
          component={Link}
          to={`${PATHS.withdraw}?wallet=${wallet.id}`}
          size="xs"
          variant="light"
          ml="sm"
          leftSection={<WithdrawIcon size={14} />}
          data-testid="wallet-withdraw"
        >
          {t('nav.withdraw')}
        </Button>
      )}
    />
  );
}
