import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import type { Me } from '@vaultline/contracts';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Notice } from '../../components/Notice';
import { currentLanguage, normalizeLanguage, setLanguage } from '../../i18n';
import { sessionEndedCode, sessionEndedLoginSearch } from '../../lib/session-end';
import { ME_QUERY, type SessionTiming, useMeQuery, useTokenVerify } from './api';
import { KeepAlive } from './KeepAlive';
import type { SessionTimer } from './session-clock';

export interface SessionContextValue {
  me: Me;
  /** Replaces the signed-in account after an update answered with it (name, language). */
  setMe: (me: Me) => void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/** The signed-in account; only inside a `SessionProvider`. */
export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}

export interface SessionProviderProps {
  children: ReactNode;
  loginPath: string;
  logoutPath: string;
}

const timerFrom = (timing: SessionTiming, skewMs: number): SessionTimer => ({
  expiresAtMs: Date.parse(timing.sessionExpiresAt),
  noticeSeconds: timing.sessionNoticeSeconds,
  skewMs,
});

/**
 * Loads the signed-in account for the dashboard. Without a session (or when it ends) it goes to
 * sign-in with the reason and the way back; near the end of the session it offers to stay.
 */
export function SessionProvider({ children, loginPath, logoutPath }: SessionProviderProps) {
  const { t } = useTranslation();
  const me = useMeQuery();
  const location = useLocation();
  const currentPath = `${location.pathname}${location.search}`;

  if (me.isPending) {
    return (
      <Center mih="100vh" data-testid="session-loading">
        <Stack align="center" gap="sm">
          <Loader size="md" />
          <Text size="sm" c="dimmed">
            {t('session.loading')}
          </Text>
        </Stack>
      </Center>
    );
  }
  if (me.isError) {
    const code = sessionEndedCode(me.error);
    if (code) return <Navigate to={`${loginPath}${sessionEndedLoginSearch(code, currentPath)}`} replace />;
    return (
      <Center mih="100vh" p="md">
        <Notice color="red" title={t('session.errorTitle')} maw={480} w="100%">
          <Stack gap="sm">
            <Text size="sm">{me.error.message}</Text>
            <Group gap="sm">
              <Button size="xs" onClick={() => void me.refetch()} loading={me.isFetching}>
                {t('session.retry')}
              </Button>
              <Button size="xs" variant="default" component={Link} to={logoutPath}>
                {t('session.signOut')}
              </Button>
            </Group>
          </Stack>
        </Notice>
      </Center>
    );
  }
  return (
    <SignedIn me={me.data} loginPath={loginPath} logoutPath={logoutPath} currentPath={currentPath}>
      {children}
    </SignedIn>
  );
}

function SignedIn({
  me,
  loginPath,
  logoutPath,
  currentPath,
  children,
}: {
  me: Me;
  loginPath: string;
  logoutPath: string;
  currentPath: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const verify = useTokenVerify();
  const [timer, setTimer] = useState<SessionTimer>(() => timerFrom(me, 0));

  const endSession = useCallback(
    (code: string) => {
      navigate(`${loginPath}${sessionEndedLoginSearch(code, currentPath)}`, { replace: true });
      queryClient.removeQueries({ queryKey: ['session'] });
    },
    [navigate, loginPath, currentPath, queryClient],
  );

  /**
   * Asks the server when the session ends. The server's clock decides, so the browser's offset
   * (skew) is measured when the session starts or is renewed; the check when the notice opens only
   * picks up a later end (another tab may have renewed the session).
   */
  const check = useCallback(
    (measureSkew: boolean) => {
      // mutateAsync, not mutate: two checks may overlap and each must land (mutate's callbacks run for the last only).
      verify.mutateAsync(me.id).then(
        (answer) =>
          setTimer((previous) =>
            timerFrom(answer, measureSkew ? Date.parse(answer.now) - Date.now() : previous.skewMs),
          ),
        (error: unknown) => {
          const code = sessionEndedCode(error);
          if (code) endSession(code);
        },
      );
    },
    [verify.mutateAsync, me.id, endSession],
  );
  const checkAtNotice = useCallback(() => check(false), [check]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: checked once per signed-in account
  useEffect(() => check(true), [me.id]);

  // Signed in, the screens speak the account's language (the one its emails use), whatever this
  // browser last chose; before paint, so a dashboard never flashes in the other language.
  useLayoutEffect(() => {
    const lang = normalizeLanguage(me.language);
    if (lang && lang !== currentLanguage()) void setLanguage(lang);
  }, [me.language]);

  const value = useMemo<SessionContextValue>(
    () => ({ me, setMe: (next) => queryClient.setQueryData(ME_QUERY, next) }),
    [me, queryClient],
  );

  return (
    <SessionContext.Provider value={value}>
      {children}
      <KeepAlive
        memberId={me.id}
        timer={timer}
        onNotice={checkAtNotice}
        onRefreshed={(timing) => {
          setTimer((previous) => timerFrom(timing, previous.skewMs));
          notifications.show({ color: 'teal', message: t('session.extended') });
          check(true);
        }}
        onExpired={() => endSession('4001')}
        onSignOut={() => navigate(logoutPath)}
      />
    </SessionContext.Provider>
  );
}
