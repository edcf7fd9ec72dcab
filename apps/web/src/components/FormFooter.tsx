import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../lib/error-reader';
import { ErrorAlert } from './ErrorAlert';

export interface FormFooterProps {
  /** Why the last submit failed; shown above the buttons until it is cleared. */
  error?: ApiError | null;
  /** Defaults to the common "could not be done" title. */
  errorTitle?: string;
  errorColor?: string;
  onCancel: () => void;
  /** Defaults to "Cancel". */
  cancelLabel?: string;
  cancelTestId?: string;
  submitLabel?: ReactNode;
  pending?: boolean;
  /** For a footer outside a `<form>`: the main button runs this instead of submitting. */
  onSubmit?: () => void;
  submitTestId?: string;
  submitColor?: string;
  submitDisabled?: boolean;
  /** Stands in place of the submit button (e.g. a download once the work is done). */
  action?: ReactNode;
}

/** The foot of a dialog form: the submit failure, then Cancel and the submit button on the right. */
export function FormFooter({
  error,
  errorTitle,
  errorColor,
  onCancel,
  cancelLabel,
  cancelTestId,
  submitLabel,
  pending = false,
  onSubmit,
  submitTestId,
  submitColor,
  submitDisabled,
  action,
}: FormFooterProps) {
  const { t } = useTranslation();
  return (
    <>
      {error ? <ErrorAlert error={error} title={errorTitle ?? t('common.failedTitle')} color={errorColor} /> : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} data-testid={cancelTestId}>
          {cancelLabel ?? t('common.cancel')}
        </Button>
        {action ?? (
          <Button
            {...(onSubmit ? { onClick: onSubmit } : { type: 'submit' as const })}
            color={submitColor}
            loading={pending}
            disabled={submitDisabled}
            data-testid={submitTestId}
          >
            {submitLabel}
          </Button>
        )}
      </Group>
    </>
  );
}
