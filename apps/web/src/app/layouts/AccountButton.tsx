import { Avatar, Box, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { ComponentPropsWithoutRef, Ref } from 'react';
import { useTranslation } from 'react-i18next';

export interface AccountButtonProps extends ComponentPropsWithoutRef<'button'> {
  ref?: Ref<HTMLButtonElement>;
  name: string;
  email: string;
}

/** What the header shows of the account: the menu's button (its target once the menu is loaded). */
export function AccountButton({ name, email, ...props }: AccountButtonProps) {
  const { t } = useTranslation();
  return (
    // Named by what it shows (label in name), then what it is: no aria-label hiding the visible name.
    <UnstyledButton {...props} data-testid="account-menu" style={{ borderRadius: 999 }}>
      <Group gap={10} wrap="nowrap">
        <Avatar size={34} radius="xl" color="indigo" variant="filled">
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Box visibleFrom="sm" maw={200}>
          <Text size="sm" fw={600} lh={1.2} truncate="end" data-testid="account-menu-name">
            {name}
          </Text>
          <Text size="xs" c="dimmed" lh={1.2} truncate="end">
            {email}
          </Text>
        </Box>
      </Group>
      <VisuallyHidden>{t('accountMenu.label')}</VisuallyHidden>
    </UnstyledButton>
  );
}
