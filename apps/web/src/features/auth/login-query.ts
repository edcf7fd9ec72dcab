import { GUEST_ACCESS_ERROR } from '../../lib/session-end';

/**
 * The login route carries its state in the query (spec section 2): `email` prefills the form,
 * `redirect` is where to go after signing in, `error` names an error code to explain, and `mode`
 * opens another screen of the route:
 * - `mode=forgot`: forgotten password (email, then "email sent");
 * - `mode=reset&memberId=..&token=..`: the emailed reset link;
 * - `mode=verify-ip&memberId=..&loginIpId=..&code=..`: the emailed IP verification link;
 * - `mode=signup&invitationId=..&token=..`: the emailed invitation of a member or an owner.
 */

/** The value of `error` set when a signed-out visitor opened a members-only page. */
export { GUEST_ACCESS_ERROR };
/** The flag-style spelling of the same guest-access error. */
export const GUEST_ACCESS_PARAM = 'guestAccessError';

export const LOGIN_MODES = ['login', 'forgot', 'reset', 'verify-ip', 'signup'] as const;
export type LoginMode = (typeof LOGIN_MODES)[number];

export interface LoginQuery {
  mode: LoginMode;
  email: string;
  redirect: string | null;
  /** An error code to show; never the guest-access error, which is only a notice. */
  errorCode: string | null;
  guestAccess: boolean;
  memberId: string;
  token: string;
  loginIpId: string;
  code: string;
  invitationId: string;
}

function isGuestAccessError(search: URLSearchParams): boolean {
  return search.has(GUEST_ACCESS_PARAM) || search.getAll('error').includes(GUEST_ACCESS_ERROR);
}

function readMode(search: URLSearchParams): LoginMode {
  // `step=forgot` is the older spelling of the forgotten-password screen.
  const mode = search.get('mode') ?? (search.get('step') === 'forgot' ? 'forgot' : null);
  return (LOGIN_MODES as readonly string[]).includes(mode ?? '') ? (mode as LoginMode) : 'login';
}

export function readLoginQuery(search: URLSearchParams): LoginQuery {
  const error = search.get('error');
  const text = (name: string) => search.get(name)?.trim() ?? '';
  return {
    mode: readMode(search),
    email: text('email'),
    redirect: search.get('redirect'),
    errorCode: error && error !== GUEST_ACCESS_ERROR ? error : null,
    guestAccess: isGuestAccessError(search),
    memberId: text('memberId'),
    token: text('token'),
    loginIpId: text('loginIpId'),
    code: text('code'),
    invitationId: text('invitationId'),
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

/** A login-route search string for another mode, keeping `email` and `redirect`. */
export function loginSearch(mode: LoginMode, keep: { email?: string; redirect?: string | null } = {}): string {
  const next = new URLSearchParams();
  if (mode !== 'login') next.set('mode', mode);
  if (keep.email) next.set('email', keep.email);
  if (keep.redirect) next.set('redirect', keep.redirect);
  const text = next.toString();
  return text ? `?${text}` : '';
}
