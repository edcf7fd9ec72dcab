import { describe, expect, it } from 'vitest';
import { WindowLimiter } from './rate-limiter.js';

describe('window limiter', () => {
  it('allows max hits per key and window, then says when to retry', () => {
    const limiter = new WindowLimiter(3, 60_000);
    const t0 = 1_000_000;
    expect([1, 2, 3].map((i) => limiter.hit('a', t0 + i).allowed)).toEqual([true, true, true]);
    expect(limiter.hit('a', t0 + 10_000)).toEqual({ allowed: false, retryAfterSeconds: 51 });
    expect(limiter.hit('b', t0 + 10_000).allowed).toBe(true);
    expect(limiter.hit('a', t0 + 60_001).allowed).toBe(true);
  });
});
