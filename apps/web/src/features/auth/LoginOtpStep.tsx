import { Anchor, Badge, Center, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ClockIcon, PhoneIcon } from '../../components/icons';
import { OtpCodeForm } from '../../components/OtpCodeForm';
import { ScreenTitle } from '../../components/ScreenTitle';
import type { ApiError } from '../../lib/error-reader';
import { isRateLimited, RateLimitAlert } from './RateLimitAlert';
import { SubmitButton } from './SubmitButton';

export interface LoginOtpStepProps {
  email: string;
  error: ApiError | null;
  pending: boolean;
  onSubmit: (code: string) => void;
  onBack: () => void;
}

/**
 * Step 2 of signing in: the 6-digit code of the registered authenticator; submits at the sixth digit. Every
 * refusal, a wrong code too, is shown above the field (the rate limit as its own notice).
 */
export function LoginOtpStep({ email, error, pending, onSubmit, onBack }: LoginOtpStepProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" data-testid="login-otp-step">
      <ScreenTitle icon={<PhoneIcon size={22} />} title={t('login.otpTitle')} description={t('login.otpSubtitle')} />
      <Center>
        <Badge variant="light" color="gray" size="lg" radius="xl" tt="none" fw={500}>
          {t('login.otpAccount', { email })}
        </Badge>
      </Center>
      <OtpCodeForm
        onSubmit={onSubmit}
        pending={pending}
        error={error}
        errorTitle={t('login.otpFailedTitle')}
        renderError={(refusal) => (isRateLimited(refusal) ? <RateLimitAlert error={refusal} /> : undefined)}
        refusedCodeAtField={false}
        submitOnComplete
        field={{ disabled: pending, autoFocus: true, withAsterisk: true }}
      >
        <Group gap={6} wrap="nowrap" justify="center" c="dimmed">
          <ClockIcon size={14} />
          <Text size="xs" c="dimmed">
            {t('login.otpHint')}
          </Text>
        </Group>
        <SubmitButton loading={pending}>{t('login.otpSubmit')}</SubmitButton>
        <Center>
          <Anchor component="button" type="button" size="sm" fw={500} onClick={onBack}>
            {t('login.otpBack')}
          </Anchor>
        </Center>
      </OtpCodeForm>
    </Stack>
  );
}
