import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, toApiError } from '../../lib/error-reader';
import { PendingPanel, type ResultAction, ResultPanel } from './ResultPanel';

/**
 * Each emailed link's failure test id, then its texts: the failure's title, the sentence for an incomplete link,
 * the wait while the server checks it.
 */
const LINKS = {
  reset: ['reset-failed', 'reset.linkFailedTitle', 'reset.invalidLink', 'reset.checking'],
  signup: ['signup-failed', 'signup.linkFailedTitle', 'signup.invalidLink', 'signup.checking'],
  verifyIp: ['verify-ip-failed', 'verifyIp.failedTitle', 'verifyIp.invalidLink', 'verifyIp.checking'],
} as const;

export interface LinkCheckProps<T> {
  link: keyof typeof LINKS;
  /** Whether the link carries every part it needs; an incomplete one is refused without asking the server. */
  complete: boolean;
  /** The server's check of the link (a query, so a second mount never checks it twice). */
  check: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined };
  /** A refusal of the link by a later step (it expired meanwhile), shown like the check's own. */
  refusal?: ApiError | null;
  /** The way out when the link fails. */
  action: ResultAction;
  /** The flow's own screen, once the link passed its check. */
  children: (checked: T) => ReactNode;
}

/** The first step of every emailed link: refused when incomplete, checked by the server, then its flow goes on. */
export function LinkCheck<T>({ link, complete, check, refusal = null, action, children }: LinkCheckProps<T>) {
  const { t } = useTranslation();
  const [testId, title, incomplete, checking] = LINKS[link];
  if (complete && check.isPending) return <PendingPanel label={t(checking)} />;
  const failure = refusal ?? (check.isError ? toApiError(check.error) : null);
  if (!complete || failure || check.data === undefined) {
    return (
      <ResultPanel
        testId={testId}
        tone="failed"
        title={t(title)}
        body={complete ? undefined : t(incomplete)}
        error={failure}
        action={action}
      />
    );
  }
  return children(check.data);
}
