import {
  AddressBookInput,
  isValidationKey,
  type MessageLanguage,
  ReceiverInput,
  type ValidationAnswer,
  type ValidationKey,
  validationMessage,
} from '@vaultline/contracts';
import { AppError } from '../../http/app-error.js';
import type { DraftFields, RuleIssue } from './address-book.rules.js';

/** A path segment the caller may see again: a field name or an index, never their own odd text. */
const PLAIN_SEGMENT = /^[A-Za-z0-9_]{1,64}$/;

/** Issues as answers show them: path, key and the key's text in the caller's language; never the input. */
export function translateIssues(issues: RuleIssue[], lang: MessageLanguage, prefix?: string) {
  return issues.map((i) => ({
    path: prefix ? `${prefix}.${i.path}` : i.path,
    key: i.key,
    message: validationMessage(i.key, lang, i.params),
    ...(i.params ? { params: i.params } : {}),
  }));
}

/** The data of a 4000 (or 3) refusal: the same shape as a schema validation error of the request. */
export function issuesData(issues: RuleIssue[], lang: MessageLanguage, prefix: string) {
  return { reason: 'validation', issues: translateIssues(issues, lang, prefix) };
}

/** One rule refused on create: a 4000 naming the field under `body.`. */
export function invalid(lang: MessageLanguage, field: string, key: ValidationKey) {
  return new AppError('4000', issuesData([{ path: field, key }], lang, 'body'));
}

export function validationAnswer(issues: RuleIssue[], lang: MessageLanguage): ValidationAnswer {
  return {
    valid: issues.length === 0,
    issues: translateIssues(issues, lang).map(({ path, key, message }) => ({ path, key, message })),
  };
}

type Parser = { safeParse(value: unknown): { success: boolean; data?: unknown } };

function parseFields(raw: Record<string, unknown>, shape: Record<string, Parser>, skip: string[] = []) {
  const out: Record<string, unknown> = {};
  for (const [field, schema] of Object.entries(shape)) {
    if (skip.includes(field)) continue;
    const parsed = schema.safeParse(raw[field]);
    if (parsed.success && parsed.data !== undefined) out[field] = parsed.data;
  }
  return out;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A draft of the register form as far as it goes: the schema's own issues (a required field missing, a malformed
 * date), and the fields that passed their schema one by one, so the rules can still judge those.
 */
export function parseDraft(raw: Record<string, unknown>): { fields: DraftFields; issues: RuleIssue[] } {
  const fields = parseFields(raw, AddressBookInput.shape, ['receiver']) as DraftFields;
  if (isRecord(raw.receiver)) fields.receiver = parseFields(raw.receiver, ReceiverInput.shape);
  const result = AddressBookInput.safeParse(raw);
  const issues: RuleIssue[] = [];
  for (const issue of result.success ? [] : result.error.issues) {
    const segments = issue.path.map(String);
    const path = segments.map((s) => (PLAIN_SEGMENT.test(s) ? s : '?')).join('.');
    let value: unknown = raw;
    for (const s of segments) value = isRecord(value) ? value[s] : undefined;
    // A field left out is "required"; any other message that is not one of our keys is the generic one.
    const key: ValidationKey =
      issue.code !== 'unrecognized_keys' && value === undefined
        ? 'validation.required'
        : isValidationKey(issue.message)
          ? issue.message
          : 'validation.invalid';
    if (!issues.some((i) => i.path === path)) issues.push({ path, key });
  }
  return { fields, issues };
}

/** Schema issues first; a rule's issue on a field the schema already refused adds nothing. */
export function mergeIssues(schema: RuleIssue[], rules: RuleIssue[]): RuleIssue[] {
  const seen = new Set(schema.map((i) => i.path));
  return [...schema, ...rules.filter((i) => !seen.has(i.path) && seen.add(i.path))];
}
