import { inArray, type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { PgDialect, type PgSelect, type PgSession } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';
import { statementName } from './preparing-client.js';

const dialect = new PgDialect();

/** A query drizzle built once, run again with the values of its placeholders. */
interface Runnable {
  execute(values: Record<string, unknown>): Promise<unknown>;
}

/** Shapes kept per database (pool or PGlite): past this, a new shape is built for its one call, as before. */
const SHAPES_KEPT = 500;
const byDb = new WeakMap<object, Map<string, Runnable>>();

function kept(db: Db, key: string, make: () => Runnable): Runnable {
  let shapes = byDb.get(db);
  if (!shapes) {
    shapes = new Map();
    byDb.set(db, shapes);
  }
  let runnable = shapes.get(key);
  if (!runnable) {
    runnable = make();
    if (shapes.size < SHAPES_KEPT) shapes.set(key, runnable);
  }
  return runnable;
}

/**
 * Statements drizzle builds once per shape, whose values are placeholders (`slot`) filled on each call. Building a
 * statement (drizzle's `is()` checks, escaping every column, joining the fragments) cost a requests page more of
 * the server's thread than PostgreSQL's answer did (issue 17's profile: drizzle 20% of the thread, and the pool's
 * statement name looked up by the fresh text, another 2%). A kept statement is the same text each time: named
 * once, prepared once per connection, its plan kept by PostgreSQL as before.
 *
 * `key` must name everything that changes the statement's text (which conditions, which order, which window);
 * what only changes values goes through placeholders. Only for statements made from constants and placeholders:
 * a value written into `build` would be kept with the shape and reused for every later call.
 */
export const shapedStatements = {
  /** A select (drizzle's prepared query: its rows mapped to the selection's fields as an awaited select's are). */
  async select<Row>(db: Db, key: string, build: () => PgSelect, values: Record<string, unknown>): Promise<Row[]> {
    const runnable = kept(db, `select:${key}`, () => {
      const query = build();
      return query.prepare(statementName(query.toSQL().sql));
    });
    return (await runnable.execute(values)) as Row[];
  },

  /** Raw SQL, run as `db.execute` runs it: the driver's rows. */
  async execute<Row>(db: Db, key: string, build: () => SQL, values: Record<string, unknown>): Promise<Row[]> {
    const runnable = kept(db, `execute:${key}`, () => {
      const query = dialect.sqlToQuery(build());
      // What `db.execute` does for every call (drizzle's session, which its public type leaves out), once.
      const { session } = db as unknown as { session: PgSession };
      return session.prepareQuery(query, undefined, statementName(query.sql), false);
    });
    const result = (await runnable.execute(values)) as { rows: Row[] } | Row[];
    // node-postgres answers a result, PGlite its rows' holder too; both carry `rows`.
    return Array.isArray(result) ? result : result.rows;
  },
};

/** A placeholder of a shaped statement, filled from the call's values by name. */
export const slot = (name: string): Placeholder => sql.placeholder(name);

/**
 * `column` among `values`: written in as `in (…)` when they are the call's own values, `= any($n)` when they are a
 * placeholder of a shaped statement (one statement for any number of values).
 */
export function anyOf(column: SQLWrapper, values: readonly unknown[] | Placeholder): SQL {
  return Array.isArray(values) ? inArray(column, values as unknown[]) : sql`${column} = any(${values})`;
}
