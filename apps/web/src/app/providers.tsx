import './styles';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../i18n';
import { localizedTheme } from './theme';

const NotificationsHost = lazy(() => import('./notifications-host'));

/**
 * Language and theme around the whole app. The data layer (TanStack Query) is not here: the screens that fetch
 * through it open it themselves (query-scope.tsx), so the sign-in screen loads without it.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemedProviders>{children}</ThemedProviders>
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
      <LazyNotifications />
      {children}
    </MantineProvider>
  );
}

/**
 * `notifications.show()` only writes to Mantine's store; the component that draws them (and its styles) is fetched
 * when the first one arrives, so a screen that never notifies never loads it. It stays mounted from then on.
 */
function LazyNotifications() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  ) : null;
}
