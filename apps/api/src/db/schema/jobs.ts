import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every hand-off to the custody engine, one row per key (`<queue>:<request id>`), written in the transaction that
 * enqueues the job: a second hand-off of the same request finds the key taken and sends nothing, whatever
 * connection or process it comes from. pg-boss's own singleton keys are not relied on for this.
 */
export const engineHandoffs = pgTable('engine_handoffs', {
  key: text('key').primaryKey(),
  queue: text('queue').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
