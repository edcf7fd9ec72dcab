import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { limitBy, WindowLimiter } from '../../http/rate-limiter.js';

const MINUTE = 60_000;

const byIp = (request: FastifyRequest) => request.ip;
const byEmail = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : undefined;
};
const byMember = (request: FastifyRequest) => (request.params as { memberId?: string }).memberId;

/**
 * Sign-in budgets, per IP and per account, at least as strict as BitGo's published ones (login 15 per
 * 5 minutes, OTP 15 per 3 s, IP verification 8 per 10 minutes, forgotten password 3 per hour).
 */
export function authLimits(config: Config) {
  const limiter = (max: number, windowMs: number) => new WindowLimiter(max * config.authRateLimitFactor, windowMs);
  const both = (
    perIp: WindowLimiter,
    perAccount: WindowLimiter,
    account: (r: FastifyRequest) => string | undefined,
  ) => [limitBy(perIp, byIp), limitBy(perAccount, account)];
  return {
    login: both(limiter(15, 5 * MINUTE), limiter(15, 5 * MINUTE), byEmail),
    otp: both(limiter(30, 10 * MINUTE), limiter(10, 10 * MINUTE), byMember),
    ipVerification: both(limiter(8, 10 * MINUTE), limiter(8, 10 * MINUTE), byMember),
    recover: both(limiter(10, 60 * MINUTE), limiter(3, 60 * MINUTE), byEmail),
    link: both(limiter(20, 60 * MINUTE), limiter(10, 60 * MINUTE), byMember),
  };
}
