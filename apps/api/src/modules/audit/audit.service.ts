import { Readable } from 'node:stream';
import type { AuditEntry } from '@vaultline/contracts';
import { stringify } from 'csv-stringify';
import { type Db, transaction } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { CSV_OPTIONS, neutralize } from '../assets/activity-csv.js';
import { formatSeoul, SEOUL_TIMEZONE } from '../assets/seoul-time.js';
import type { AuthContext } from '../auth/session.service.js';
import { actorOf, recordAudit } from './audit.js';
import { type AuditFilterValues, type AuditRow, type AuditScope, auditRepository } from './audit.repository.js';

export interface AuditServiceDeps {
  db: Db;
  clock: () => Date;
}

export function auditView(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    seq: row.seq,
    organizationId: row.organizationId,
    actor: { id: row.actorId, kind: row.actorKind, label: row.actorLabel },
    action: row.action as AuditEntry['action'],
    objectType: row.objectType,
    objectId: row.objectId,
    before: row.before ?? null,
    after: row.after ?? null,
    ip: row.ip,
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
    hash: row.hash,
  };
}

/**
 * Who reads which entries: an organization's owners its own chain, operators every chain. The access rule of each
 * call already asked for OWNER or an operator; this says which log that is.
 */
function scopeOf(auth: AuthContext): AuditScope {
  if (auth.kind === 'OPERATOR') return 'ALL';
  if (!auth.organizationId || !auth.permissions.includes('OWNER')) throw new AppError('403', { permission: 'OWNER' });
  return { organizationId: auth.organizationId };
}

const CSV_HEADER = [
  `Time (${SEOUL_TIMEZONE})`,
  'Sequence',
  'Organization',
  'Actor',
  'Actor kind',
  'Action',
  'Object type',
  'Object',
  'Before',
  'After',
  'IP',
  'User agent',
  'Hash',
];

function csvRecord(row: AuditRow): string[] {
  const text = (v: string | null) => neutralize(v ?? '');
  return [
    formatSeoul(row.createdAt),
    String(row.seq),
    row.organizationId ?? '',
    text(row.actorLabel),
    row.actorKind,
    row.action,
    row.objectType,
    text(row.objectId),
    text(row.before ? JSON.stringify(row.before) : null),
    text(row.after ? JSON.stringify(row.after) : null),
    text(row.ip),
    text(row.userAgent),
    row.hash,
  ];
}

export function auditService({ db, clock }: AuditServiceDeps) {
  return {
    async list(auth: AuthContext, body: { page: number; size: number; after?: string; filters?: AuditFilterValues }) {
      const scope = scopeOf(auth);
      const { rows, total, nextCursor } = await auditRepository(db).list(scope, body.filters ?? {}, body);
      return { items: rows.map(auditView), page: body.page, size: body.size, total, nextCursor };
    },

    /**
     * The entries the filters select as CSV, streamed from keyset batches (memory stays flat however long the log).
     * The export is recorded first, in its own transaction: whoever takes the log away is in it.
     */
    async exportCsv(auth: AuthContext, filters: AuditFilterValues = {}): Promise<Readable> {
      const scope = scopeOf(auth);
      await transaction(db, (tx) =>
        recordAudit(
          tx,
          actorOf(auth),
          { action: 'AUDIT_LOG_EXPORTED', objectType: 'audit_log', objectId: null, after: { filters } },
          clock(),
        ),
      );
      const rows = auditRepository(db).each(scope, filters);
      async function* records() {
        yield CSV_HEADER;
        for await (const row of rows) yield csvRecord(row);
      }
      return Readable.from(records()).pipe(stringify(CSV_OPTIONS));
    },
  };
}
export type AuditService = ReturnType<typeof auditService>;
