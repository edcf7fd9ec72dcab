import { TextInput, type TextInputProps } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { filterOtpInput, isCompleteOtp, OTP_LENGTH } from '../lib/otp-input';
import classes from './OtpCodeInput.module.css';

export interface OtpCodeInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> {
  value: string;
  onChange: (value: string) => void;
  /** Called once the sixth digit is in (typed or pasted), e.g. to submit. */
  onComplete?: (code: string) => void;
}

/**
 * The one-time code field of every screen: digits only, at most 6, the numeric keypad on phones
 * and the OS's one-time-code autofill. One field (not six boxes) so paste and autofill just work.
 */
export function OtpCodeInput({ value, onChange, onComplete, label, ...rest }: OtpCodeInputProps) {
  const { t } = useTranslation();
  const handle = (event: ChangeEvent<HTMLInputElement>) => {
    const next = filterOtpInput(event.currentTarget.value);
    onChange(next);
    if (next !== value && isCompleteOtp(next)) onComplete?.(next);
  };
  return (
    <TextInput
      data-testid="otp-input"
      label={label ?? t('otp.label')}
      placeholder={t('otp.placeholder')}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={OTP_LENGTH}
      size="md"
      spellCheck={false}
      {...rest}
      value={value}
      onChange={handle}
      classNames={{ input: classes.input }}
    />
  );
}
