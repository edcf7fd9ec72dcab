import type { AmlStatus } from '@vaultline/contracts';

/**
 * The contracts' `AML_STATUSES`, repeated here: the contracts define them in the operator call module, whose schemas
 * (and zod's core) the console would otherwise load before drawing its filter. aml.test.ts checks they agree.
 */
export const AML_STATUSES = [
  'NOT_CHECKED',
  'CLEARED',
  'UNDER_REVIEW',
  'BLOCKED',
] as const satisfies readonly AmlStatus[];

/** Whether a workflow's payload value is an AML status (read without the schema, like the list). */
export function isAmlStatus(value: unknown): value is AmlStatus {
  return (AML_STATUSES as readonly unknown[]).includes(value);
}
