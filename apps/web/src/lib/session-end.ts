import { isApiError } from './error-reader';

/** Error codes meaning the session is over (spec section 8): no session, timeout, inactivity, taken over. */
export const SESSION_ENDED_CODES: readonly string[] = ['401', '4001', '5', '19', '4028'];

/** The login query's `error` for a visitor who never had a session: shown as a notice, then dropped. */
export const GUEST_ACCESS_ERROR = 'GUEST_ACCESS';

/** The session-ended code of a failed call, or null when the failure is about something else. */
export function sessionEndedCode(error: unknown): string | null {
  if (!isApiError(error)) return null;
  if (SESSION_ENDED_CODES.includes(error.code)) return error.code;
  // A 401 with a code of its own still means there is no session.
  return error.status === 401 ? '401' : null;
}

/**
 * The login query after a session ended: `error` names why (a plain 401 is a guest who never had
 * a session: GUEST_ACCESS), `redirect` brings the member back to where they were.
 */
export function sessionEndedLoginSearch(code: string, currentPath: string): string {
  const search = new URLSearchParams();
  search.set('error', code === '401' ? GUEST_ACCESS_ERROR : code);
  if (currentPath) search.set('redirect', currentPath);
  return `?${search.toString()}`;
}

/** Queries and mutations that deal with a session end themselves carry this meta flag. */
export const SESSION_HANDLED_META = { sessionHandled: true } as const;

export function handlesSessionItself(meta: Record<string, unknown> | undefined): boolean {
  return meta?.sessionHandled === true;
}
