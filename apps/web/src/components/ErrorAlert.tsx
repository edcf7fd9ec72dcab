import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAppLanguage } from '../i18n/useAppLanguage';
import { useErrorCatalogue } from '../lib/error-catalogue';
import type { ApiError } from '../lib/error-reader';
import { Notice } from './Notice';
import { missingPermissionText } from './notify';

/**
 * Shows an `ApiError` in the current language. The message is always the translated one; the code
 * stays in a small, labelled details line for support requests, never as the message itself.
 */
export function ErrorAlert({ error, title, color = 'red' }: { error: ApiError; title: string; color?: string }) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  // An error read before the catalogue arrived (a code in the URL) is shown once its message can be.
  const catalogue = useErrorCatalogue();
  // Read on every render (useAppLanguage re-renders on a switch), so the name follows the language.
  const permission = missingPermissionText(error);
  if (!catalogue) return null;
  return (
    <Notice testId="error-alert" color={color} title={title}>
      <Text size="sm">{error.messageIn(lang)}</Text>
      {permission ? (
        <Text size="sm" mt={4} data-testid="error-permission">
          {permission}
        </Text>
      ) : null}
      {error.code !== '0' ? (
        <Text size="xs" c="dimmed" mt={4} data-testid="error-code">
          {t('error.codeDetails', { code: error.code })}
        </Text>
      ) : null}
    </Notice>
  );
}
