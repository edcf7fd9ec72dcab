import { type CallAccess, TRP_HEADERS } from '@vaultline/contracts';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '../plugins/session.js';

/**
 * How a caller proves itself, as the session plugin checks it (plugins/session.ts): the session cookie for every
 * call that is not public, the double-submit CSRF pair (cookie and header) for every state-changing call, public
 * ones included, and for other VASPs' travel-rule calls an HMAC signature instead of either.
 */
export const SECURITY_SCHEMES = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description:
      'The session token, set HttpOnly and SameSite=Strict by a completed sign-in (memberLogin with the ' +
      'authenticator code, otpRegistrationConfirm, memberTokenRefresh). Over HTTPS the cookie is named ' +
      `\`__Host-${SESSION_COOKIE}\`. It ends after 30 minutes, after 30 minutes of inactivity, or when the account ` +
      'signs in from another browser (401 with codes 401, 4001, 19, 4028).',
  },
  csrfCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: CSRF_COOKIE,
    description:
      'The CSRF token cookie (readable by the page): set on any answer to a request that carries none, and ' +
      `replaced by the session's own token at sign-in. Over HTTPS the cookie is named \`__Host-${CSRF_COOKIE}\`.`,
  },
  csrfHeader: {
    type: 'apiKey',
    in: 'header',
    name: CSRF_HEADER,
    description:
      `Double-submit CSRF token: every POST, PATCH and DELETE repeats the value of the \`${CSRF_COOKIE}\` cookie ` +
      "here; once signed in it must be the session's own token. A missing or different one answers 403 (code 403).",
  },
  vaspKeyId: {
    type: 'apiKey',
    in: 'header',
    name: TRP_HEADERS.keyId,
    description: 'Which shared key signed the request: the calling VASP as our VASP directory knows it.',
  },
  vaspSignature: {
    type: 'apiKey',
    in: 'header',
    name: TRP_HEADERS.signature,
    description:
      `Hex HMAC-SHA256, with the key named by \`${TRP_HEADERS.keyId}\`, over ` +
      `\`\${${TRP_HEADERS.timestamp}}.\${${TRP_HEADERS.requestIdentifier}}.\${body}\` (the exact body bytes); ` +
      `\`${TRP_HEADERS.timestamp}\` (Unix seconds) must be within 300 seconds of the server's clock and ` +
      `\`${TRP_HEADERS.apiVersion}\` 3.x. A bad signature answers 403 (code 403).`,
  },
} as const;

export type SecuritySchemeName = keyof typeof SECURITY_SCHEMES;
export type SecurityRequirement = Partial<Record<SecuritySchemeName, string[]>>;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether the session plugin asks this method for the CSRF pair (everything that may change state). */
export function isUnsafeMethod(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

/** Whether the session plugin asks for a session: every access rule but public and vasp (and routes without one). */
export function needsSession(access: CallAccess | undefined): access is Exclude<CallAccess, 'public' | 'vasp'> {
  return access !== undefined && access !== 'public' && access !== 'vasp';
}

/** Whether the session plugin checks the CSRF pair: state-changing calls of any access rule but vasp. */
export function needsCsrf(access: CallAccess | undefined, method: string): boolean {
  return access !== undefined && access !== 'vasp' && isUnsafeMethod(method);
}

/** The operation's `security`: one requirement naming every scheme it needs together, or none (`[]`). */
export function operationSecurity(access: CallAccess | undefined, method: string): SecurityRequirement[] {
  if (access === 'vasp') return [{ vaspKeyId: [], vaspSignature: [] }];
  const requirement: SecurityRequirement = {
    ...(needsSession(access) ? { sessionCookie: [] } : {}),
    ...(needsCsrf(access, method) ? { csrfCookie: [], csrfHeader: [] } : {}),
  };
  return Object.keys(requirement).length > 0 ? [requirement] : [];
}
