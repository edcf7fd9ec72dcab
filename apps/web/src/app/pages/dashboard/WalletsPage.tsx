import { Button, Text } from '@mantine/core';
import { Blockchain, blockchainLabel } from '@vaultline/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { AlertIcon, WithdrawIcon } from '../../../components/icons';
import { Notice } from '../../../components/Notice';
import { PageHeader } from '../../../components/PageHeader';
import { CreationLinePreview } from '../../../features/approvals/CreationLinePreview';
import { WalletLinePanel } from '../../../features/approvals/WalletLinePanel';
import { WalletActivity, WalletBalances } from '../../../features/assets/WalletAssets';
import { GasFeeWalletsCard } from '../../../features/gas-fee/GasFeeWalletsCard';
import { useSession } from '../../../features/session/SessionProvider';
import { AddHeldTokenButton } from '../../../features/tokens/AddHeldTokenButton';
import { canManageTokens } from '../../../features/tokens/permissions';
import { CreateWalletButton } from '../../../features/wallets/CreateWalletButton';
import { WalletDetail } from '../../../features/wallets/WalletDetail';
import { WalletList } from '../../../features/wallets/WalletList';
import { useAppLanguage } from '../../../i18n/useAppLanguage';
import { PATHS } from '../../../lib/paths';

/** The wallet list, or one wallet when `/:blockchain/:id` is in the path (both optional). */
export function WalletsPage() {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const { blockchain, id } = useParams();
  const { me } = useSession();
  // Path segments are matched case-insensitively, so '/dashboard/wallets/ethereum' also works.
  const chain = blockchain ? Blockchain.safeParse(blockchain.toUpperCase()) : undefined;
  const chainLabel = chain?.success
    ? blockchainLabel(chain.data, lang)
    : blockchain
      ? t('dashboard.wallets.unknownChain', { value: blockchain })
      : undefined;

  if (id) {
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
            renderAddToken={
              canManageTokens(me.permissions) ? (token) => <AddHeldTokenButton token={token} /> : undefined
            }
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

  const canCreate = me.permissions.includes('WALLETS_CREATION');
  return (
    <>
      <PageHeader
        title={t('dashboard.wallets.title')}
        description={t('walletList.description')}
        actions={
          canCreate ? (
            <CreateWalletButton organizationId={me.organization?.id} linePreview={<CreationLinePreview />} />
          ) : null
        }
      />
      {blockchain && !chain?.success ? (
        <Notice color="orange" mb="md" icon={AlertIcon} testId="wallet-selection">
          <Text size="sm">{chainLabel}</Text>
        </Notice>
      ) : null}
      <WalletList
        blockchain={chain?.success ? chain.data : null}
        partialBeforeAnswer={!me.permissions.includes('WALLETS_VIEW')}
        canCreate={canCreate}
      />
      {me.permissions.includes('WALLETS_VIEW') ? <GasFeeWalletsCard /> : null}
    </>
  );
}
