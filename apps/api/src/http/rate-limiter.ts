import { createHash } from 'node:crypto';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../db/client.js';
import { rateLimits } from '../db/schema/index.js';
import { AppError } from './app-error.js';

export interface LimitVerdict {
  allowed: boolean;
  retryAfterSeconds: number;
}

/** A budget of hits per key and window. */
export interface Limiter {
  hit(key: string): Promise<LimitVerdict>;
}

/**
 * A fixed-window budget kept in PostgreSQL (rate-limiter-flexible's RateLimiterDrizzle: one atomic upsert a hit on
 * `rate_limits`), so every API process spends from the same counter: a budget used up through one process is used
 * up on all of them at once. For the sign-in budgets, which must hold exactly and are hit rarely. Hits over the
 * budget still count, as guesses.
 */
export function sharedLimiter(db: Db, name: string, max: number, windowMs: number): Limiter {
  const limiter = new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimits,
    keyPrefix: name,
    points: max,
    duration: Math.ceil(windowMs / 1000),
    // Expired rows are swept by the request counter (request-limit-store.ts), once for every budget.
    clearExpiredByTimeout: false,
  });
  const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
  return {
    async hit(key) {
      try {
        // Stored hashed: the table holds no email or address in clear, and keys of one length.
        const res = await limiter.consume(createHash('sha256').update(key).digest('base64url'));
        return { allowed: true, retryAfterSeconds: seconds(res.msBeforeNext) };
      } catch (refusal) {
        if (refusal instanceof RateLimiterRes)
          return { allowed: false, retryAfterSeconds: seconds(refusal.msBeforeNext) };
        throw refusal;
      }
    },
  };
}

/** A pre-handler spending one hit of `limiter` under the request's key; over budget answers 429. */
export function limitBy(
  limiter: Limiter,
  key: (request: FastifyRequest) => string | undefined,
): preHandlerAsyncHookHandler {
  return async (request, reply) => {
    const k = key(request);
    if (k === undefined) return;
    const { allowed, retryAfterSeconds } = await limiter.hit(k);
    if (!allowed) {
      reply.header('retry-after', retryAfterSeconds);
      throw new AppError('429', { retryAfterSeconds });
    }
  };
}
