import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type CSSProperties, type ReactNode, useMemo, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../i18n';
import classes from './notifications.module.css';
import { createQueryClient } from './query-client';
import { HEADER_HEIGHT, localizedTheme } from './theme';

const NOTIFICATIONS_OFFSET = { '--app-header-height': `${HEADER_HEIGHT}px` } as CSSProperties;

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  // One client per mounted app (tests mount many), kept across re-renders.
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <ThemedProviders>{children}</ThemedProviders>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

/** Mantine with accessible names in the current language; notifications open below the header. */
function ThemedProviders({ children }: { children: ReactNode }) {
  // `t` changes only with the language, and so does the theme.
  const { t } = useTranslation();
  const theme = useMemo(
    () =>
      localizedTheme({
        close: t('a11y.close'),
        closeNotification: t('a11y.closeNotification'),
        togglePassword: t('a11y.togglePassword'),
      }),
    [t],
  );
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <ModalsProvider>
        <Notifications position="top-right" classNames={{ root: classes.belowHeader }} style={NOTIFICATIONS_OFFSET} />
        {children}
      </ModalsProvider>
    </MantineProvider>
  );
}
