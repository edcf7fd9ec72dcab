import { Badge, Box, Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { KeyIcon, PhoneIcon, QrIcon } from '../../components/icons';
import { ScreenTitle } from '../../components/ScreenTitle';

const APPS = ['Google Authenticator', 'Microsoft Authenticator', '1Password', 'Authy'];

function GuideStep({ index, title, children }: { index: number; title: string; children: ReactNode }) {
  return (
    <Group align="flex-start" gap="md" wrap="nowrap">
      <ThemeIcon size={28} radius="xl" variant="filled" color="indigo" style={{ flexShrink: 0 }}>
        <Text size="sm" fw={700}>
          {index}
        </Text>
      </ThemeIcon>
      <Stack gap={8} style={{ flex: 1 }}>
        <Text fw={600} size="sm" mt={4}>
          {title}
        </Text>
        {children}
      </Stack>
    </Group>
  );
}

function WayCard({ icon, title, body }: { icon: ReactNode; title: string; body: string }) {
  return (
    <Paper withBorder radius="md" p="sm" bg="gray.0">
      <Stack gap={6}>
        <ThemeIcon size={32} radius="md" variant="light" color="indigo">
          {icon}
        </ThemeIcon>
        <Text size="sm" fw={600}>
          {title}
        </Text>
        <Text size="xs" c="dimmed" lh={1.5}>
          {body}
        </Text>
      </Stack>
    </Paper>
  );
}

/** Explains the authenticator app and the two ways to add the account, before the QR screen. */
export function OtpGuide({ continueHref, hasRegistration }: { continueHref: string; hasRegistration: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xl" data-testid="otp-guide">
      <ScreenTitle
        icon={<PhoneIcon size={22} />}
        eyebrow={t('otpGuide.eyebrow')}
        title={t('otpGuide.title')}
        description={t('otpGuide.body')}
      />
      <Stack gap="lg">
        <GuideStep index={1} title={t('otpGuide.appsTitle')}>
          <Text size="xs" c="dimmed">
            {t('otpGuide.appsBody')}
          </Text>
          <Group gap={6}>
            {APPS.map((app) => (
              <Badge key={app} variant="outline" color="gray" radius="sm" tt="none" fw={500} size="lg">
                {app}
              </Badge>
            ))}
          </Group>
        </GuideStep>
        <GuideStep index={2} title={t('otpGuide.waysTitle')}>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <WayCard icon={<QrIcon size={18} />} title={t('otpGuide.qrTitle')} body={t('otpGuide.qrBody')} />
            <WayCard icon={<KeyIcon size={18} />} title={t('otpGuide.keyTitle')} body={t('otpGuide.keyBody')} />
          </SimpleGrid>
        </GuideStep>
        <GuideStep index={3} title={t('otpGuide.confirmTitle')}>
          <Text size="xs" c="dimmed">
            {t('otpGuide.confirmBody')}
          </Text>
        </GuideStep>
      </Stack>
      <Box>
        {hasRegistration ? null : (
          <Text size="xs" c="dimmed" mb="sm" data-testid="otp-guide-no-registration">
            {t('otpGuide.noRegistration')}
          </Text>
        )}
        <Button component={Link} to={continueHref} size="md" fullWidth>
          {t('otpGuide.continue')}
        </Button>
      </Box>
    </Stack>
  );
}
