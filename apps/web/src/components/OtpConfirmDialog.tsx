import { Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../lib/error-reader';
import { FormFooter } from './FormFooter';
import { AlertIcon, ShieldIcon } from './icons';
import { Notice } from './Notice';
import { OtpCodeForm } from './OtpCodeForm';

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

/**
 * A sensitive action (a deletion, a decision) confirmed with a fresh code from the authenticator app. The form is
 * mounted only while the dialog is open, so every opening starts from an empty code.
 */
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
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered radius="lg" size="md" data-testid={testId}>
      <OtpCodeForm
        onSubmit={onConfirm}
        pending={pending}
        error={error}
        errorTitle={t('common.failedTitle')}
        header={
          <Notice color={color} icon={tone === 'danger' ? AlertIcon : ShieldIcon}>
            <Text size="sm" component="div">
              {children}
            </Text>
          </Notice>
        }
        field={{ description: t('common.otpConfirmHint'), withAsterisk: true, 'data-autofocus': true }}
      >
        <FormFooter onCancel={onClose} submitLabel={confirmLabel} submitColor={color} pending={pending} />
      </OtpCodeForm>
    </Modal>
  );
}
