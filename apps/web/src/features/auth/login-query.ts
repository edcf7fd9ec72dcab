/**
 * The login route carries its state in the query (spec section 2): `email` prefills the form,
 * `redirect` is where to go after signing in, `error` names an error code to explain, and
 * `step=forgot` opens the forgotten-password step.
 */

/** The value of `error` set when a signed-out visitor opened a members-only page. */
export const GUEST_ACCESS_ERROR = 'GUEST_ACCESS';
/** The flag-style spelling of the same guest-access error. */
export const GUEST_ACCESS_PARAM = 'guestAccessError';

export type LoginStep = 'form' | 'forgot';

export interface LoginQuery {
  email: string;
  redirect: string | null;
  /** An error code to show; never the guest-access error, which is only a notice. */
  errorCode: string | null;
  guestAccess: boolean;
  step: LoginStep;
}

function isGuestAccessError(search: URLSearchParams): boolean {
  return search.has(GUEST_ACCESS_PARAM) || search.getAll('error').includes(GUEST_ACCESS_ERROR);
}

export function readLoginQuery(search: URLSearchParams): LoginQuery {
  const error = search.get('error');
  return {
    email: search.get('email')?.trim() ?? '',
    redirect: search.get('redirect'),
    errorCode: error && error !== GUEST_ACCESS_ERROR ? error : null,
    guestAccess: isGuestAccessError(search),
    step: search.get('step') === 'forgot' ? 'forgot' : 'form',
  };
}

/**
 * The query without the guest-access error, every other parameter kept in order; `null` when
 * there is nothing to drop. The error is dropped so that a reload or a shared link does not keep
 * telling a visitor they were turned away.
 */
export function withoutGuestAccessError(search: URLSearchParams): URLSearchParams | null {
  if (!isGuestAccessError(search)) return null;
  const next = new URLSearchParams();
  for (const [key, value] of search) {
    if (key === GUEST_ACCESS_PARAM || (key === 'error' && value === GUEST_ACCESS_ERROR)) continue;
    next.append(key, value);
  }
  return next;
}
