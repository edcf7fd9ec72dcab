import { Box, Button, Group, Stack, Stepper, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClockIcon, LockIcon } from '../../components/icons';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { OtpCodeForm } from '../../components/OtpCodeForm';
import { ScreenTitle } from '../../components/ScreenTitle';
import { useNewPasswordForm } from '../../components/useNewPasswordForm';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { newPasswordErrorField } from '../../lib/error-fields';
import { useResetMutation } from './api';
import { clearAuthStorage, EXPIRED_PASSWORD_KEY, type ExpiredPasswordState } from './auth-storage';
import type { LoginLink } from './login-query';
import { ResultPanel } from './ResultPanel';

/** The Stepper's index once all three steps are complete. */
const DONE = 3;

export interface ExpiredPasswordFlowProps {
  expired: ExpiredPasswordState | null;
  loginLink: (email: string) => LoginLink;
}

/** The expired-password change in three steps: new password, authenticator code, done. */
export function ExpiredPasswordFlow({ expired, loginLink }: ExpiredPasswordFlowProps) {
  const { t } = useTranslation();
  if (!expired) {
    return (
      <ResultPanel
        testId="expired-missing"
        icon={<ClockIcon size={22} />}
        title={t('expiredPassword.missingTitle')}
        body={t('expiredPassword.missingBody')}
        action={{ label: t('login.backToLogin'), ...loginLink('') }}
      />
    );
  }
  return <ExpiredPasswordSteps expired={expired} loginLink={loginLink} />;
}

function ExpiredPasswordSteps({
  expired,
  loginLink,
}: {
  expired: ExpiredPasswordState;
  loginLink: (email: string) => LoginLink;
}) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const reset = useResetMutation();
  const form = useNewPasswordForm({ email: expired.email });
  const [active, setActive] = useState(0);
  // Kept here, not in step 2's form: going back to step 1 and on again keeps the code typed.
  const [otpCode, setOtpCode] = useState('');
  // A refused password belongs to step 1; anything else is step 2's to show.
  const passwordRefused = !!reset.error && newPasswordErrorField(reset.error) === 'newPassword';

  const next = () => {
    const password = form.validateField('newPassword');
    const confirmation = form.validateField('confirmation');
    if (!password.hasError && !confirmation.hasError) setActive(1);
  };

  const submit = (code: string) =>
    reset.mutate(
      { memberId: expired.memberId, token: expired.ticket, newPassword: form.values.newPassword, otpCode: code },
      {
        onSuccess: () => {
          clearAuthStorage(EXPIRED_PASSWORD_KEY);
          setActive(DONE);
        },
        onError: (error) => {
          // A refused password goes back to step 1, its message at the field; a wrong code stays here.
          if (newPasswordErrorField(error) !== 'newPassword') return;
          form.setFieldError('newPassword', error.messageIn(lang));
          setActive(0);
        },
      },
    );

  return (
    <Stack gap="lg" data-testid="expired-password">
      {active < DONE ? (
        <ScreenTitle
          icon={<LockIcon size={22} />}
          color="orange"
          title={t('expiredPassword.title')}
          description={t('expiredPassword.body', { email: expired.email })}
        />
      ) : null}
      {/* Labels under their icons, on one row: beside the icons the three steps did not fit the card. */}
      <Stepper
        active={active}
        size="sm"
        iconSize={30}
        labelPosition="bottom"
        wrap={false}
        allowNextStepsSelect={false}
        onStepClick={(step) => step < active && active < DONE && setActive(step)}
      >
        <Stepper.Step
          label={t('expiredPassword.stepPassword')}
          description={t('expiredPassword.stepPasswordDescription')}
        >
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              next();
            }}
          >
            <Stack gap="md" pt="md">
              <input type="email" name="username" autoComplete="username" value={expired.email} readOnly hidden />
              <NewPasswordFields form={form} autoFocus />
              <Button type="submit" size="md" fullWidth>
                {t('expiredPassword.next')}
              </Button>
            </Stack>
          </form>
        </Stepper.Step>
        <Stepper.Step label={t('expiredPassword.stepOtp')} description={t('expiredPassword.stepOtpDescription')}>
          <Box pt="md">
            <OtpCodeForm
              onSubmit={submit}
              pending={reset.isPending}
              error={passwordRefused ? null : reset.error}
              errorTitle={t('expiredPassword.failedTitle')}
              code={otpCode}
              onCodeChange={setOtpCode}
              header={
                <Text size="sm" c="dimmed">
                  {t('expiredPassword.otpBody')}
                </Text>
              }
              field={{ withAsterisk: true, autoFocus: true }}
            >
              <Group grow>
                <Button variant="default" size="md" onClick={() => setActive(0)} disabled={reset.isPending}>
                  {t('expiredPassword.back')}
                </Button>
                <Button type="submit" size="md" loading={reset.isPending}>
                  {t('expiredPassword.submit')}
                </Button>
              </Group>
            </OtpCodeForm>
          </Box>
        </Stepper.Step>
        <Stepper.Step label={t('expiredPassword.stepDone')} description={t('expiredPassword.stepDoneDescription')} />
        <Stepper.Completed>
          <Stack pt="xl">
            <ResultPanel
              testId="expired-done"
              tone="done"
              title={t('expiredPassword.doneTitle')}
              body={t('expiredPassword.doneBody')}
              action={{ label: t('login.submit'), ...loginLink(expired.email) }}
            />
          </Stack>
        </Stepper.Completed>
      </Stepper>
    </Stack>
  );
}
