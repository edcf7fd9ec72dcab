import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The usual label and placeholder of each kind of password box. */
const TEXTS = {
  current: ['password.currentLabel', 'password.currentPlaceholder'],
  new: ['password.newLabel', 'password.newPlaceholder'],
  confirm: ['password.confirmLabel', 'password.confirmPlaceholder'],
} as const;

export interface PasswordFieldProps extends PasswordInputProps {
  /** Which password: gives the usual texts, and tells password managers whether to fill one in or offer a new one. */
  purpose: keyof typeof TEXTS;
}

/** A required password box of the account screens. */
export function PasswordField({ purpose, ...rest }: PasswordFieldProps) {
  const { t } = useTranslation();
  const [label, placeholder] = TEXTS[purpose];
  return (
    <PasswordInput
      label={t(label)}
      placeholder={t(placeholder)}
      autoComplete={purpose === 'current' ? 'current-password' : 'new-password'}
      size="md"
      withAsterisk
      {...rest}
    />
  );
}
