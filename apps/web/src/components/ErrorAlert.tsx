import { Alert, Text } from '@mantine/core';
import { useAppLanguage } from '../i18n/useAppLanguage';
import type { ApiError } from '../lib/error-reader';

/** Shows an `ApiError` in the current language; the code is kept visible for support requests. */
export function ErrorAlert({ error, title, color = 'red' }: { error: ApiError; title: string; color?: string }) {
  const lang = useAppLanguage();
  return (
    <Alert data-testid="error-alert" color={color} variant="light" radius="md" title={title}>
      <Text size="sm">{error.messageIn(lang)}</Text>
      {error.code !== '0' ? (
        <Text size="xs" c="dimmed" mt={4}>
          #{error.code}
        </Text>
      ) : null}
    </Alert>
  );
}
