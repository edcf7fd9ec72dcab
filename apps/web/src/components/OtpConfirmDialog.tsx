import { Alert, Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppLanguage } from '../i18n/useAppLanguage';
import { OTP_CODES } from '../lib/error-fields';
import type { ApiError } from '../lib/error-reader';
import { otpError } from '../lib/form-validation';
import { ErrorAlert } from './ErrorAlert';
import { FormFooter } from './FormFooter';
import { AlertIcon, ShieldIcon } from './icons';
import { OtpCodeInput } from './OtpCodeInput';

export interface OtpConfirmDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What is about to happen, in a sentence or two. */
  children: ReactNode;
  confirmLabel: string;
  pending: boolean;
  /** The server's answer to the last attempt: a wrong or used code is shown at the field. */
  error: ApiError | null;
  onConfirm: (otpCode: string) => void;
  testId?: string;
  /** `danger` (default): a destructive action in red; `approve`: a decision that lets something go ahead. */
  tone?: 'danger' | 'approve';
}

/** A sensitive action (a deletion, a decision) confirmed with a fresh code from the authenticator app. */
export function OtpConfirmDialog({
  opened,
  onClose,
  title,
  children,
  confirmLabel,
  pending,
  error,
  onConfirm,
  testId,
  tone = 'danger',
}: OtpConfirmDialogProps) {
  const color = tone === 'danger' ? 'red' : 'teal';
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  useEffect(() => {
    if (!opened) {
      setCode('');
      setFieldError(null);
    }
  }, [opened]);

  useEffect(() => {
    if (error && OTP_CODES.includes(error.code)) {
      setCode('');
      setFieldError(error.messageIn(lang));
    }
  }, [error, lang]);

  const submit = (value: string) => {
    const problem = otpError(value, lang);
    setFieldError(problem);
    if (!problem) onConfirm(value);
  };
  const formError = error && !OTP_CODES.includes(error.code) ? error : null;

  return (
    <Modal opened={opened} onClose={onClose} title={title} centered radius="lg" size="md" data-testid={testId}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit(code);
        }}
      >
        <Stack gap="md">
          <Alert
            color={color}
            variant="light"
            radius="md"
            icon={tone === 'danger' ? <AlertIcon size={18} /> : <ShieldIcon size={18} />}
          >
            <Text size="sm" component="div">
              {children}
            </Text>
          </Alert>
          {formError ? <ErrorAlert error={formError} title={t('common.failedTitle')} /> : null}
          <OtpCodeInput
            value={code}
            onChange={(value) => {
              setCode(value);
              setFieldError(null);
            }}
            description={t('common.otpConfirmHint')}
            error={fieldError}
            withAsterisk
            data-autofocus
          />
          <FormFooter onCancel={onClose} submitLabel={confirmLabel} submitColor={color} pending={pending} />
        </Stack>
      </form>
    </Modal>
  );
}
