import { validationMessage } from '@vaultline/contracts';
import type { AppLanguage } from '../i18n';
import type { ApiError } from './error-reader';

interface ServerIssue {
  path?: unknown;
  message?: unknown;
  key?: unknown;
  params?: unknown;
}

/**
 * A refusal of some of the given fields (a 4000 whose `data.issues` names `body.amount` and the like), in the
 * language shown now: the message key translated here, the server's own words when it sent no key.
 */
export function serverFieldErrors<F extends string>(
  error: ApiError,
  fields: readonly F[],
  lang: AppLanguage,
): Partial<Record<F, string>> {
  const data = error.data as { issues?: unknown } | null;
  if (error.code !== '4000' || !data || !Array.isArray(data.issues)) return {};
  const out: Partial<Record<F, string>> = {};
  for (const issue of data.issues as ServerIssue[]) {
    const field = typeof issue.path === 'string' ? issue.path.replace(/^body\./, '') : '';
    if (!(fields as readonly string[]).includes(field) || out[field as F]) continue;
    const params = typeof issue.params === 'object' && issue.params ? (issue.params as Record<string, unknown>) : {};
    const text =
      typeof issue.key === 'string'
        ? validationMessage(issue.key, lang, params)
        : typeof issue.message === 'string'
          ? issue.message
          : '';
    if (text) out[field as F] = text;
  }
  return out;
}
