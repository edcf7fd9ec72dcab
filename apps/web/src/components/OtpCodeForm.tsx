import { Stack } from '@mantine/core';
import { useUncontrolled } from '@mantine/hooks';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useAppLanguage } from '../i18n/useAppLanguage';
import { OTP_CODES } from '../lib/error-fields';
import type { ApiError } from '../lib/error-reader';
import { otpError } from '../lib/otp-rule';
import { ErrorAlert } from './ErrorAlert';
import { OtpCodeInput, type OtpCodeInputProps } from './OtpCodeInput';

export type OtpFieldProps = Omit<OtpCodeInputProps, 'value' | 'onChange' | 'onComplete' | 'error'> & {
  /** Focused when the dialog holding it opens (Mantine's focus trap). */
  'data-autofocus'?: boolean;
};

export interface OtpCodeFormProps {
  /** Runs with a complete code (the contracts' rule: 6 digits), never while the last one is still being sent. */
  onSubmit: (code: string) => void;
  pending: boolean;
  /** The server's answer to the last code sent: a refused code (4004, 4034) is shown at the field, any other refusal above it. */
  error: ApiError | null;
  /** The title of a refusal shown above the field. */
  errorTitle: string;
  /** Shows a refusal above the field the screen's own way (sign-in's rate-limit notice); an ErrorAlert otherwise. */
  renderError?: (error: ApiError) => ReactNode;
  /** False on sign-in, which shows a refused code above the field like its other refusals. */
  refusedCodeAtField?: boolean;
  /**
   * Sends the code as soon as its sixth digit is typed or pasted. Such a screen also empties the field after any
   * refusal, so the next code typed is sent in turn; elsewhere only a refused code is emptied (the others leave
   * the code unused, to be sent again).
   */
  submitOnComplete?: boolean;
  /** The code, when the screen keeps it across steps it can leave and come back to; kept here otherwise. */
  code?: string;
  onCodeChange?: (code: string) => void;
  /** What comes first: a sentence, or what the code decides. */
  header?: ReactNode;
  /** The field's own props: label, description, focus, asterisk. */
  field?: OtpFieldProps;
  /** The buttons and hints under the field. */
  children: ReactNode;
}

/**
 * The authenticator-code step of every screen that asks for one (sign-in, registration, keep-alive, confirmations,
 * decisions, expired password): the code field, its check against the contracts' rule before sending, and the
 * server's answer shown where it belongs.
 */
export function OtpCodeForm({
  onSubmit,
  pending,
  error,
  errorTitle,
  renderError,
  refusedCodeAtField = true,
  submitOnComplete = false,
  code: controlledCode,
  onCodeChange,
  header,
  field,
  children,
}: OtpCodeFormProps) {
  const lang = useAppLanguage();
  const [code, setCode] = useUncontrolled({ value: controlledCode, defaultValue: '', onChange: onCodeChange });
  // What the field says until the code is changed: the code typed is incomplete, or the server refused it.
  const [fieldProblem, setFieldProblem] = useState<'incomplete' | ApiError | null>(null);
  const atField = (answer: ApiError) => refusedCodeAtField && OTP_CODES.includes(answer.code);

  // Only an answer that arrives while the form is shown is this form's to act on (a dialog may open on an old one).
  const seen = useRef(error);
  // biome-ignore lint/correctness/useExhaustiveDependencies: act once per new answer, not when the callbacks change
  useEffect(() => {
    if (!error || error === seen.current) return;
    seen.current = error;
    if (atField(error)) setFieldProblem(error);
    if (OTP_CODES.includes(error.code) || submitOnComplete) setCode('');
  }, [error]);

  const send = (value: string) => {
    if (otpError(value, lang)) return setFieldProblem('incomplete');
    if (!pending) onSubmit(value);
  };

  const fieldError =
    fieldProblem === 'incomplete' ? otpError(code, lang) : fieldProblem ? fieldProblem.messageIn(lang) : null;
  const above = error && !atField(error) ? error : null;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send(code);
      }}
    >
      <Stack gap="md">
        {header}
        {above ? (renderError?.(above) ?? <ErrorAlert error={above} title={errorTitle} />) : null}
        <OtpCodeInput
          {...field}
          value={code}
          onChange={(value) => {
            setCode(value);
            setFieldProblem(null);
          }}
          onComplete={submitOnComplete ? send : undefined}
          error={fieldError}
        />
        {children}
      </Stack>
    </form>
  );
}
