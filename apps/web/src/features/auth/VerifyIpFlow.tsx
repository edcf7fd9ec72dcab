import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert';
import { AlertIcon, CheckIcon, GlobeIcon } from '../../components/icons';
import { toApiError } from '../../lib/error-reader';
import { useLoginIpVerify } from './api';
import type { LoginLink } from './login-query';
import { PendingPanel, ResultPanel } from './ResultPanel';

export interface VerifyIpFlowProps {
  memberId: string;
  loginIpId: string;
  code: string;
  loginLink: LoginLink;
}

/** The emailed IP verification link: verifies once, then asks to sign in again (or explains 4009/4010/4011). */
export function VerifyIpFlow({ memberId, loginIpId, code, loginLink }: VerifyIpFlowProps) {
  const { t } = useTranslation();
  const complete = Boolean(memberId && loginIpId && code);
  const verify = useLoginIpVerify(memberId, loginIpId, code);
  const action = { label: t('verifyIp.signInAgain'), ...loginLink };

  if (!complete) {
    return (
      <ResultPanel
        testId="verify-ip-failed"
        icon={<AlertIcon size={22} />}
        color="orange"
        title={t('verifyIp.failedTitle')}
        body={t('verifyIp.invalidLink')}
        action={action}
      />
    );
  }
  if (verify.isPending) return <PendingPanel label={t('verifyIp.checking')} />;
  if (verify.isError) {
    return (
      <ResultPanel
        testId="verify-ip-failed"
        icon={<AlertIcon size={22} />}
        color="orange"
        title={t('verifyIp.failedTitle')}
        action={action}
      >
        <ErrorAlert error={toApiError(verify.error)} title={t('login.noticeTitle')} color="orange" />
      </ResultPanel>
    );
  }
  return (
    <ResultPanel
      testId="verify-ip-success"
      icon={<CheckIcon size={24} />}
      color="teal"
      title={t('verifyIp.successTitle')}
      body={t('verifyIp.successBody', { ip: verify.data.ip })}
      action={action}
    >
      <Group gap={8}>
        <GlobeIcon size={16} color="var(--mantine-color-dimmed)" />
        <Badge variant="light" color="teal" size="lg" radius="sm" tt="none" ff="monospace">
          {verify.data.ip}
        </Badge>
      </Group>
    </ResultPanel>
  );
}
