import { Anchor, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ShieldIcon } from '../../../components/icons';
import { PATHS } from '../../paths';

/** A short titled message inside the account card, with the way back to sign-in. */
export function AccountNotice({ title, body, icon }: { title: string; body: string; icon?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" align="flex-start">
      <ThemeIcon size={44} radius="xl" variant="light">
        {icon ?? <ShieldIcon size={22} />}
      </ThemeIcon>
      <Title order={1} fz={24}>
        {title}
      </Title>
      <Text c="dimmed" size="sm" lh={1.6}>
        {body}
      </Text>
      <Anchor component={Link} to={PATHS.login} fw={600} size="sm">
        {t('login.backToLogin')}
      </Anchor>
    </Stack>
  );
}
