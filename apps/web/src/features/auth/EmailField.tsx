import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The account email of the sign-in screens, offered to password managers as the user name. */
export function EmailField(props: TextInputProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('login.email')}
      placeholder={t('login.emailPlaceholder')}
      type="email"
      autoComplete="username"
      size="md"
      withAsterisk
      {...props}
    />
  );
}
