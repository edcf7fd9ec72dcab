/**
 * An answer already written as JSON, by PostgreSQL (a list page or a request's view built in one statement). The response serializer
 * sends its text as it is, or, when the configuration checks such answers (every environment but production),
 * parses it and checks it against the call's response schema first. `T` is the answer it stands for.
 */
export class JsonText<T = unknown> {
  declare readonly answer: T;
  constructor(readonly text: string) {}

  /** The answer as a value, for a caller in the same process (a check script, a test). */
  read(): T {
    return JSON.parse(this.text) as T;
  }
}

/**
 * `{"a":…,"b":…}` from fields already written as JSON (`raw`) and plain values (`plain`, written by JSON.stringify),
 * in that order. The keys are the code's own, never input.
 */
export function jsonObjectText(raw: Record<string, string>, plain: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, text] of Object.entries(raw)) parts.push(`"${key}":${text}`);
  for (const [key, value] of Object.entries(plain)) parts.push(`"${key}":${JSON.stringify(value ?? null)}`);
  return `{${parts.join(',')}}`;
}
