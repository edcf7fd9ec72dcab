import { useTranslation } from 'react-i18next';
import { AccountNotice } from './AccountNotice';

export function OtpGuidePage() {
  const { t } = useTranslation();
  return <AccountNotice title={t('otpGuide.title')} body={t('otpGuide.body')} />;
}
