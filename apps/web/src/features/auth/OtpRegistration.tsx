import {
  ActionIcon,
  Anchor,
  Box,
  Center,
  CopyButton,
  Divider,
  Group,
  Paper,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckIcon, CopyIcon, QrIcon } from '../../components/icons';
import { OtpCodeForm } from '../../components/OtpCodeForm';
import { ScreenTitle } from '../../components/ScreenTitle';
import { type ApiError, readErrorCode, toApiError } from '../../lib/error-reader';
import { useOtpRegistrationConfirm, useOtpRegistrationStart } from './api';
import { clearAuthStorage, type OtpRegistrationState } from './auth-storage';
import { PendingPanel, ResultPanel } from './ResultPanel';
import { SubmitButton } from './SubmitButton';

/** 'JBSWY3DPEHPK3PXP' → 'JBSW Y3DP EHPK 3PXP', easier to read out and type. */
export function groupSecret(secret: string): string {
  return secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

export interface OtpRegistrationProps {
  registration: OtpRegistrationState | null;
  guideHref: string;
  loginHref: string;
  onSignedIn: (redirect: string | null | undefined) => void;
}

/** Shows the QR code and setup key of a new authenticator, then confirms it with a first code. */
export function OtpRegistration({ registration, guideHref, loginHref, onSignedIn }: OtpRegistrationProps) {
  const { t } = useTranslation();
  const start = useOtpRegistrationStart(registration?.memberId ?? '', registration?.ticket ?? '');
  const back = { label: t('login.backToLogin'), to: loginHref };

  if (!registration) {
    return (
      <ResultPanel
        testId="otp-register-missing"
        icon={<QrIcon size={22} />}
        title={t('otpRegister.missingTitle')}
        body={t('otpRegister.missingBody')}
        action={back}
      />
    );
  }
  if (start.isPending) return <PendingPanel label={t('otpRegister.preparing')} />;
  if (start.isError) {
    return (
      <ResultPanel
        testId="otp-register-failed"
        tone="failed"
        title={t('otpRegister.startFailedTitle')}
        error={toApiError(start.error)}
        action={back}
      />
    );
  }
  const { secret, otpauthUri, issuer, accountName } = start.data;
  const raw = secret.replace(/\s+/g, '');

  return (
    <Stack gap="lg" data-testid="otp-register">
      <ScreenTitle
        icon={<QrIcon size={22} />}
        title={t('otpRegister.title')}
        description={
          <>
            {t('otpRegister.body')}{' '}
            <Anchor component={Link} to={guideHref} size="sm" fw={500}>
              {t('otpRegister.guide')}
            </Anchor>
          </>
        }
      />
      <Paper withBorder radius="md" p="md">
        <Group gap="lg" wrap="nowrap" align="center">
          <Box p={8} bg="white" style={{ borderRadius: 8, border: '1px solid var(--mantine-color-gray-3)' }}>
            <QRCodeSVG
              data-testid="otp-qr"
              value={otpauthUri}
              size={148}
              level="M"
              marginSize={0}
              title={t('otpRegister.qrLabel')}
              aria-label={t('otpRegister.qrLabel')}
              role="img"
            />
          </Box>
          <Stack gap={10} style={{ minWidth: 0 }}>
            <Detail label={t('otpRegister.issuer')} value={issuer} />
            <Detail label={t('otpRegister.account')} value={accountName} />
          </Stack>
        </Group>
        <Divider my="md" />
        <Text size="xs" fw={600} c="dimmed" mb={6}>
          {t('otpRegister.keyLabel')}
        </Text>
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Text
            data-testid="otp-secret"
            data-secret={raw}
            ff="monospace"
            fw={600}
            fz={15}
            lts={0.5}
            style={{ wordBreak: 'break-all' }}
          >
            {groupSecret(raw)}
          </Text>
          <CopyButton value={raw} timeout={2000}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('otpRegister.copied') : t('otpRegister.copyKey')} withArrow>
                <ActionIcon
                  variant={copied ? 'filled' : 'light'}
                  color={copied ? 'teal' : 'indigo'}
                  size="lg"
                  onClick={copy}
                  aria-label={t('otpRegister.copyKey')}
                  data-testid="otp-secret-copy"
                >
                  {copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
      </Paper>
      <ConfirmCode registration={registration} onSignedIn={onSignedIn} />
    </Stack>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} truncate="end">
        {value}
      </Text>
    </Stack>
  );
}

function ConfirmCode({
  registration,
  onSignedIn,
}: {
  registration: OtpRegistrationState;
  onSignedIn: OtpRegistrationProps['onSignedIn'];
}) {
  const { t } = useTranslation();
  const confirm = useOtpRegistrationConfirm();
  // An answer other than SUCCESS without an error is still a refusal, shown like one.
  const [unexpected, setUnexpected] = useState<ApiError | null>(null);

  const send = (otpCode: string) => {
    setUnexpected(null);
    confirm.mutate(
      { memberId: registration.memberId, ticket: registration.ticket, otpCode },
      {
        onSuccess: (answer) => {
          if (answer.result !== 'SUCCESS') return setUnexpected(readErrorCode('0'));
          clearAuthStorage();
          onSignedIn(registration.redirect);
        },
      },
    );
  };

  return (
    <OtpCodeForm
      onSubmit={send}
      pending={confirm.isPending}
      error={unexpected ?? confirm.error}
      errorTitle={t('otpRegister.failedTitle')}
      submitOnComplete
      field={{ label: t('otpRegister.codeTitle'), withAsterisk: true }}
    >
      <SubmitButton loading={confirm.isPending}>{t('otpRegister.submit')}</SubmitButton>
      <Center>
        <Text size="xs" c="dimmed">
          {t('login.otpHint')}
        </Text>
      </Center>
    </OtpCodeForm>
  );
}
