import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClockIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import type { ApiError } from '../../lib/error-reader';
import { formatWait, retryAfterSeconds } from '../../lib/wait-time';

/** Whether a sign-in answer is the rate limit (HTTP 429, code '429'), not a verdict on what was typed. */
export function isRateLimited(error: ApiError): boolean {
  return error.code === '429';
}

/** Seconds left of the wait the server named, counted down from when the answer arrived. */
function useSecondsLeft(error: ApiError): number | null {
  const wait = retryAfterSeconds(error.data);
  const [now, setNow] = useState(() => Date.now());
  const left = wait === null ? null : Math.max(0, wait - Math.floor((now - error.time.getTime()) / 1000));
  useEffect(() => {
    if (!left) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left]);
  return left;
}

/**
 * The sign-in and code screens' answer to a rate limit: a title that says it is a limit (so nobody
 * reads it as a wrong password or code) and how long is left to wait, counting down.
 */
export function RateLimitAlert({ error }: { error: ApiError }) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const left = useSecondsLeft(error);
  const message =
    left === null
      ? t('login.rateLimitedLater')
      : left > 0
        ? t('login.rateLimitedWait', { wait: formatWait(left, lang) })
        : t('login.rateLimitedOver');
  return (
    <Notice testId="rate-limit-notice" color="orange" title={t('login.rateLimitedTitle')} icon={ClockIcon}>
      <Text size="sm">{message}</Text>
      <Text size="xs" c="dimmed" mt={4}>
        {t('error.codeDetails', { code: error.code })}
      </Text>
    </Notice>
  );
}
