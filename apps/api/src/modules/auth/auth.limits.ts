import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { limitBy, sharedLimiter } from '../../http/rate-limiter.js';

const MINUTE = 60_000;

const byIp = (request: FastifyRequest) => request.ip;
const emailOf = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : undefined;
};
const memberOf = (request: FastifyRequest) => (request.params as { memberId?: string }).memberId;
const withIp = (account: (r: FastifyRequest) => string | undefined) => (request: FastifyRequest) => {
  const key = account(request);
  return key === undefined ? undefined : `${key}|${request.ip}`;
};

/**
 * Sign-in budgets. Guessing is stopped per account (and per account and address), where a person's attempts
 * are counted; an address only has a high ceiling, because an office signs in from behind one address and one
 * person's sign-in takes a password call and a code call. Every refusal is a 429 with `retryAfterSeconds`.
 *
 * | call                 | per account + address | per account      | per address        |
 * | sign-in              | 10 / 5 min            | 30 / 5 min       | 300 / 5 min        |
 * | authenticator codes  | 10 / 10 min           | 20 / 10 min      | 300 / 10 min       |
 * | IP verification      | 8 / 10 min            | 16 / 10 min      | 100 / 10 min       |
 * | forgotten password   | 3 / hour              | 5 / hour         | 100 / hour         |
 * | emailed links        | 10 / hour             | 20 / hour        | 200 / hour         |
 *
 * Counted in PostgreSQL (`rate_limits`), so the budgets hold across every API process.
 */
export function authLimits(config: Config, db: Db) {
  const limiter = (name: string, max: number, windowMs: number) =>
    sharedLimiter(db, name, max * config.authRateLimitFactor, windowMs);
  const budget = (
    name: string,
    account: (r: FastifyRequest) => string | undefined,
    perAccountAndIp: number,
    perAccount: number,
    perIp: number,
    windowMs: number,
  ) => [
    limitBy(limiter(`${name}:account-ip`, perAccountAndIp, windowMs), withIp(account)),
    limitBy(limiter(`${name}:account`, perAccount, windowMs), account),
    limitBy(limiter(`${name}:ip`, perIp, windowMs), byIp),
  ];
  return {
    login: budget('login', emailOf, 10, 30, 300, 5 * MINUTE),
    otp: budget('otp', memberOf, 10, 20, 300, 10 * MINUTE),
    ipVerification: budget('ip-verification', memberOf, 8, 16, 100, 10 * MINUTE),
    recover: budget('recover', emailOf, 3, 5, 100, 60 * MINUTE),
    link: budget('link', memberOf, 10, 20, 200, 60 * MINUTE),
  };
}
