import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from './app-error.js';

/**
 * Counts hits per key in fixed windows. @fastify/rate-limit applies one limit per request, and sign-in needs
 * two at once (per address and per account), so these budgets are counted here. Memory-bound: windows that
 * ended are swept as new ones open.
 */
export class WindowLimiter {
  private readonly windows = new Map<string, { start: number; hits: number }>();
  private lastSweep = 0;

  constructor(
    readonly max: number,
    readonly windowMs: number,
  ) {}

  hit(key: string, now = Date.now()): { allowed: boolean; retryAfterSeconds: number } {
    this.sweep(now);
    let w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      w = { start: now, hits: 0 };
      this.windows.set(key, w);
    }
    w.hits += 1;
    const retryAfterSeconds = Math.max(1, Math.ceil((w.start + this.windowMs - now) / 1000));
    return { allowed: w.hits <= this.max, retryAfterSeconds };
  }

  private sweep(now: number) {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [key, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(key);
  }
}

/** A pre-handler spending one hit of `limiter` under the request's key; over budget answers 429. */
export function limitBy(
  limiter: WindowLimiter,
  key: (request: FastifyRequest) => string | undefined,
): preHandlerAsyncHookHandler {
  return async (request, reply) => {
    const k = key(request);
    if (k === undefined) return;
    const { allowed, retryAfterSeconds } = limiter.hit(k);
    if (!allowed) {
      reply.header('retry-after', retryAfterSeconds);
      throw new AppError('429', { retryAfterSeconds });
    }
  };
}
