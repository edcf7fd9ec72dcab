import { translateIssues } from '@vaultline/contracts/form-rules';
import type { AppLanguage } from '../i18n';

/*
 * The schema-free half of form validation: what the sign-in form needs, in a module that imports no schema (so its
 * screen draws without zod's core). form-validation.ts adds the checks built on contract schemas.
 */

type Issues = Parameters<typeof translateIssues>[0];

/** What validation needs of a zod schema of the contracts: its issues carry message keys. */
export interface FieldSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: Issues } };
}

const REQUIRED = { success: false, error: { issues: [{ path: [], message: 'validation.required' }] } } as const;

/**
 * 'Required' before a schema's own rules (or alone: a password typed to sign in is only checked for presence, the
 * rules for a new one do not apply). `trim`: spaces alone count as empty.
 */
export function required(schema?: FieldSchema, { trim = false } = {}): FieldSchema {
  return {
    safeParse: (value) => {
      const empty = typeof value !== 'string' || (trim ? value.trim() : value) === '';
      if (empty) return REQUIRED;
      return schema ? schema.safeParse(value) : { success: true };
    },
  };
}

/** The first translated issue of a contracts schema for a value; null when the value passes. */
export function schemaError(schema: FieldSchema, value: unknown, lang: AppLanguage, path?: string): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issues = translateIssues(result.error.issues, lang);
  const issue = path === undefined ? issues[0] : issues.find((i) => i.path === path);
  return issue?.message ?? null;
}
