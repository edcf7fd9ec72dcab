import { Center, Group, Loader, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { OrganizationPermission } from '@vaultline/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert';
import { BookIcon, OrganizationIcon, ShieldIcon, UsersIcon, WalletIcon } from '../../components/icons';
import { PageTabs, TabCount } from '../../components/PageTabs';
import { formatDate } from '../../lib/dates';
import { toApiError } from '../../lib/error-reader';
import { useGroupList, useOrganizationMe } from './api';
import { GroupsPanel } from './GroupsPanel';
import { PermissionSummary } from './MemberBadges';
import { MembersPanel } from './MembersPanel';

export const ORGANIZATION_TABS = ['members', 'groups', 'wallets', 'address-book', 'audit'] as const;
export type OrganizationTab = (typeof ORGANIZATION_TABS)[number];

export interface OrganizationManagementProps {
  meId: string;
  tab: OrganizationTab;
  onTabChange: (tab: OrganizationTab) => void;
  /**
   * The Wallets tab: the organization's wallets the member may see. Wallets are another feature's,
   * so the page hands the list in.
   */
  walletsPanel: ReactNode;
  /**
   * The Address book tab, given the caller's permissions as the server reports them (`myPermissions`). The address
   * book is another feature's, so the page hands it in.
   */
  addressBookPanel: (myPermissions: readonly OrganizationPermission[]) => ReactNode;
  /** The Audit log tab, for the organization's owners only; the audit log is another feature's. */
  auditPanel: ReactNode;
}

/** A member's organization: members, groups, wallets and the address book. */
export function OrganizationManagement({
  meId,
  tab,
  onTabChange,
  walletsPanel,
  addressBookPanel,
  auditPanel,
}: OrganizationManagementProps) {
  const { t } = useTranslation();
  const organization = useOrganizationMe();
  const groups = useGroupList();

  if (organization.isPending) {
    return (
      <Center py={80}>
        <Loader size="sm" />
      </Center>
    );
  }
  if (organization.isError)
    return <ErrorAlert error={toApiError(organization.error)} title={t('organization.loadFailed')} />;
  const org = organization.data;

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="lg" bg="white" data-testid="organization-summary">
        <Group justify="space-between" gap="lg">
          <Group gap="md" wrap="nowrap">
            <ThemeIcon
              size={48}
              radius="md"
              variant="gradient"
              gradient={{ from: 'indigo.7', to: 'indigo.4', deg: 135 }}
            >
              <OrganizationIcon size={24} />
            </ThemeIcon>
            <Stack gap={2}>
              <Text fw={700} fz="lg" data-testid="organization-name">
                {org.name}
              </Text>
              <Text size="sm" c="dimmed">
                {t('organization.since', { date: formatDate(org.createdAt) })}
              </Text>
            </Stack>
          </Group>
          <Group gap="xl">
            <Stack gap={2} align="flex-end">
              <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.5}>
                {t('organization.memberCount')}
              </Text>
              <Text fw={700} fz="lg">
                {org.memberCount}
              </Text>
            </Stack>
            <Stack gap={4} align="flex-end">
              <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.5}>
                {t('organization.myPermissions')}
              </Text>
              <PermissionSummary permissions={org.myPermissions} />
            </Stack>
          </Group>
        </Group>
      </Paper>

      <PageTabs
        value={tab}
        onChange={onTabChange}
        tabs={[
          {
            value: 'members',
            label: t('organization.tabs.members'),
            icon: UsersIcon,
            testId: 'tab-members',
            panel: <MembersPanel myPermissions={org.myPermissions} meId={meId} groups={groups.data?.items ?? []} />,
          },
          {
            value: 'groups',
            label: t('organization.tabs.groups'),
            icon: UsersIcon,
            testId: 'tab-groups',
            badge: groups.data ? <TabCount count={groups.data.total} /> : null,
            panel: <GroupsPanel myPermissions={org.myPermissions} />,
          },
          {
            value: 'wallets',
            label: t('organization.tabs.wallets'),
            icon: WalletIcon,
            testId: 'tab-wallets',
            panel: walletsPanel,
          },
          {
            value: 'address-book',
            label: t('organization.tabs.addressBook'),
            icon: BookIcon,
            testId: 'tab-address-book',
            panel: addressBookPanel(org.myPermissions),
          },
          {
            value: 'audit',
            label: t('audit.tab'),
            icon: ShieldIcon,
            testId: 'tab-audit',
            hideTab: !org.myPermissions.includes('OWNER'),
            panel: org.myPermissions.includes('OWNER') ? auditPanel : null,
          },
        ]}
      />
    </Stack>
  );
}
