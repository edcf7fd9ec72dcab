import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { GlobeIcon } from '../../components/icons';
import { useLoginIpVerify } from './api';
import { LinkCheck } from './LinkCheck';
import type { LoginLink } from './login-query';
import { ResultPanel } from './ResultPanel';

export interface VerifyIpFlowProps {
  memberId: string;
  loginIpId: string;
  code: string;
  loginLink: LoginLink;
}

/** The emailed IP verification link: verifies once, then asks to sign in again (or explains 4009/4010/4011). */
export function VerifyIpFlow({ memberId, loginIpId, code, loginLink }: VerifyIpFlowProps) {
  const { t } = useTranslation();
  const verify = useLoginIpVerify(memberId, loginIpId, code);
  const action = { label: t('verifyIp.signInAgain'), ...loginLink };
  return (
    <LinkCheck link="verifyIp" complete={Boolean(memberId && loginIpId && code)} check={verify} action={action}>
      {({ ip }) => (
        <ResultPanel
          testId="verify-ip-success"
          tone="done"
          title={t('verifyIp.successTitle')}
          body={t('verifyIp.successBody', { ip })}
          action={action}
        >
          <Group gap={8}>
            <GlobeIcon size={16} color="var(--mantine-color-dimmed)" />
            <Badge variant="light" color="teal" size="lg" radius="sm" tt="none" ff="monospace">
              {ip}
            </Badge>
          </Group>
        </ResultPanel>
      )}
    </LinkCheck>
  );
}
