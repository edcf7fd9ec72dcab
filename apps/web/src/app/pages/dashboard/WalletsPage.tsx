import { Center, Loader, Text } from '@mantine/core';
import { blockchainLabel } from '@vaultline/contracts';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AlertIcon } from '../../../components/icons';
import { Notice } from '../../../components/Notice';
import { PageHeader } from '../../../components/PageHeader';
import { CreationLinePreview } from '../../../features/approvals/CreationLinePreview';
import { GasFeeWalletsCard } from '../../../features/gas-fee/GasFeeWalletsCard';
import { useSession } from '../../../features/session/SessionProvider';
import { CreateWalletButton } from '../../../features/wallets/CreateWalletButton';
import { WalletList } from '../../../features/wallets/WalletList';
import { useAppLanguage } from '../../../i18n/useAppLanguage';
import { blockchainOf } from '../../../lib/enum-guards';

// A wallet's own screen is fetched when one is opened; the list does not need it.
const WalletDetailPage = lazy(() => import('./WalletDetailPage').then((m) => ({ default: m.WalletDetailPage })));

/** The wallet list, or one wallet when `/:blockchain/:id` is in the path (both optional). */
export function WalletsPage() {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const { blockchain, id } = useParams();
  const { me } = useSession();
  // Path segments are matched case-insensitively, so '/dashboard/wallets/ethereum' also works.
  const chain = blockchainOf(blockchain);
  const chainLabel = chain
    ? blockchainLabel(chain, lang)
    : blockchain
      ? t('dashboard.wallets.unknownChain', { value: blockchain })
      : undefined;

  if (id) {
    return (
      <Suspense
        fallback={
          <Center mih="40vh">
            <Loader size="sm" />
          </Center>
        }
      >
        <WalletDetailPage id={id} chainLabel={chainLabel} />
      </Suspense>
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
      {blockchain && !chain ? (
        <Notice color="orange" mb="md" icon={AlertIcon} testId="wallet-selection">
          <Text size="sm">{chainLabel}</Text>
        </Notice>
      ) : null}
      <WalletList
        blockchain={chain}
        partialBeforeAnswer={!me.permissions.includes('WALLETS_VIEW')}
        canCreate={canCreate}
        below={me.permissions.includes('WALLETS_VIEW') ? <GasFeeWalletsCard /> : null}
      />
    </>
  );
}
