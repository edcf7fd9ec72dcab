import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_ACTOR_KINDS } from '../audit-actions.js';
import { tagged } from '../call.js';
import { CURSOR_ANSWER, CURSOR_BODY, definePagedListCall } from '../paging.js';

/** The audit log (issue 19): an organization's owners read their organization's, operators everyone's. */

export const AuditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditAction>;
export const AuditActorKind = z.enum(AUDIT_ACTOR_KINDS);

export const AuditEntry = z.object({
  id: z.uuid(),
  /** Position in its chain (the organization's, or the provider's for operator actions outside any). */
  seq: z.number().int(),
  organizationId: z.uuid().nullable(),
  actor: z.object({
    id: z.uuid().nullable(),
    kind: AuditActorKind,
    /** The actor's email as it was then (the account may have changed or gone since). */
    label: z.string(),
  }),
  action: AuditAction,
  objectType: z.string(),
  objectId: z.string().nullable(),
  /** The changed fields before and after; null where nothing was there before (or is after). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** SHA-256 over the entry and the previous entry's hash: a changed entry breaks every hash after it. */
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

const auditFilters = {
  actorId: z.uuid().optional(),
  actions: z.array(AuditAction).max(AUDIT_ACTIONS.length).optional(),
  from: z.iso.datetime().optional(),
  to: z.iso.datetime().optional(),
};
export const AuditFilters = z.strictObject(auditFilters);
export const OperatorAuditFilters = z.strictObject({
  ...auditFilters,
  /** One organization's entries; `PROVIDER`: the operators' own, outside any organization. */
  organizationId: z.union([z.uuid(), z.literal('PROVIDER')]).optional(),
});

export const auditLogListCall = definePagedListCall({
  id: 'auditLogList',
  path: '/api/v1/organization/audit-log',
  tag: 'audit',
  summary: "The organization's audit log, newest first (owners)",
  access: 'OWNER',
  sortFields: ['createdAt'],
  filters: AuditFilters,
  item: AuditEntry,
  bodyExtras: CURSOR_BODY,
  answerExtras: CURSOR_ANSWER,
});

export const operatorAuditLogListCall = definePagedListCall({
  id: 'operatorAuditLogList',
  path: '/api/v1/operations/audit-log',
  tag: 'audit',
  summary: "Every organization's audit log and the operators' own, newest first (operators)",
  access: 'operator',
  sortFields: ['createdAt'],
  filters: OperatorAuditFilters,
  item: AuditEntry,
  bodyExtras: CURSOR_BODY,
  answerExtras: CURSOR_ANSWER,
});

const auditCall = tagged('audit');

/** Answers text/csv (UTF-8 with BOM), streamed: every entry the filters select, newest first. */
export const auditLogExportCall = auditCall({
  id: 'auditLogExport',
  method: 'POST',
  path: '/api/v1/organization/audit-log/export',
  summary: "The organization's audit log as CSV (owners); the export is itself recorded",
  access: 'OWNER',
  body: z.strictObject({ filters: AuditFilters.optional() }),
  response: z.string(),
});

export const operatorAuditLogExportCall = auditCall({
  id: 'operatorAuditLogExport',
  method: 'POST',
  path: '/api/v1/operations/audit-log/export',
  summary: 'The audit log as CSV (operators); the export is itself recorded',
  access: 'operator',
  body: z.strictObject({ filters: OperatorAuditFilters.optional() }),
  response: z.string(),
});
