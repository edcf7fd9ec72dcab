import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * Most statements one connection keeps prepared. The app's queries come in a bounded number of shapes (an `in`
 * list of n values is its own shape); past the cap a connection runs new shapes unnamed, as before.
 */
export const PREPARED_PER_CONNECTION = 400;

/** Statement names by text; bounded like the per-connection sets, a text past it is hashed each time. */
const names = new Map<string, string>();
const NAMES_KEPT = 4000;

/** The name a statement's text is prepared under (also the name of statements drizzle builds once, shaped-statements.ts). */
export function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `vl_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    if (names.size < NAMES_KEPT) names.set(text, name);
  }
  return name;
}

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown };

/**
 * A pg client that prepares every parameterized statement it sends, once per connection, under a name derived
 * from its text. Unnamed, PostgreSQL parses and plans each query on every call: the bench's profile of the
 * requests list showed planning (time spent in Bind) as most of the database's work for a page. Prepared, a query
 * is parsed once and, after PostgreSQL's first five custom plans, usually runs a cached generic plan.
 *
 * Only queries with parameters are named: they go over the extended protocol anyway, which carries one statement,
 * so naming changes nothing else (statements without parameters, such as a migration's several statements, keep
 * the simple protocol). A prepared statement outlives a rolled-back transaction and is replanned by PostgreSQL
 * after a schema change, so it never answers from a stale table.
 */
export class PreparingClient extends pg.Client {
  readonly #prepared = new Set<string>();

  /** Named queries: the config gains a name while the connection has room (or already holds that statement). */
  nameOf(config: QueryConfig, values: unknown): string | undefined {
    if (typeof config.text !== 'string' || config.name !== undefined) return undefined;
    if (!Array.isArray(values) || values.length === 0) return undefined;
    const name = statementName(config.text);
    if (this.#prepared.has(name)) return name;
    if (this.#prepared.size >= PREPARED_PER_CONNECTION) return undefined;
    this.#prepared.add(name);
    return name;
  }
}

const plainQuery = pg.Client.prototype.query;
// The overloads of pg's query are many; this one wraps them all and changes only a config object's name.
(PreparingClient.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (
  this: PreparingClient,
  ...args: unknown[]
) {
  const [config, values] = args;
  // Drizzle sends (config, values); a config may carry its own values; a submittable (cursor, stream) is left alone.
  if (config && typeof config === 'object' && !('submit' in config)) {
    const name = this.nameOf(config as QueryConfig, Array.isArray(values) ? values : (config as QueryConfig).values);
    if (name) args[0] = { ...(config as object), name };
  }
  return (plainQuery as (...a: unknown[]) => unknown).apply(this, args);
};
