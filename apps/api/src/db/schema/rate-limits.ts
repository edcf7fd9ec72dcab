import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters shared by every API process (issue 19): the sign-in budgets (rate-limiter-flexible's
 * RateLimiterDrizzle, one atomic upsert a hit) and the per-address request ceiling (counted in memory, added here
 * every second). `key` names the budget and what it counts (`login:acct:…`); `expire` ends its window.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull().default(0),
    expire: timestamp('expire', { withTimezone: true }),
  },
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
);
