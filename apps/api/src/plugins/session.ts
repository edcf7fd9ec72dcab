import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { AppError } from '../http/app-error.js';
import { callRefusal } from '../modules/access/organization.policy.js';
import type { AuthContext, SessionService } from '../modules/auth/session.service.js';
import { randomToken, safeEqual, sha256 } from '../security/at-rest.js';

export const SESSION_COOKIE = 'vl_session';
export const CSRF_COOKIE = 'vl_csrf';
export const CSRF_HEADER = 'x-csrf-token';

/**
 * Over HTTPS the cookies carry the `__Host-` prefix: the browser then keeps them only if Secure, for path `/`
 * and without a Domain, so no sibling subdomain can plant or shadow them.
 */
export function cookieNames(config: Pick<Config, 'secureCookies'>) {
  const prefix = config.secureCookies ? '__Host-' : '';
  return { session: `${prefix}${SESSION_COOKIE}`, csrf: `${prefix}${CSRF_COOKIE}` };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The CSRF token last proven against each session's hash (by that hash): a browser presents the same token on
 * every call, so its later calls compare it, in constant time, with the one whose sha256 matched instead of hashing
 * it again (the hash was most of the session check's own time in issue 17's profile). Bounded, oldest first.
 */
const provenCsrf = new Map<string, string>();
const PROVEN_MAX = 10_000;

function csrfMatchesSession(presented: string, csrfHash: string): boolean {
  const proven = provenCsrf.get(csrfHash);
  if (proven !== undefined) return safeEqual(presented, proven);
  if (!safeEqual(sha256(presented), csrfHash)) return false;
  if (provenCsrf.size >= PROVEN_MAX) provenCsrf.delete(provenCsrf.keys().next().value!);
  provenCsrf.set(csrfHash, presented);
  return true;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** false: the call does not count as activity (status polling). */
    touchSession?: boolean;
  }
}

/** Puts a session in the browser: the token HttpOnly, the CSRF token readable by the page. */
export function setSessionCookies(reply: FastifyReply, config: Config, issued: { token: string; csrfToken?: string }) {
  const base = { path: '/', sameSite: 'strict' as const, secure: config.secureCookies };
  const names = cookieNames(config);
  reply.setCookie(names.session, issued.token, { ...base, httpOnly: true });
  if (issued.csrfToken) reply.setCookie(names.csrf, issued.csrfToken, { ...base, httpOnly: false });
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  const options = { path: '/', sameSite: 'strict' as const, secure: config.secureCookies, httpOnly: true };
  reply.clearCookie(cookieNames(config).session, options);
}

/** The session token the request carries, under this server's cookie name. */
export function sessionToken(request: FastifyRequest, config: Pick<Config, 'secureCookies'>): string | undefined {
  return request.cookies[cookieNames(config).session];
}

/**
 * Every state-changing API call carries the CSRF cookie's value in a header (double submit); once signed in it
 * must be the session's own token. Then the route's access rule: public, any signed-in account, members,
 * operators, or a member holding a permission.
 */
export const sessionPlugin = fp(async (app: FastifyInstance, opts: { config: Config; sessions: SessionService }) => {
  await app.register(cookie);
  app.decorateRequest('auth', null);

  const names = cookieNames(opts.config);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.cookies[names.csrf]) {
      reply.setCookie(names.csrf, randomToken(), {
        path: '/',
        sameSite: 'strict',
        secure: opts.config.secureCookies,
        httpOnly: false,
      });
    }
    // Read once: Fastify builds a new routeOptions object on every read.
    const routeConfig = request.routeOptions.config;
    const access = routeConfig?.access;
    // Another VASP's server: no browser, so no cookies to protect; its route verifies the request's signature.
    if (!access || access === 'vasp') return;
    const unsafe = !SAFE_METHODS.has(request.method);
    const header = request.headers[CSRF_HEADER];
    const presented = typeof header === 'string' ? header : '';
    if (unsafe) {
      const cookieValue = request.cookies[names.csrf] ?? '';
      if (!presented || !cookieValue || !safeEqual(presented, cookieValue))
        throw new AppError('403', { reason: 'csrf' });
    }
    if (access === 'public') return;

    const auth = await opts.sessions.authenticate(request.cookies[names.session], {
      touch: routeConfig?.touchSession !== false,
    });
    if (unsafe && !csrfMatchesSession(presented, auth.csrfHash)) throw new AppError('403', { reason: 'csrf' });
    const refusal = callRefusal(access, auth);
    if (refusal) throw new AppError('403', refusal.permission ? { permission: refusal.permission } : undefined);
    // Set on the call's own context (authenticate makes a new one per call) rather than spread into another.
    auth.ip = request.ip;
    auth.userAgent = (request.headers['user-agent'] ?? '').slice(0, 255);
    request.auth = auth;
  });
});

/** The signed-in caller; routes with a non-public access rule always have one. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('401');
  return request.auth;
}
