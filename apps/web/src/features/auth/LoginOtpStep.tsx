import { Anchor, Badge, Center, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ClockIcon, PhoneIcon } from '../../components/icons';
import { OtpCodeInput } from '../../components/OtpCodeInput';
import { ScreenTitle } from '../../components/ScreenTitle';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import type { ApiError } from '../../lib/error-reader';
import { otpError } from '../../lib/form-validation';
import { isRateLimited, RateLimitAlert } from './RateLimitAlert';
import { SubmitButton } from './SubmitButton';

export interface LoginOtpStepProps {
  email: string;
  error: ApiError | null;
  pending: boolean;
  onSubmit: (code: string) => void;
  onBack: () => void;
}

/** Step 2 of signing in: the 6-digit code of the registered authenticator; submits at the sixth digit. */
export function LoginOtpStep({ email, error, pending, onSubmit, onBack }: LoginOtpStepProps) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const fieldError = touched ? otpError(code, lang) : null;

  // A refused code is cleared for the next one.
  useEffect(() => {
    if (error) setCode('');
  }, [error]);

  const send = (value: string) => {
    setTouched(true);
    if (!otpError(value, lang) && !pending) onSubmit(value);
  };

  return (
    <Stack gap="lg" data-testid="login-otp-step">
      <ScreenTitle icon={<PhoneIcon size={22} />} title={t('login.otpTitle')} description={t('login.otpSubtitle')} />
      <Center>
        <Badge variant="light" color="gray" size="lg" radius="xl" tt="none" fw={500}>
          {t('login.otpAccount', { email })}
        </Badge>
      </Center>
      {error ? (
        isRateLimited(error) ? (
          <RateLimitAlert error={error} />
        ) : (
          <ErrorAlert error={error} title={t('login.otpFailedTitle')} />
        )
      ) : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send(code);
        }}
      >
        <Stack gap="md">
          <OtpCodeInput
            value={code}
            onChange={(value) => {
              setCode(value);
              if (touched) setTouched(false);
            }}
            onComplete={send}
            error={fieldError}
            disabled={pending}
            autoFocus
            withAsterisk
          />
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
        </Stack>
      </form>
    </Stack>
  );
}
