import { AppShell, Burger, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { BrandMark } from '../../components/BrandMark';
import { ConfirmHost } from '../../components/ConfirmHost';
import {
  AccountIcon,
  ApprovalIcon,
  AssetsIcon,
  OrganizationIcon,
  StakingIcon,
  TokenIcon,
  WalletIcon,
  WithdrawIcon,
} from '../../components/icons';
import { ApprovalsNavBadge, LiveRequests } from '../../features/approvals/ApprovalsNavBadge';
import { ActivityNotices } from '../../features/assets/ActivityNotices';
import { NotificationBell } from '../../features/notifications/NotificationBell';
import { SessionProvider, useSession } from '../../features/session/SessionProvider';
import { VersionBadge } from '../../features/system/VersionBadge';
import type { en } from '../../i18n/en';
import { PATHS } from '../../lib/paths';
import { HEADER_HEIGHT } from '../theme';
import { AccountLanguageSwitch } from './AccountLanguageSwitch';
import { AccountMenu } from './AccountMenu';
import './dashboard-styles';

// Operators only: members never load the signing queue's code.
const SigningQueueHeader = lazy(() =>
  import('../../features/cold-signing/SigningQueueHeader').then((m) => ({ default: m.SigningQueueHeader })),
);

interface NavItem {
  to: string;
  label: `nav.${keyof typeof en.nav}`;
  icon: ReactNode;
}

const MAIN_NAV: NavItem[] = [
  { to: PATHS.assets, label: 'nav.assets', icon: <AssetsIcon /> },
  { to: PATHS.wallets, label: 'nav.wallets', icon: <WalletIcon /> },
  { to: PATHS.approvals, label: 'nav.approvals', icon: <ApprovalIcon /> },
  { to: PATHS.withdraw, label: 'nav.withdraw', icon: <WithdrawIcon /> },
  { to: PATHS.tokens, label: 'nav.tokens', icon: <TokenIcon /> },
  { to: PATHS.staking, label: 'nav.staking', icon: <StakingIcon /> },
];

const OPERATION_NAV: NavItem[] = [
  { to: PATHS.organization, label: 'nav.organization', icon: <OrganizationIcon /> },
  { to: PATHS.account, label: 'nav.account', icon: <AccountIcon /> },
];

/** Active for the page itself and anything below it (a wallet's detail keeps "Wallets" lit). */
function isActive(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

/** Where an account lands on `/dashboard`: members on their assets, operators on the console. */
export function dashboardHome(kind: 'MEMBER' | 'OPERATOR'): string {
  return kind === 'OPERATOR' ? PATHS.organization : PATHS.assets;
}

/** `/dashboard` itself: the home of the signed-in account's kind. */
export function DashboardHome() {
  const { me } = useSession();
  return <Navigate to={dashboardHome(me.kind)} replace />;
}

/**
 * Every dashboard screen needs a signed-in account: the session is loaded (or left) first. Confirmation dialogs
 * (`modals.openConfirmModal`) are only asked for on dashboard screens, so their host lives here, not at the root.
 */
export function DashboardLayout() {
  return (
    <SessionProvider loginPath={PATHS.login} logoutPath={PATHS.logout}>
      <DashboardShell />
      <ConfirmHost />
    </SessionProvider>
  );
}

function DashboardShell() {
  const { t } = useTranslation();
  const { me } = useSession();
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const operator = me.kind === 'OPERATOR';

  // Operators work only in the Operation section; the member screens are not theirs.
  if (operator && pathname !== PATHS.dashboard && !OPERATION_NAV.some((item) => isActive(pathname, item.to))) {
    return <Navigate to={PATHS.organization} replace />;
  }

  const renderItem = (item: NavItem) => (
    <NavLink
      key={item.to}
      component={Link}
      to={item.to}
      label={t(item.label)}
      leftSection={item.icon}
      rightSection={item.to === PATHS.approvals ? <ApprovalsNavBadge /> : undefined}
      active={isActive(pathname, item.to)}
      onClick={close}
      variant="light"
      fw={500}
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    />
  );

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'xl' }}
      styles={{ main: { background: 'var(--mantine-color-gray-0)' } }}
    >
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('nav.toggle')} />
            <Link to={PATHS.dashboard} style={{ textDecoration: 'none' }}>
              <BrandMark />
            </Link>
          </Group>
          <Group gap="md" wrap="nowrap">
            {operator && (
              <Suspense fallback={null}>
                <SigningQueueHeader />
              </Suspense>
            )}
            <NotificationBell live={!operator} />
            <AccountLanguageSwitch />
            <AccountMenu settingsPath={PATHS.account} logoutPath={PATHS.logout} />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label={t('nav.main')}>
        <AppShell.Section grow component={ScrollArea}>
          {operator ? null : <Stack gap={2}>{MAIN_NAV.map(renderItem)}</Stack>}
          <Text size="xs" fw={600} c="dimmed" tt="uppercase" lts={0.6} mt={operator ? 'xs' : 'lg'} mb={6} px="sm">
            {t('nav.operation')}
          </Text>
          <Stack gap={2}>{OPERATION_NAV.map(renderItem)}</Stack>
        </AppShell.Section>
        <AppShell.Section px="sm" pt="sm">
          <VersionBadge />
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
      {/* Members hear about deposits and withdrawals live; the stream closes when they sign out. */}
      {operator ? null : <ActivityNotices />}
      {/* …and about requests changing (decided, executed), which refreshes the approvals and the badge. */}
      {operator ? null : <LiveRequests />}
    </AppShell>
  );
}
