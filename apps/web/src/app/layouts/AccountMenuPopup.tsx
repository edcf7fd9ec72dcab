import { Menu, Stack, Text } from '@mantine/core';
import type { Me } from '@vaultline/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountIcon, LogoutIcon } from '../../components/icons';
import { AccountButton } from './AccountButton';

export interface AccountMenuPopupProps {
  name: string;
  me: Pick<Me, 'email' | 'organization'>;
  settingsPath: string;
  logoutPath: string;
}

/** The account menu around its button (AccountMenu.tsx fetches it, and mounts it at the first click). */
export function AccountMenuPopup({ name, me, settingsPath, logoutPath }: AccountMenuPopupProps) {
  const { t } = useTranslation();
  // It arrives because the button was clicked: open at once.
  const [opened, setOpened] = useState(true);
  return (
    <Menu position="bottom-end" width={260} shadow="md" radius="md" opened={opened} onChange={setOpened}>
      <Menu.Target>
        <AccountButton name={name} email={me.email} />
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
