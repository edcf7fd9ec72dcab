import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoutIcon } from '../../../components/icons';
import { clearAuthStorage } from '../../../features/auth/auth-storage';
import { PendingPanel, ResultPanel } from '../../../features/auth/ResultPanel';
import { useLogoutMutation } from '../../../features/session/api';
import { PATHS } from '../../../lib/paths';

/** Ends the session on the server (whatever it answers), then forgets everything of it in this tab. */
export function LogoutPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const logout = useLogoutMutation();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const forget = () => {
      // Nothing fetched for the previous member may linger for whoever signs in next on this browser.
      queryClient.clear();
      clearAuthStorage();
    };
    logout.mutate(undefined, { onSettled: forget });
  }, [logout.mutate, queryClient]);

  if (logout.isIdle || logout.isPending) return <PendingPanel label={t('logout.signingOut')} />;
  return (
    <ResultPanel
      testId="logout-done"
      icon={<LogoutIcon size={22} />}
      title={t('logout.title')}
      body={t('logout.body')}
      action={{ label: t('logout.signInAgain'), to: PATHS.login }}
    />
  );
}
