// The response serializer: answers checked by zod's parse where parse and encode agree, by encode elsewhere; an
// extra field never leaves, a malformed answer is refused, and every call of the contracts takes the parse path.
import * as contracts from '@vaultline/contracts';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';
import { JsonText } from './json-text.js';
import { isDirectional, responseSerializerCompiler } from './response-serializer.js';

const serializer = (schema: z.ZodType, full = true) =>
  responseSerializerCompiler({ check: full ? 'full' : 'trusted' })({
    schema,
    method: 'POST',
    url: '/x',
    httpStatus: '200',
  } as never);

/** What the serializer throws for `data`, if anything. */
function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (err) {
    return err;
  }
  return undefined;
}

describe('isDirectional', () => {
  it('finds a transform, codec or catch however deep, and looks through shapes, arrays and unions', () => {
    const plain = z.object({ a: z.array(z.object({ b: z.string().nullable() })), c: z.union([z.number(), z.null()]) });
    expect(isDirectional(plain)).toBe(false);
    expect(isDirectional(z.object({ a: z.array(z.object({ b: z.string().transform((s) => s.length) })) }))).toBe(true);
    expect(isDirectional(z.object({ d: z.union([z.string(), z.codec(z.string(), z.number(), codec)]) }))).toBe(true);
    expect(isDirectional(z.object({ e: z.string().catch('x') }))).toBe(true);
    expect(isDirectional(z.object({ f: z.lazy(() => z.string()) }))).toBe(true);
    // A default differs only where encode would refuse the answer: parse gives the documented value.
    expect(isDirectional(z.object({ g: z.enum(['A', 'B']).default('A') }))).toBe(false);
  });

  it('holds for no response schema of the contracts: every call is checked by parse', () => {
    const calls = Object.entries(contracts).flatMap(([name, value]) => {
      const call = value as { path?: unknown; method?: unknown; response?: unknown } | null;
      if (!call || typeof call !== 'object' || !call.path || !call.method || !call.response) return [];
      const response = call.response;
      const schemas = response instanceof $ZodType ? [response] : Object.values(response as object);
      return [{ name, schemas: schemas.filter((s): s is $ZodType => s instanceof $ZodType) }];
    });
    expect(calls.length).toBeGreaterThan(100);
    expect(calls.filter((c) => c.schemas.some((s) => isDirectional(s))).map((c) => c.name)).toEqual([]);
  });
});

const codec = { decode: (s: string) => s.length, encode: (n: number) => 'x'.repeat(n) };

describe('responseSerializerCompiler', () => {
  const answer = z.object({ id: z.uuid(), amount: z.string().regex(/^\d+$/), period: z.enum(['A', 'B']).default('A') });
  const id = '3f0b8f8e-5c5e-4d59-9a57-3f3f0f6f5b1a';

  it('answers only the schema’s fields, with a left-out default filled in', () => {
    const text = serializer(answer)({ id, amount: '10', secret: 'hash', extra: { deep: true } });
    expect(JSON.parse(text)).toEqual({ id, amount: '10', period: 'A' });
  });

  it('refuses a malformed answer rather than send it', () => {
    let caught: unknown;
    try {
      serializer(answer)({ id: 'not-a-uuid', amount: '1.5' });
    } catch (err) {
      caught = err;
    }
    expect(isResponseSerializationError(caught)).toBe(true);
  });

  it('sends an answer PostgreSQL wrote as JSON as written, checked against the schema unless trusted', () => {
    const text = JSON.stringify({ id, amount: '10', period: 'B' });
    expect(serializer(answer)(new JsonText(text))).toBe(text);
    expect(serializer(answer, false)(new JsonText(text))).toBe(text);
  });

  it('refuses a JSON answer with a field the schema lacks, a malformed value or a left-out default', () => {
    const extra = new JsonText(JSON.stringify({ id, amount: '10', period: 'A', secret: 'hash' }));
    const malformed = new JsonText(JSON.stringify({ id, amount: 10, period: 'A' }));
    const defaulted = new JsonText(JSON.stringify({ id, amount: '10' }));
    for (const bad of [extra, malformed, defaulted]) {
      expect(isResponseSerializationError(thrown(() => serializer(answer)(bad)))).toBe(true);
    }
    // Trusted (production): sent as written; the checks above are what every test and journey runs.
    expect(serializer(answer, false)(extra)).toBe(extra.text);
  });

  it('encodes through a codec where a schema has one', () => {
    const withCodec = z.object({ n: z.codec(z.string(), z.number(), codec) });
    expect(JSON.parse(serializer(withCodec)({ n: 3 }))).toEqual({ n: 'xxx' });
  });
});

describe('responseSerializerCompiler, answers built in TypeScript', () => {
  const answer = z.object({ id: z.uuid(), kind: z.enum(['A', 'B']), note: z.string().nullable() });
  const id = '3f0b8f8e-5c5e-4d59-9a57-3f3f0f6f5b1a';

  it('answers the same JSON checked (full) and projected (trusted): declared fields only', () => {
    const data = { id, kind: 'A', note: null, secret: 'hash' };
    expect(serializer(answer, false)(data)).toBe(serializer(answer)(data));
    expect(JSON.parse(serializer(answer, false)(data))).toEqual({ id, kind: 'A', note: null });
  });

  it('refuses a value of another type or outside its enum in both modes', () => {
    for (const bad of [
      { id, kind: 'C', note: null },
      { id, kind: 'A', note: 5 },
      { id, kind: 'A' },
    ]) {
      expect(isResponseSerializationError(thrown(() => serializer(answer)(bad)))).toBe(true);
      expect(isResponseSerializationError(thrown(() => serializer(answer, false)(bad)))).toBe(true);
    }
  });

  it('leaves string formats to the full check: trusted answers what the code typed', () => {
    const data = { id: 'not-a-uuid', kind: 'A', note: null };
    expect(isResponseSerializationError(thrown(() => serializer(answer)(data)))).toBe(true);
    expect(JSON.parse(serializer(answer, false)(data)).id).toBe('not-a-uuid');
  });
});
