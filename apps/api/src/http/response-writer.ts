// The JSON of an answer built in TypeScript, written straight from its call's response schema without zod's full
// parse: only the schema's fields (an undeclared field never leaves), each primitive of the declared type, each enum
// and literal one of its values, each union member chosen as zod chooses it, left-out defaults filled in. What it
// does not check is a string's format (uuid, datetime, regex, length) or a number's range: those values come from
// the code's own types. Production sends answers so (RESPONSE_CHECK=trusted); everywhere else the serializer runs
// zod's parse as well and refuses an answer whose JSON differs, so every test and journey proves the writer equal
// to the parse on the answers it reads.
//
// Why: zod's parse and JSON.stringify of a page of 20 request views were ~11% of the server's time on the requests
// list (issue 17's profile). The writer is compiled once per schema into plain functions (one per object, array and
// union, primitives inlined), so each answer costs one pass over its fields. The generated code holds no input: key
// names and literals come from the schemas, quoted by JSON.stringify when compiled.
import type { $ZodType } from 'zod/v4/core';

/** Thrown when an answer does not hold its schema's shape; the serializer turns it into a refused answer. */
export class AnswerShapeError extends Error {}

interface Def {
  type: string;
  [key: string]: unknown;
}

const defOf = (schema: $ZodType) => schema._zod.def as unknown as Def;

/** Writes the generated source of one schema's writer: functions per composite schema, expressions for the rest. */
class WriterSource {
  readonly functions: string[] = [];
  readonly refs: unknown[] = [];
  private readonly names = new Map<$ZodType, string>();

  ref(value: unknown): string {
    this.refs.push(value);
    return `r[${this.refs.length - 1}]`;
  }

  /** A JS expression writing the JSON of the value in variable `v` (refusing a wrong shape), or null if unsupported. */
  expr(schema: $ZodType, v: string): string | null {
    const def = defOf(schema);
    switch (def.type) {
      case 'string':
        return `(typeof ${v} === 'string' ? S(${v}) : no('a string'))`;
      case 'number':
        return `(typeof ${v} === 'number' && isFinite(${v}) ? '' + ${v} : no('a finite number'))`;
      case 'boolean':
        return `(${v} === true ? 'true' : ${v} === false ? 'false' : no('a boolean'))`;
      case 'null':
        return `(${v} === null ? 'null' : no('null'))`;
      // Free-form data (an audit entry's details): its JSON as is, as zod passes it.
      case 'unknown':
      case 'any':
        return `(J(${v}) ?? 'null')`;
      case 'literal':
      case 'enum': {
        const values = def.type === 'literal' ? (def.values as unknown[]) : Object.values(def.entries as object);
        return `(${this.ref(new Set(values))}.has(${v}) ? J(${v}) : no('a value of the enum'))`;
      }
      case 'nullable': {
        const inner = this.expr(def.innerType as $ZodType, v);
        return inner && `(${v} === null ? 'null' : ${inner})`;
      }
      case 'array':
      case 'object':
      case 'union':
      case 'record': {
        const name = this.functionOf(schema);
        return name && `${name}(${v})`;
      }
      default:
        // Dates, tuples, pipes, top-level optionals and the rest: zod's parse.
        return null;
    }
  }

  /** The name of the generated function writing `schema` (composite kinds), or null if unsupported. */
  private functionOf(schema: $ZodType): string | null {
    const known = this.names.get(schema);
    if (known !== undefined) return known;
    const name = `f${this.names.size}`;
    this.names.set(schema, name);
    const body = this.body(defOf(schema));
    if (body === null) return null;
    this.functions.push(`function ${name}(v) {\n${body}\n}`);
    return name;
  }

  private body(def: Def): string | null {
    const object = `if (typeof v !== 'object' || v === null || Array.isArray(v)) no('an object');`;
    switch (def.type) {
      case 'array': {
        const element = this.expr(def.element as $ZodType, 'x');
        if (!element) return null;
        return `if (!Array.isArray(v)) no('an array');
let s = '[';
for (let i = 0; i < v.length; i++) { const x = v[i]; if (i > 0) s += ','; s += ${element}; }
return s + ']';`;
      }
      case 'object':
        return this.objectBody(def, object);
      case 'union':
        return this.unionBody(def, object);
      case 'record': {
        if (defOf(def.keyType as $ZodType).type !== 'string') return null;
        const value = this.expr(def.valueType as $ZodType, 'x');
        if (!value) return null;
        // Free-form values left undefined are left out, as JSON.stringify leaves them out.
        const free = ['unknown', 'any'].includes(defOf(def.valueType as $ZodType).type);
        return `${object}
let s = '{', c = '';
for (const k of Object.keys(v)) { const x = v[k]; ${free ? 'if (x === undefined) continue; ' : ''}s += c + J(k) + ':' + ${value}; c = ','; }
return s + '}';`;
      }
      default:
        return null;
    }
  }

  private objectBody(def: Def, object: string): string | null {
    const catchall = def.catchall as $ZodType | undefined;
    // A catch-all other than "never" (strict) lets undeclared fields through: left to zod.
    const strict = catchall !== undefined && defOf(catchall).type === 'never';
    if (catchall !== undefined && !strict) return null;
    const shape = def.shape as Record<string, $ZodType>;
    const lines = [object, `let s = '{', c = '', x;`];
    if (strict)
      lines.push(`for (const k in v) if (!${this.ref(new Set(Object.keys(shape)))}.has(k)) no('no field ' + k);`);
    for (const [key, field] of Object.entries(shape)) {
      const fieldDef = defOf(field);
      const head = JSON.stringify(`${JSON.stringify(key)}:`);
      lines.push(`x = v[${JSON.stringify(key)}];`);
      if (fieldDef.type === 'unknown' || fieldDef.type === 'any') {
        // Left out when undefined, as JSON.stringify leaves it out.
        lines.push(`if (x !== undefined) { s += c + ${head} + ${this.expr(field, 'x')}; c = ','; }`);
      } else if (fieldDef.type === 'optional' || fieldDef.type === 'default') {
        const inner = this.expr(fieldDef.innerType as $ZodType, 'x');
        if (!inner) return null;
        // zod answers a default itself, unchecked, for a value left out; an optional left out is left out.
        const absent =
          fieldDef.type === 'default'
            ? `{ s += c + ${head} + ${this.ref(JSON.stringify(fieldDef.defaultValue))}; c = ','; }`
            : '';
        lines.push(`if (x !== undefined) { s += c + ${head} + ${inner}; c = ','; }${absent ? ` else ${absent}` : ''}`);
      } else {
        const value = this.expr(field, 'x');
        if (!value) return null;
        lines.push(`s += c + ${head} + ${value}; c = ',';`);
      }
    }
    lines.push(`return s + '}';`);
    return lines.join('\n');
  }

  /** A discriminated union by its tag; a plain one by the first member the value holds, as zod's parse takes. */
  private unionBody(def: Def, object: string): string | null {
    const options = def.options as $ZodType[];
    const discriminator = def.discriminator as string | undefined;
    if (discriminator !== undefined) {
      const cases: string[] = [];
      for (const option of options) {
        const tag = (defOf(option).shape as Record<string, $ZodType> | undefined)?.[discriminator];
        if (!tag || defOf(tag).type !== 'literal') return null;
        const member = this.expr(option, 'v');
        if (!member) return null;
        for (const literal of defOf(tag).values as unknown[]) cases.push(`case ${JSON.stringify(literal)}:`);
        cases.push(`return ${member};`);
      }
      return `${object}\nswitch (v[${JSON.stringify(discriminator)}]) {\n${cases.join('\n')}\n}\nno('no member for the tag');`;
    }
    const tries: string[] = [];
    for (const option of options) {
      const member = this.expr(option, 'v');
      if (!member) return null;
      tries.push(`try { return ${member}; } catch (e) { if (!(e instanceof E)) throw e; }`);
    }
    return `${tries.join('\n')}\nno('no member of the union holds the value');`;
  }
}

/** What JSON.stringify escapes in a string: `"`, `\\`, control characters, and surrogates (lone ones are escaped). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what JSON must escape
const NEEDS_ESCAPE = /[\u0000-\u001f"\\\ud800-\udfff]/;

/**
 * A string as JSON, as JSON.stringify writes it: quoted as it is when nothing in it needs escaping (most ids, emails,
 * enum values and dates), else by JSON.stringify. About a third of JSON.stringify's cost for a short string, and a
 * page of request views writes some 600 of them.
 */
export function jsonString(value: string): string {
  return NEEDS_ESCAPE.test(value) ? JSON.stringify(value) : `"${value}"`;
}

/** The writer of answers of `schema`, or null when the schema holds a kind only zod's parse can judge. */
export function compileAnswerWriter(schema: $ZodType): ((value: unknown) => string) | null {
  const source = new WriterSource();
  const root = source.expr(schema, 'v');
  if (!root) return null;
  const no = (what: string): never => {
    throw new AnswerShapeError(`The answer does not hold its schema (${what})`);
  };
  const code = `${source.functions.join('\n')}\nreturn function write(v) { return ${root}; };`;
  // The source is built from the schema alone (keys and literals quoted above); no answer ever reaches it.
  const make = new Function('r', 'J', 'S', 'no', 'E', code) as (...args: unknown[]) => (value: unknown) => string;
  return make(source.refs, JSON.stringify, jsonString, no, AnswerShapeError);
}
