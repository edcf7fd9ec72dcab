import { Anchor, Button, Center, Paper, Stack, Text } from '@mantine/core';
import { emailSchema } from '@vaultline/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/ErrorAlert';
import { KeyIcon, MailIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { ScreenTitle } from '../../components/ScreenTitle';
import { useContractForm } from '../../lib/contract-form';
import { useRecoverMutation } from './api';
import { EmailField } from './EmailField';
import type { LoginLink } from './login-query';
import { SubmitButton } from './SubmitButton';

/** Forgotten password: (1) the account email, (2) "email sent" with the link's validity and a resend. */
export function ForgotPasswordFlow({ defaultEmail = '', loginLink }: { defaultEmail?: string; loginLink: LoginLink }) {
  const { t } = useTranslation();
  const recover = useRecoverMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const form = useContractForm({ initialValues: { email: defaultEmail }, rules: { email: emailSchema } });

  const send = (email: string, again = false) =>
    recover.mutate(
      { email },
      {
        onSuccess: () => {
          setSentTo(email);
          setResent(again);
        },
      },
    );

  const back = (
    <Center>
      <Anchor component={Link} to={loginLink.to} state={loginLink.state} size="sm" fw={600}>
        {t('login.backToLogin')}
      </Anchor>
    </Center>
  );

  if (sentTo) {
    return (
      <Stack gap="lg" data-testid="forgot-sent">
        <ScreenTitle icon={<MailIcon size={22} />} color="teal" title={t('forgot.sentTitle')} />
        <Paper withBorder radius="md" p="md" bg="gray.0">
          <Stack gap={6}>
            <Text size="sm" lh={1.6}>
              {t('forgot.sentBody', { email: sentTo })}
            </Text>
            <Text size="sm" c="dimmed" lh={1.6}>
              {t('forgot.sentValidity')}
            </Text>
          </Stack>
        </Paper>
        {resent ? <Notice color="teal">{t('forgot.resent')}</Notice> : null}
        {recover.error ? <ErrorAlert error={recover.error} title={t('login.failedTitle')} /> : null}
        <Text size="xs" c="dimmed">
          {t('forgot.sentHelp')}
        </Text>
        <Button variant="default" size="md" fullWidth loading={recover.isPending} onClick={() => send(sentTo, true)}>
          {t('forgot.resend')}
        </Button>
        {back}
      </Stack>
    );
  }

  return (
    <Stack gap="lg" data-testid="forgot-form">
      <ScreenTitle icon={<KeyIcon size={22} />} title={t('forgot.title')} description={t('forgot.body')} />
      {recover.error ? <ErrorAlert error={recover.error} title={t('login.failedTitle')} /> : null}
      <form noValidate onSubmit={form.onSubmit((values) => send(values.email.trim()))}>
        <Stack gap="md">
          <EmailField {...form.getInputProps('email')} />
          <SubmitButton loading={recover.isPending}>{t('forgot.submit')}</SubmitButton>
        </Stack>
      </form>
      {back}
    </Stack>
  );
}
