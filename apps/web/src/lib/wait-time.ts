import { type AppLanguage, i18n } from '../i18n';

/**
 * `retryAfterSeconds` of a rate-limited answer (HTTP 429, code '429'): the contract's
 * `data: { retryAfterSeconds: N }`. Null when the answer does not say how long to wait.
 */
export function retryAfterSeconds(data: unknown): number | null {
  if (typeof data !== 'object' || data === null || !('retryAfterSeconds' in data)) return null;
  const value = Number((data as { retryAfterSeconds: unknown }).retryAfterSeconds);
  return Number.isFinite(value) && value >= 0 ? Math.ceil(value) : null;
}

/**
 * A wait as people say it: '4 minutes 10 seconds', '4분 10초', '1 hour 5 minutes'. Units that are
 * zero are left out; a wait under one second still reads '1 second' (the limit is not over yet).
 */
export function formatWait(seconds: number, lang: AppLanguage): string {
  const total = Math.max(1, Math.ceil(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  const parts: string[] = [];
  if (hours > 0) parts.push(i18n.t('duration.hours', { count: hours, lng: lang }));
  if (minutes > 0) parts.push(i18n.t('duration.minutes', { count: minutes, lng: lang }));
  if (rest > 0) parts.push(i18n.t('duration.seconds', { count: rest, lng: lang }));
  return parts.join(' ');
}
