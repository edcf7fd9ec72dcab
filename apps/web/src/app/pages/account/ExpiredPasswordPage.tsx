import { useTranslation } from 'react-i18next';
import { AccountNotice } from './AccountNotice';

export function ExpiredPasswordPage() {
  const { t } = useTranslation();
  return <AccountNotice title={t('expiredPassword.title')} body={t('expiredPassword.body')} />;
}
