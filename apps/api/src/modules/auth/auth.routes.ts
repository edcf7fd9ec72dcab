import {
  loginIpVerifyCall,
  logoutCall,
  memberLoginCall,
  otpRegistrationConfirmCall,
  otpRegistrationStartCall,
  passphraseRecoverCall,
  passphraseResetCall,
  passphraseVerifyCall,
  publicKeyCall,
  tokenRefreshCall,
  tokenVerifyCall,
} from '@vaultline/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { registerCall } from '../../http/register-call.js';
import { requestLanguage } from '../../plugins/error-handler.js';
import { clearSessionCookie, requireAuth, sessionToken, setSessionCookies } from '../../plugins/session.js';
import type { Services } from '../../services.js';
import { authLimits } from './auth.limits.js';

const meta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? '' });

/** The `{memberId}` of a signed-in call must be the caller: nobody acts on another account's session. */
export function assertSelf(request: FastifyRequest, memberId: string) {
  if (requireAuth(request).accountId !== memberId) throw new AppError('403');
}

export async function authRoutes(app: FastifyInstance, opts: { config: Config; services: Services; db: Db }) {
  const { config, services } = opts;
  const limits = authLimits(config, opts.db);

  registerCall(app, publicKeyCall, async () => ({
    keyId: services.keyring.keyId,
    algorithm: 'RSA-OAEP-256' as const,
    publicKey: services.keyring.publicKeyPem,
  }));

  registerCall(
    app,
    memberLoginCall,
    async ({ body, request, reply }) => {
      const { answer, session } = await services.auth.login(body, meta(request));
      if (session) setSessionCookies(reply, config, session);
      return answer;
    },
    { preHandler: limits.login },
  );

  registerCall(app, logoutCall, async ({ request, reply }) => {
    await services.sessions.close(sessionToken(request, config), meta(request));
    clearSessionCookie(reply, config);
    return { ok: true as const };
  });

  registerCall(
    app,
    otpRegistrationStartCall,
    async ({ params, body }) => services.otpRegistration.start(params.memberId, body.ticket),
    { preHandler: limits.otp },
  );

  registerCall(
    app,
    otpRegistrationConfirmCall,
    async ({ params, body, request, reply }) => {
      const { answer, session } = await services.otpRegistration.confirm(
        params.memberId,
        body.ticket,
        body.otpCode,
        meta(request),
      );
      setSessionCookies(reply, config, session);
      return answer;
    },
    { preHandler: limits.otp },
  );

  registerCall(
    app,
    tokenRefreshCall,
    async ({ params, body, request, reply }) => {
      assertSelf(request, params.memberId);
      const renewed = await services.members.reauthenticate(requireAuth(request), body.otpCode);
      setSessionCookies(reply, config, { token: renewed.token });
      return { sessionExpiresAt: renewed.expiresAt.toISOString(), sessionNoticeSeconds: config.sessionNoticeSeconds };
    },
    { preHandler: limits.otp },
  );

  registerCall(
    app,
    tokenVerifyCall,
    async ({ params, request }) => {
      assertSelf(request, params.memberId);
      return {
        valid: true as const,
        sessionExpiresAt: requireAuth(request).sessionExpiresAt.toISOString(),
        sessionNoticeSeconds: config.sessionNoticeSeconds,
        now: services.clock().toISOString(),
      };
    },
    { touchSession: false },
  );

  registerCall(
    app,
    passphraseRecoverCall,
    async ({ body, request }) =>
      services.passwords.recover(body.email, requestLanguage(request) === 'en' ? 'EN' : 'KO'),
    { preHandler: limits.recover },
  );

  registerCall(
    app,
    passphraseVerifyCall,
    async ({ params, body }) => services.passwords.verifyLink(params.memberId, body.token),
    { preHandler: limits.link },
  );

  registerCall(
    app,
    passphraseResetCall,
    async ({ params, body, request }) => services.passwords.reset(params.memberId, body, meta(request)),
    {
      preHandler: [...limits.link, ...limits.otp],
    },
  );

  registerCall(
    app,
    loginIpVerifyCall,
    async ({ params, body, request }) =>
      services.auth.verifyLoginIp(params.memberId, params.loginIpId, body.code, meta(request)),
    { preHandler: limits.ipVerification },
  );
}
