import { AUDIT_OBJECT_TYPES, type AuditObjectTypeName } from '@vaultline/contracts';
import type { TFunction } from 'i18next';

/** One changed field as a short line: `name: Old → New`; lists and objects as compact JSON. */
export interface ChangeLine {
  field: string;
  before: string | null;
  after: string | null;
}

const show = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** The fields an entry changed, in a stable order, each with its value before and after (null where absent). */
export function changeLines(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): ChangeLine[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort();
  return fields.map((field) => ({
    field,
    before: before && field in before ? show(before[field]) : null,
    after: after && field in after ? show(after[field]) : null,
  }));
}

/** The first characters of a long id or hash, enough to tell entries apart on screen. */
export const shortId = (id: string | null, length = 8): string | null =>
  id === null ? null : id.length > length + 1 ? `${id.slice(0, length)}…` : id;

/** An object type's name in the reader's language; a type this build does not know (a newer server) as it is. */
export function objectName(t: TFunction, objectType: string): string {
  return (AUDIT_OBJECT_TYPES as readonly string[]).includes(objectType)
    ? t(`audit.objects.${objectType as AuditObjectTypeName}`)
    : objectType;
}
