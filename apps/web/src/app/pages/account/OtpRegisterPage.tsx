import { useTranslation } from 'react-i18next';
import { AccountNotice } from './AccountNotice';

export function OtpRegisterPage() {
  const { t } = useTranslation();
  return <AccountNotice title={t('otpRegister.title')} body={t('otpRegister.body')} />;
}
