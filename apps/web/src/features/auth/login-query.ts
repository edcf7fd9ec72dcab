import { isErrorCode } from '@vaultline/contracts';
import { GUEST_ACCESS_ERROR } from '../../lib/session-end';

/**
 * The login route carries its state in the query (spec section 2): `email` prefills the form,
 * `redirect` is where to go after signing in, `error` names an error code to explain (only a code
 * of the error catalogue: any other text is dropped, never shown), and `mode` opens another screen
 * of the route:
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
  /** A catalogue error code to show; never the guest-access error (a notice) nor unknown text. */
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

/** An `error` value the page explains: a code of the error catalogue, shown as its translated message. */
function isShownErrorCode(value: string): boolean {
  return value !== GUEST_ACCESS_ERROR && isErrorCode(value);
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
    errorCode: error && isShownErrorCode(error) ? error : null,
    guestAccess: isGuestAccessError(search),
    memberId: text('memberId'),
    token: text('token'),
    loginIpId: text('loginIpId'),
    code: text('code'),
    invitationId: text('invitationId'),
  };
}

/**
 * The query without the errors the page does not keep, every other parameter in order; `null` when
 * there is nothing to drop. The guest-access error goes so that a reload or a shared link does not
 * keep telling a visitor they were turned away; an `error` that is not a catalogue code goes because
 * it is never ours to show (a crafted link could otherwise print any text as if the product said it).
 */
export function withoutDroppedErrors(search: URLSearchParams): URLSearchParams | null {
  const dropped = (key: string, value: string) =>
    key === GUEST_ACCESS_PARAM || (key === 'error' && !isShownErrorCode(value));
  if (![...search].some(([key, value]) => dropped(key, value))) return null;
  const next = new URLSearchParams();
  for (const [key, value] of search) if (!dropped(key, value)) next.append(key, value);
  return next;
}

/**
 * History state of a link between the login route's screens: the email typed on one screen
 * prefills the next without ever entering the URL (where it would land in logs and history).
 */
export interface LoginLinkState {
  email?: string;
}

/** An in-app link to a login-route screen: the path with its query, and the state it carries. */
export interface LoginLink {
  to: string;
  state?: LoginLinkState;
}

export function loginLinkState(email: string | undefined): LoginLinkState | undefined {
  return email ? { email } : undefined;
}

/** The email carried in history state by a `LoginLink`, or '' when there is none. */
export function emailFromLinkState(state: unknown): string {
  const email = typeof state === 'object' && state !== null ? (state as LoginLinkState).email : undefined;
  return typeof email === 'string' ? email.trim() : '';
}

/** A login-route search string for another mode, keeping `redirect`; the email travels in state. */
export function loginSearch(mode: LoginMode, keep: { redirect?: string | null } = {}): string {
  const next = new URLSearchParams();
  if (mode !== 'login') next.set('mode', mode);
  if (keep.redirect) next.set('redirect', keep.redirect);
  const text = next.toString();
  return text ? `?${text}` : '';
}
