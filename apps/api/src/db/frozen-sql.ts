import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

const dialect = new PgDialect();

/**
 * An SQL fragment without parameters (column lists, JSON shapes, orders), written out as text once. drizzle walks
 * every part of a fragment each time a statement holding it is built: a list page's JSON shape alone cost ~40 µs
 * a call, more than the statement took PostgreSQL to run.
 */
export function frozen(fragment: SQL): SQL {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  if (params.length > 0) throw new Error(`A frozen SQL fragment takes no parameters: ${text}`);
  return sql.raw(text);
}

/** `frozen`, made once per key: for fragments that depend on a few known choices (a list's sort order). */
export function frozenBy(cache: Map<string, SQL>, key: string, make: () => SQL): SQL {
  let fragment = cache.get(key);
  if (fragment === undefined) {
    fragment = frozen(make());
    cache.set(key, fragment);
  }
  return fragment;
}
