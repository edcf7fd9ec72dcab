import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/ErrorAlert';
import { AlertIcon, LockIcon, MailIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import type { LoginNotice } from './login-machine';
import type { LoginLink } from './login-query';
import { isRateLimited, RateLimitAlert } from './RateLimitAlert';

/** Explains the last login answer above the form: wrong password with attempts left, block, IP check. */
export function LoginNoticeAlert({ notice, forgotLink }: { notice: LoginNotice; forgotLink: LoginLink }) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  switch (notice.kind) {
    case 'wrongPassword':
      return (
        <Notice testId="wrong-password-notice" color="orange" title={t('login.wrongPasswordTitle')} icon={AlertIcon}>
          <Text size="sm">{notice.error.messageIn(lang)}</Text>
          {notice.remainingAttempts !== null ? (
            <Text size="sm" fw={700} mt={4} data-testid="remaining-attempts">
              {t('login.attemptsLeft', { count: notice.remainingAttempts })}
            </Text>
          ) : null}
        </Notice>
      );
    case 'locked':
      return (
        <Notice testId="locked-notice" color="red" title={t('login.lockedTitle')} icon={LockIcon}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{notice.error.messageIn(lang)}</Text>
            <Button component={Link} to={forgotLink.to} state={forgotLink.state} size="xs" color="red" variant="filled">
              {t('login.resetPassword')}
            </Button>
          </Stack>
        </Notice>
      );
    case 'verifyIp':
      return (
        <Notice testId="ip-notice" color="indigo" title={t('login.ipTitle')} icon={MailIcon}>
          <Text size="sm">{notice.error.messageIn(lang)}</Text>
          <Text size="sm" c="dimmed" mt={6}>
            {t('login.ipHint', { email: notice.email })}
          </Text>
        </Notice>
      );
    case 'error':
      if (isRateLimited(notice.error)) return <RateLimitAlert error={notice.error} />;
      return <ErrorAlert error={notice.error} title={t('login.failedTitle')} />;
  }
}
