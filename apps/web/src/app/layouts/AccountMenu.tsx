import { Avatar, Box, Group, Menu, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { Me } from '@vaultline/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountIcon, LogoutIcon } from '../../components/icons';
import { useSession } from '../../features/session/SessionProvider';

export function displayName(me: Pick<Me, 'userName' | 'firstName' | 'lastName' | 'email'>): string {
  return me.userName || [me.firstName, me.lastName].filter(Boolean).join(' ') || me.email;
}

/** The header's account menu: who is signed in, the settings and signing out. */
export function AccountMenu({ settingsPath, logoutPath }: { settingsPath: string; logoutPath: string }) {
  const { t } = useTranslation();
  const { me } = useSession();
  const name = displayName(me);
  return (
    <Menu position="bottom-end" width={260} shadow="md" radius="md">
      <Menu.Target>
        {/* Named by what it shows (label in name), then what it is: no aria-label hiding the visible name. */}
        <UnstyledButton data-testid="account-menu" style={{ borderRadius: 999 }}>
          <Group gap={10} wrap="nowrap">
            <Avatar size={34} radius="xl" color="indigo" variant="filled">
              {name.slice(0, 1).toUpperCase()}
            </Avatar>
            <Box visibleFrom="sm" maw={200}>
              <Text size="sm" fw={600} lh={1.2} truncate="end" data-testid="account-menu-name">
                {name}
              </Text>
              <Text size="xs" c="dimmed" lh={1.2} truncate="end">
                {me.email}
              </Text>
            </Box>
          </Group>
          <VisuallyHidden>{t('accountMenu.label')}</VisuallyHidden>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {/* Who is signed in, as a group of the menu (a menu holds only items, groups and separators). */}
        <Stack gap={2} px="sm" py={8} role="group" aria-label={t('accountMenu.signedInAs')}>
          <Text size="xs" c="dimmed">
            {t('accountMenu.signedInAs')}
          </Text>
          <Text size="sm" fw={600} truncate="end">
            {me.email}
          </Text>
          {me.organization ? (
            <Text size="xs" c="dimmed" truncate="end">
              {me.organization.name}
            </Text>
          ) : null}
        </Stack>
        <Menu.Divider />
        <Menu.Item component={Link} to={settingsPath} leftSection={<AccountIcon size={16} />}>
          {t('accountMenu.settings')}
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={logoutPath}
          color="red"
          leftSection={<LogoutIcon size={16} />}
          data-testid="sign-out"
        >
          {t('accountMenu.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
