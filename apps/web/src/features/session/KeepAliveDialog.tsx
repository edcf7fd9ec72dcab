import { Button, Center, Group, Modal, RingProgress, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { OtpCodeForm } from '../../components/OtpCodeForm';
import { type SessionTiming, useTokenRefresh } from './api';
import { formatCountdown, type SessionTimer, sessionPhase, useRemainingMs } from './session-clock';

export interface KeepAliveDialogProps {
  memberId: string;
  timer: SessionTimer;
  /** The notice window opened (once per session timing): a chance to re-check the session. */
  onNotice?: () => void;
  onRefreshed: (timing: SessionTiming) => void;
  /** The countdown reached zero. */
  onExpired: () => void;
  onSignOut: () => void;
}

/**
 * Opens when the session is about to end: a countdown (mm:ss), and an authenticator code to stay
 * signed in. At zero the session is over and `onExpired` runs.
 */
export function KeepAliveDialog({
  memberId,
  timer,
  onNotice,
  onRefreshed,
  onExpired,
  onSignOut,
}: KeepAliveDialogProps) {
  const { t } = useTranslation();
  const remaining = useRemainingMs(timer);
  const phase = sessionPhase(remaining, timer.noticeSeconds);
  const expiredCalled = useRef(false);
  const noticed = useRef<number | null>(null);

  useEffect(() => {
    if (phase === 'expired' && !expiredCalled.current) {
      expiredCalled.current = true;
      onExpired();
    }
    if (phase === 'notice' && noticed.current !== timer.expiresAtMs) {
      noticed.current = timer.expiresAtMs;
      onNotice?.();
    }
  }, [phase, timer.expiresAtMs, onExpired, onNotice]);

  const windowMs = Math.max(1, timer.noticeSeconds * 1000);
  const percent = Math.min(100, Math.max(0, (remaining / windowMs) * 100));
  const urgent = remaining <= 30_000;

  return (
    <Modal
      opened={phase !== 'active'}
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      radius="lg"
      size={420}
      padding="xl"
      overlayProps={{ backgroundOpacity: 0.45, blur: 3 }}
    >
      <Stack gap="lg" data-testid="keep-alive-dialog" role="alertdialog" aria-labelledby="keep-alive-title">
        <Center>
          <RingProgress
            size={148}
            thickness={8}
            roundCaps
            sections={[{ value: percent, color: urgent ? 'red' : 'indigo' }]}
            label={
              <Stack gap={0} align="center">
                <Text
                  data-testid="keep-alive-countdown"
                  ff="monospace"
                  fw={700}
                  fz={28}
                  c={urgent ? 'red.7' : 'dark.7'}
                  aria-live="off"
                >
                  {formatCountdown(remaining)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('session.remaining')}
                </Text>
              </Stack>
            }
          />
        </Center>
        <Stack gap={6} ta="center">
          <Text id="keep-alive-title" fw={700} fz="lg">
            {t('session.keepAliveTitle')}
          </Text>
          <Text size="sm" c="dimmed" lh={1.6}>
            {t('session.keepAliveBody')}
          </Text>
        </Stack>
        <StayForm memberId={memberId} onRefreshed={onRefreshed} onSignOut={onSignOut} />
      </Stack>
    </Modal>
  );
}

function StayForm({
  memberId,
  onRefreshed,
  onSignOut,
}: Pick<KeepAliveDialogProps, 'memberId' | 'onRefreshed' | 'onSignOut'>) {
  const { t } = useTranslation();
  const refresh = useTokenRefresh();
  return (
    <OtpCodeForm
      onSubmit={(otpCode) => refresh.mutate({ memberId, otpCode }, { onSuccess: (timing) => onRefreshed(timing) })}
      pending={refresh.isPending}
      error={refresh.error}
      errorTitle={t('session.extendFailedTitle')}
      submitOnComplete
      field={{ 'data-autofocus': true }}
    >
      <Group grow>
        <Button variant="default" size="md" onClick={onSignOut} data-testid="keep-alive-sign-out">
          {t('session.signOut')}
        </Button>
        <Button type="submit" size="md" loading={refresh.isPending} data-testid="keep-alive-stay">
          {t('session.stay')}
        </Button>
      </Group>
    </OtpCodeForm>
  );
}
