import { Box, Center, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../components/BrandMark';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { VersionBadge } from '../../features/system/VersionBadge';

/** The centered-card frame shared by the account screens and the error page. */
export function AccountFrame({ children, width = 440 }: { children: ReactNode; width?: number }) {
  const { t } = useTranslation();
  return (
    <Box
      mih="100vh"
      style={{
        background:
          'radial-gradient(1200px 600px at 15% -10%, var(--mantine-color-indigo-1), transparent 60%), radial-gradient(900px 500px at 110% 110%, var(--mantine-color-blue-0), transparent 55%), var(--mantine-color-gray-0)',
      }}
    >
      <Group component="header" justify="space-between" px={{ base: 'md', sm: 40 }} py="lg">
        <BrandMark />
        <LanguageSwitch />
      </Group>
      {/* Landmarks: the brand and language switch are the header, the screen itself is the main content. */}
      <Center component="main" px="md" py={{ base: 24, sm: 48 }}>
        <Stack w="100%" maw={width} gap="lg">
          <Paper shadow="md" p={{ base: 'lg', sm: 40 }} withBorder>
            {children}
          </Paper>
          <Stack gap={4} align="center">
            <Text size="xs" c="dimmed">
              {t('app.tagline')}
            </Text>
            <VersionBadge />
          </Stack>
        </Stack>
      </Center>
    </Box>
  );
}
