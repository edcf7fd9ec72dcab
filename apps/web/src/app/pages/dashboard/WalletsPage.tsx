import { Badge, Group } from '@mantine/core';
import { Blockchain, blockchainLabel } from '@vaultline/contracts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAppLanguage } from '../../../i18n/useAppLanguage';
import { DashboardPlaceholder } from './DashboardPlaceholder';

/** The wallet list, or one wallet when `/:blockchain/:id` is in the path (both optional). */
export function WalletsPage() {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const { blockchain, id } = useParams();
  // Path segments are matched case-insensitively, so '/dashboard/wallets/ethereum' also works.
  const chain = blockchain ? Blockchain.safeParse(blockchain.toUpperCase()) : undefined;
  const chainLabel = chain?.success
    ? blockchainLabel(chain.data, lang)
    : blockchain
      ? t('dashboard.wallets.unknownChain', { value: blockchain })
      : undefined;

  return (
    <DashboardPlaceholder section="wallets">
      {chainLabel ? (
        <Group gap="xs" mb="md" data-testid="wallet-selection">
          <Badge variant="light" size="lg" radius="sm" tt="none" color={chain?.success ? 'indigo' : 'red'}>
            {t('dashboard.wallets.selectedChain', { label: chainLabel })}
          </Badge>
          {id ? (
            <Badge variant="outline" size="lg" radius="sm" tt="none" color="gray">
              {t('dashboard.wallets.selectedId', { id })}
            </Badge>
          ) : null}
        </Group>
      ) : null}
    </DashboardPlaceholder>
  );
}
