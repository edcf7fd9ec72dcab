import { Anchor, Badge, Breadcrumbs, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { Wallet } from '@vaultline/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { RoleBadge } from '../../components/chain-ui';
import { ErrorAlert } from '../../components/ErrorAlert';
import { AssetsIcon, FlowIcon, UsersIcon } from '../../components/icons';
import { PageEmptyState } from '../../components/PageEmptyState';
import { PageHeader } from '../../components/PageHeader';
import { PageTabs, TabCount } from '../../components/PageTabs';
import { toApiError } from '../../lib/error-reader';
import { walletPath } from '../../lib/paths';
import { useWallet } from './api';
import { WalletAddressCard } from './WalletAddressCard';
import { WalletMembersPanel } from './WalletMembersPanel';

export const WALLET_TABS = ['members', 'approval-line', 'activity'] as const;
export type WalletTab = (typeof WALLET_TABS)[number];

export interface WalletDetailProps {
  walletId: string;
  /** The network as the path names it, for the header while the wallet loads or when it is not found. */
  chainLabel: string | undefined;
  /** Whether the caller may manage any wallet's members regardless of role (the organization owner). */
  ownerOverride: boolean;
  /** The signed-in member, marked "me" among the wallet's members. */
  myMemberId: string;
  /** The wallet's approval line, composed in by the page (it belongs to the approvals feature). */
  renderApprovalLine: (wallet: Wallet) => ReactNode;
  /** The wallet's balances, composed in by the page (they belong to the assets feature). */
  renderBalances?: (wallet: Wallet) => ReactNode;
  /** The wallet's activity history, composed in by the page. */
  renderActivity?: (wallet: Wallet) => ReactNode;
  /** Actions in the wallet's header (withdraw from it), composed in by the page. */
  renderActions?: (wallet: Wallet) => ReactNode;
}

/** One wallet: address with QR, key details, balances, members, approval line and activity. */
export function WalletDetail({
  walletId,
  chainLabel,
  ownerOverride,
  myMemberId,
  renderApprovalLine,
  renderBalances,
  renderActivity,
  renderActions,
}: WalletDetailProps) {
  const { t } = useTranslation();
  const wallet = useWallet(walletId);

  if (wallet.isPending) {
    return (
      <>
        <WalletCrumbs />
        <PageHeader title={t('dashboard.wallets.title')} />
        <Center py={80}>
          <Loader size="sm" />
        </Center>
      </>
    );
  }
  if (wallet.isError) {
    const error = toApiError(wallet.error);
    return (
      <>
        <WalletCrumbs />
        <PageHeader title={t('dashboard.wallets.title')} />
        <Paper withBorder radius="lg" bg="white" p="lg">
          <Stack gap="md">
            <Group gap="xs" data-testid="wallet-selection">
              {chainLabel ? (
                <Badge variant="light" size="lg" radius="sm" tt="none" color="indigo">
                  {t('dashboard.wallets.selectedChain', { label: chainLabel })}
                </Badge>
              ) : null}
              <Badge variant="outline" size="lg" radius="sm" tt="none" color="gray">
                {t('dashboard.wallets.selectedId', { id: walletId })}
              </Badge>
            </Group>
            <ErrorAlert
              error={error}
              color={error.status === 404 || error.status === 400 ? 'orange' : 'red'}
              title={t('walletDetail.notFoundTitle')}
            />
            <Anchor component={Link} to={walletPath()} size="sm" fw={600}>
              {t('walletDetail.backToList')}
            </Anchor>
          </Stack>
        </Paper>
      </>
    );
  }
  return (
    <WalletScreen
      wallet={wallet.data}
      ownerOverride={ownerOverride}
      myMemberId={myMemberId}
      renderApprovalLine={renderApprovalLine}
      renderBalances={renderBalances}
      renderActivity={renderActivity}
      renderActions={renderActions}
    />
  );
}

function WalletCrumbs({ name }: { name?: string }) {
  const { t } = useTranslation();
  return (
    <Breadcrumbs mb="xs" separatorMargin={6} fz="sm">
      <Anchor component={Link} to={walletPath()} size="sm" c="dimmed">
        {t('dashboard.wallets.title')}
      </Anchor>
      {name ? (
        <Text size="sm" c="dimmed">
          {name}
        </Text>
      ) : null}
    </Breadcrumbs>
  );
}

type WalletScreenProps = Pick<
  WalletDetailProps,
  'ownerOverride' | 'myMemberId' | 'renderApprovalLine' | 'renderBalances' | 'renderActivity' | 'renderActions'
> & {
  wallet: Wallet;
};

function WalletScreen({
  wallet,
  ownerOverride,
  myMemberId,
  renderApprovalLine,
  renderBalances,
  renderActivity,
  renderActions,
}: WalletScreenProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: WalletTab = WALLET_TABS.includes(requested as WalletTab) ? (requested as WalletTab) : 'members';
  const manages = wallet.myRole === 'MANAGER' || ownerOverride;

  return (
    <Stack gap="lg" data-testid="wallet-detail" data-wallet-id={wallet.id}>
      <div>
        <WalletCrumbs name={wallet.name} />
        <PageHeader
          title={wallet.name}
          actions={
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {t('walletList.columns.role')}
              </Text>
              <RoleBadge role={wallet.myRole} />
              {renderActions?.(wallet)}
            </Group>
          }
        />
      </div>
      <WalletAddressCard wallet={wallet} />
      {renderBalances?.(wallet)}
      <PageTabs
        value={tab}
        onChange={(next) =>
          setParams(
            (current) => {
              const search = new URLSearchParams(current);
              if (next === 'members') search.delete('tab');
              else search.set('tab', next);
              return search;
            },
            { replace: true },
          )
        }
        tabs={[
          {
            value: 'members',
            label: t('walletDetail.tabs.members'),
            icon: UsersIcon,
            testId: 'wallet-tab-members',
            badge: <TabCount count={wallet.memberCount} />,
            panel: <WalletMembersPanel wallet={wallet} canManage={manages} myMemberId={myMemberId} />,
          },
          {
            value: 'approval-line',
            label: t('walletDetail.tabs.approvalLine'),
            icon: FlowIcon,
            testId: 'wallet-tab-line',
            panel: renderApprovalLine(wallet),
          },
          {
            value: 'activity',
            label: t('walletDetail.tabs.activity'),
            icon: AssetsIcon,
            testId: 'wallet-tab-activity',
            panel: renderActivity?.(wallet) ?? (
              <Paper withBorder radius="lg" bg="white" data-testid="wallet-activity">
                <PageEmptyState
                  icon={<AssetsIcon size={26} />}
                  title={t('walletDetail.activityEmptyTitle')}
                  description={t('walletDetail.activityEmptyBody')}
                />
              </Paper>
            ),
          },
        ]}
      />
    </Stack>
  );
}
