import { Badge, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { updateNameCall } from '@vaultline/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert';
import { MailIcon } from '../../components/icons';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { ScreenTitle } from '../../components/ScreenTitle';
import { showErrorAtField, useNewPasswordForm } from '../../components/useNewPasswordForm';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { useContractForm } from '../../lib/contract-form';
import type { ApiError } from '../../lib/error-reader';
import { useInvitationVerify, useSignupMutation } from './api';
import { LinkCheck } from './LinkCheck';
import type { LoginLink } from './login-query';
import { ResultPanel } from './ResultPanel';
import { SubmitButton } from './SubmitButton';

/** Answers about the invitation link itself: it cannot be used (any more) to sign up. */
export const INVITATION_LINK_CODES: readonly string[] = ['4016', '4017', '4018', '4019', '4031'];

export interface SignupFlowProps {
  invitationId: string;
  token: string;
  /** The sign-in screen, with the new account's email filled in. */
  loginLink: (email?: string) => LoginLink;
}

/** The emailed invitation of a member or an owner: checks it, asks for names and a password, then leads to sign-in. */
export function SignupFlow({ invitationId, token, loginLink }: SignupFlowProps) {
  const { t } = useTranslation();
  const verify = useInvitationVerify(invitationId, token);
  const [linkError, setLinkError] = useState<ApiError | null>(null);
  const [doneEmail, setDoneEmail] = useState<string | null>(null);

  return (
    <LinkCheck
      link="signup"
      complete={Boolean(invitationId && token)}
      check={verify}
      refusal={linkError}
      action={{ label: t('login.backToLogin'), ...loginLink() }}
    >
      {(invitation) =>
        doneEmail ? (
          <ResultPanel
            testId="signup-done"
            tone="done"
            title={t('signup.doneTitle')}
            body={t('signup.doneBody', { organization: invitation.organizationName })}
            action={{ label: t('signup.signIn'), ...loginLink(doneEmail) }}
          />
        ) : (
          <SignupForm invitation={invitation} token={token} onDone={setDoneEmail} onLinkFailed={setLinkError} />
        )
      }
    </LinkCheck>
  );
}

interface Invitation {
  invitationId: string;
  email: string;
  organizationName: string;
  kind: 'MEMBER' | 'OWNER';
}

type NameValues = {
  userName: string;
  lastName: string;
  firstName: string;
};

function SignupForm({
  invitation,
  token,
  onDone,
  onLinkFailed,
}: {
  invitation: Invitation;
  token: string;
  onDone: (email: string) => void;
  onLinkFailed: (error: ApiError) => void;
}) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const signup = useSignupMutation();
  const passwords = useNewPasswordForm({ email: invitation.email });
  // The names follow the rules of the account's own name change.
  const names = useContractForm<NameValues>({
    initialValues: { userName: '', lastName: '', firstName: '' },
    rules: updateNameCall.body.shape,
  });
  const [formError, setFormError] = useState<ApiError | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const nameCheck = names.validate();
    const passwordCheck = passwords.validate();
    if (nameCheck.hasErrors || passwordCheck.hasErrors) return;
    setFormError(null);
    signup.mutate(
      {
        kind: invitation.kind,
        invitationId: invitation.invitationId,
        token,
        password: passwords.values.newPassword,
        userName: names.values.userName.trim(),
        firstName: names.values.firstName.trim(),
        lastName: names.values.lastName.trim(),
      },
      {
        onSuccess: (answer) => onDone(answer.email),
        onError: (error) => {
          if (INVITATION_LINK_CODES.includes(error.code)) onLinkFailed(error);
          else if (!showErrorAtField(passwords, error, lang)) setFormError(error);
        },
      },
    );
  };

  const owner = invitation.kind === 'OWNER';
  return (
    <Stack gap="lg" data-testid="signup-form" data-kind={invitation.kind}>
      <ScreenTitle
        icon={<MailIcon size={22} />}
        eyebrow={invitation.organizationName}
        title={owner ? t('signup.ownerTitle') : t('signup.title')}
        description={owner ? t('signup.ownerBody') : t('signup.body')}
      />
      <Paper withBorder radius="md" p="sm" bg="gray.0">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed">
              {t('signup.invitedAs')}
            </Text>
            <Text size="sm" fw={600} truncate="end" data-testid="signup-email">
              {invitation.email}
            </Text>
          </Stack>
          <Badge variant="light" color={owner ? 'violet' : 'indigo'} radius="sm" tt="none">
            {owner ? t('signup.kindOwner') : t('signup.kindMember')}
          </Badge>
        </Group>
      </Paper>
      {formError ? <ErrorAlert error={formError} title={t('signup.failedTitle')} /> : null}
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <input type="email" name="username" autoComplete="username" value={invitation.email} readOnly hidden />
          <TextInput
            label={t('settings.names.userName')}
            description={t('signup.namesHint')}
            autoComplete="nickname"
            size="md"
            withAsterisk
            data-autofocus
            {...names.getInputProps('userName')}
          />
          <SimpleGrid cols={2} spacing="md">
            <TextInput
              label={t('settings.names.lastName')}
              autoComplete="family-name"
              size="md"
              withAsterisk
              {...names.getInputProps('lastName')}
            />
            <TextInput
              label={t('settings.names.firstName')}
              autoComplete="given-name"
              size="md"
              withAsterisk
              {...names.getInputProps('firstName')}
            />
          </SimpleGrid>
          <NewPasswordFields form={passwords} />
          <Text size="xs" c="dimmed">
            {t('signup.otpNext')}
          </Text>
          <SubmitButton loading={signup.isPending}>{t('signup.submit')}</SubmitButton>
        </Stack>
      </form>
    </Stack>
  );
}
