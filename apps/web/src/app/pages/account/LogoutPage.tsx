import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountNotice } from './AccountNotice';

export function LogoutPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // Nothing fetched for the previous member may linger for whoever signs in next on this browser.
  useEffect(() => {
    queryClient.clear();
  }, [queryClient]);
  return <AccountNotice title={t('logout.title')} body={t('logout.body')} />;
}
