// Every answer is checked against its call's response schema before it is sent (an extra or malformed field never
// leaves the server), as fastify-type-provider-zod's serializer does, but through zod's parse, not its encode (or,
// in production, through the compiled writer of response-writer.ts, which the parse proves in every other
// environment).
// For a schema without codecs or transforms the two give the same result, and parse runs zod's compiled object
// path: on the balance totals answer (47 tokens) 0.03 ms instead of 0.07–0.11 ms, on every call of every list
// (issue 17's profile: zod was 10% of the server's time on the requests list). A default (an old stored request's
// staking period) is the one difference: encode refuses a field left out, parse answers the documented default;
// whenever encode accepts, both answer the same. A schema that holds a codec, transform or catch, or hides its parts
// behind z.lazy, is encoded as before.
import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { $ZodType, safeEncode, safeParse } from 'zod/v4/core';
import { JsonText } from './json-text.js';
import { AnswerShapeError, compileAnswerWriter } from './response-writer.js';

/** Kinds of zod schema whose parse and encode can differ (or that cannot be looked into). */
const DIRECTIONAL = new Set(['pipe', 'transform', 'catch', 'lazy', 'promise']);

/** Whether `schema`, or any schema inside it, is of a kind whose parse and encode can differ. */
export function isDirectional(schema: $ZodType, seen = new Set<$ZodType>()): boolean {
  if (seen.has(schema)) return false;
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  if (DIRECTIONAL.has(def.type)) return true;
  const inner = (value: unknown): boolean => {
    if (value instanceof $ZodType) return isDirectional(value, seen);
    if (Array.isArray(value)) return value.some(inner);
    // An object's shape: its fields' schemas.
    if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
      return Object.values(value).some((field) => field instanceof $ZodType && isDirectional(field, seen));
    }
    return false;
  };
  return Object.entries(def).some(([key, value]) => key !== 'type' && inner(value));
}

function resolveSchema(maybeSchema: unknown): $ZodType {
  if (maybeSchema instanceof $ZodType) return maybeSchema;
  const properties = (maybeSchema as { properties?: unknown } | null)?.properties;
  if (properties instanceof $ZodType) return properties;
  throw new Error(`Not a zod response schema: ${JSON.stringify(maybeSchema)}`);
}

/**
 * The serializer of every call, by `check` (RESPONSE_CHECK):
 * - `full` (every environment but production: every test and journey): an answer built in TypeScript goes through
 *   zod's check, and the compiled writer (response-writer.ts) must write the same JSON; an answer PostgreSQL wrote as
 *   JSON (`JsonText`) is parsed and must come out of the schema's check unchanged. A field the schema lacks or a
 *   value of another shape is refused, so a statement or the writer that drifts from its contract fails there.
 * - `trusted` (production): an answer built in TypeScript is written by the compiled writer (declared fields only,
 *   types and enum values checked, formats not), a `JsonText` is sent as written. A schema the writer cannot judge
 *   is checked by zod in both modes.
 */
export function responseSerializerCompiler(opts: { check: 'full' | 'trusted' }): FastifySerializerCompiler<unknown> {
  const full = opts.check === 'full';
  return ({ schema: maybeSchema, method, url }) => {
    const schema = resolveSchema(maybeSchema);
    const check = isDirectional(schema) ? safeEncode : safeParse;
    const write = check === safeParse ? compileAnswerWriter(schema) : null;
    const refuse = (cause: unknown): never => {
      throw new ResponseSerializationError(method, url, { cause: cause as never });
    };
    const written = (data: unknown): string => {
      try {
        return write!(data);
      } catch (err) {
        if (err instanceof AnswerShapeError) refuse(err);
        throw err;
      }
    };
    return (data: unknown) => {
      if (data instanceof JsonText) {
        if (!full) return data.text;
        const parsed: unknown = JSON.parse(data.text);
        const result = check(schema, parsed);
        if (result.error) refuse(result.error);
        if (!isDeepStrictEqual(result.data, parsed)) refuse(new Error('The answer holds what its schema does not'));
        return data.text;
      }
      if (write && !full) return written(data);
      const result = check(schema, data);
      if (result.error) refuse(result.error);
      const text = JSON.stringify(result.data);
      // What production would send (the writer's JSON) must be what the check gives.
      if (write && written(data) !== text) refuse(new Error("The writer's JSON differs from the schema check"));
      return text;
    };
  };
}
