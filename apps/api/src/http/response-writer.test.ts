// The compiled writer of TypeScript-built answers (production's serializer): the JSON of the fields, types, enum
// values, union members and defaults zod's parse would answer, and a refusal where zod's parse refuses a shape.
import * as contracts from '@vaultline/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';
import { AnswerShapeError, compileAnswerWriter, jsonString } from './response-writer.js';

const write = (schema: z.ZodType, value: unknown) => compileAnswerWriter(schema)!(value);
const parsed = (schema: z.ZodType, value: unknown) => JSON.stringify(schema.parse(value));

describe('compileAnswerWriter', () => {
  const Content = z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('ONE'), amount: z.string(), memo: z.string().optional() }),
    z.object({ kind: z.literal('TWO'), period: z.enum(['FLEXIBLE', 'LOCKED']).default('FLEXIBLE') }),
  ]);
  const View = z.object({
    id: z.uuid(),
    count: z.number().int(),
    open: z.boolean(),
    content: Content,
    steps: z.array(z.object({ decidedAt: z.iso.datetime().nullable() })),
    execution: z.object({ hash: z.string().nullable() }).optional(),
    strict: z.strictObject({ a: z.literal(1) }).optional(),
  });
  const id = '3f0b8f8e-5c5e-4d59-9a57-3f3f0f6f5b1a';
  const value = {
    id,
    count: 2,
    open: true,
    content: { kind: 'TWO', secret: 'x' },
    steps: [{ decidedAt: null, extra: 1 }, { decidedAt: '2026-11-29T10:00:00.000Z' }],
    password: 'hash',
  };

  it('answers exactly what zod’s parse answers: undeclared fields dropped, defaults filled, members by tag', () => {
    expect(write(View, value)).toBe(parsed(View, value));
    expect(JSON.parse(write(View, value)).content).toEqual({ kind: 'TWO', period: 'FLEXIBLE' });
    const one = { ...value, content: { kind: 'ONE', amount: '5', memo: undefined }, execution: { hash: 'ab' } };
    expect(write(View, one)).toBe(parsed(View, one));
  });

  it('refuses what zod refuses for its shape: a wrong type, an unknown member, a missing field, an extra strict field', () => {
    const bad = [
      { ...value, count: '2' },
      { ...value, count: Number.NaN },
      { ...value, open: 'yes' },
      { ...value, content: { kind: 'THREE' } },
      { ...value, content: { kind: 'ONE' } },
      { ...value, steps: 'none' },
      { ...value, execution: null },
      { ...value, strict: { a: 1, b: 2 } },
      { ...value, strict: { a: 2 } },
      null,
      [value],
    ];
    for (const b of bad) {
      expect(() => View.parse(b)).toThrow();
      expect(() => write(View, b)).toThrow(AnswerShapeError);
    }
  });

  it('writes records by string key and plain unions by their first member that holds the value', () => {
    const schema = z.object({
      r: z.record(z.string(), z.object({ n: z.number() })),
      u: z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]),
      s: z.union([z.literal('X'), z.literal('Y')]),
    });
    const value = { r: { k: { n: 1, x: 2 } }, u: { b: 3, c: 4 }, s: 'Y' };
    expect(write(schema, value)).toBe(parsed(schema, value));
    for (const bad of [
      { ...value, r: { k: { n: 'one' } } },
      { ...value, u: { c: 4 } },
      { ...value, s: 'Z' },
    ]) {
      expect(() => schema.parse(bad)).toThrow();
      expect(() => write(schema, bad)).toThrow(AnswerShapeError);
    }
  });

  it('leaves to zod what it cannot judge: dates, tuples, records of other keys, loose objects', () => {
    for (const schema of [
      z.object({ d: z.date() }),
      z.tuple([z.string()]),
      z.record(z.enum(['A', 'B']), z.string()),
      z.looseObject({ a: z.string() }),
    ]) {
      expect(compileAnswerWriter(schema)).toBeNull();
    }
  });

  it('writes the response of every call of the contracts', () => {
    const unwritten = Object.entries(contracts).flatMap(([name, v]) => {
      const call = v as { path?: unknown; method?: unknown; response?: unknown } | null;
      if (!call || typeof call !== 'object' || !call.path || !call.method || !call.response) return [];
      const schemas = call.response instanceof $ZodType ? [call.response] : Object.values(call.response as object);
      return schemas.some((s) => s instanceof $ZodType && compileAnswerWriter(s) === null) ? [name] : [];
    });
    expect(unwritten).toEqual([]);
  });
});

describe('jsonString', () => {
  it('writes every string as JSON.stringify does: quotes, backslashes, control characters, surrogates', () => {
    const strings = [
      '',
      'plain',
      'a "quoted" word',
      'back\\slash',
      'tab\tnew\nline\r',
      '\u0000\u0001\u001f\u007f',
      'emoji 😀',
      'lone \ud800 high',
      'lone \udfff low',
      'separators \u2028\u2029',
      '한국어 텍스트',
      '</script>',
    ];
    for (const s of strings) expect(jsonString(s)).toBe(JSON.stringify(s));
    for (let code = 0; code < 0x10000; code += 7) {
      const s = `x${String.fromCharCode(code)}y`;
      expect(jsonString(s)).toBe(JSON.stringify(s));
    }
  });
});
