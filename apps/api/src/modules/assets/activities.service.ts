import type { ActivityExport, ActivityFilters, activityListCall, CallResponse } from '@vaultline/contracts';
import { transaction } from '../../db/client.js';
import type { activityExports } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError } from '../../http/app-error.js';
import { JsonText, jsonObjectText } from '../../http/json-text.js';
import { QUEUES } from '../../jobs/queue.js';
import type { ServiceDeps } from '../../services.js';
import { walletScope } from '../access/wallet.policy.js';
import { actorOf, recordAudit } from '../audit/audit.js';
import type { AuthContext } from '../auth/session.service.js';
import { orgOf } from '../organization/organization.service.js';
import { type ActivityFilterValues, activitiesRepository } from './activities.repository.js';
import { BOM } from './activity-csv.js';
import { openExportFile } from './activity-export-file.js';
import { activityView } from './activity-view.js';
import { SEOUL_TIMEZONE } from './seoul-time.js';

/** How long the browser is told to wait while the member's previous export still runs (spec: 5 minutes). */
export const EXPORT_RETRY_SECONDS = 300;
const ONE_RUNNING_KEY = 'activity_exports_one_running_key';

export interface ActivityListBody {
  page: number;
  size: number;
  sort: { field: 'createdAt'; direction: 'ASC' | 'DESC' }[];
  filters?: ActivityFilters | undefined;
  /** Cursor: the id of the last activity of the previous answer. */
  after?: string | undefined;
}
export type ExportBody = ActivityFilterValues & { dateFrom: string; dateTo: string };
/** What the engine job needs to rebuild the query: the filters and whose visibility applied at request time. */
export type StoredExportFilters = ActivityFilterValues & { visibleTo: string | null };

type ExportRow = typeof activityExports.$inferSelect;
type ActivityListAnswer = CallResponse<typeof activityListCall>;

export function exportView(row: ExportRow): ActivityExport {
  return {
    id: row.id,
    status: row.status,
    dateFrom: row.dateFrom,
    dateTo: row.dateTo,
    timezone: row.timezone,
    rowCount: row.rowCount,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The partial unique index answered: another request of the same member won the race. */
export const isOneRunningViolation = (err: unknown) => isUniqueViolation(err, ONE_RUNNING_KEY);

const busy = () => new AppError('4110', { retryAfterSeconds: EXPORT_RETRY_SECONDS });

export function activitiesService(deps: Pick<ServiceDeps, 'db' | 'clock' | 'queue' | 'config'>) {
  const { db, clock } = deps;

  return {
    async list(auth: AuthContext, q: ActivityListBody) {
      const onlyFor = walletScope(auth);
      const direction = q.sort[0]?.direction ?? 'DESC';
      const repo = activitiesRepository(db, orgOf(auth));
      // By cursor: only an activity the caller may see is one; another organization's id answers like a malformed one.
      const { items, total, nextCursor } = await repo.list(onlyFor, q.filters ?? {}, { ...q, direction });
      const partial = onlyFor !== null;
      return new JsonText<ActivityListAnswer>(
        jsonObjectText({ items }, { page: q.page, size: q.size, total, partial, nextCursor }),
      );
    },

    async get(auth: AuthContext, id: string) {
      const row = await activitiesRepository(db, orgOf(auth)).find(walletScope(auth), id);
      if (!row) throw new AppError('404');
      return activityView(row);
    },

    async createExport(auth: AuthContext, body: ExportBody) {
      const organizationId = orgOf(auth);
      const { dateFrom, dateTo, ...rest } = body;
      const filters: StoredExportFilters = { ...rest, visibleTo: walletScope(auth) };
      try {
        const row = await transaction(db, async (tx) => {
          const repo = activitiesRepository(tx, organizationId);
          if (await repo.runningExport(auth.accountId)) throw busy();
          const created = await repo.insertExport({
            requestedBy: auth.accountId,
            dateFrom,
            dateTo,
            timezone: SEOUL_TIMEZONE,
            filters,
            status: 'RUNNING',
            createdAt: clock(),
          });
          await recordAudit(
            tx,
            actorOf(auth),
            {
              action: 'ACTIVITY_EXPORT_REQUESTED',
              objectType: 'activity_export',
              objectId: created.id,
              after: { dateFrom, dateTo, ...rest },
            },
            clock(),
          );
          // In the same transaction: a rolled-back export never runs, a committed one always does.
          await deps.queue().enqueue(tx, QUEUES.activityExport, { requestId: created.id, organizationId });
          return created;
        });
        return exportView(row);
      } catch (err) {
        if (isOneRunningViolation(err)) throw busy();
        throw err;
      }
    },

    async getExport(auth: AuthContext, id: string) {
      const row = await activitiesRepository(db, orgOf(auth)).findExport(id, { requestedBy: auth.accountId });
      if (!row) throw new AppError('404');
      return exportView(row);
    },

    /**
     * The finished file, opened for streaming with its size; 4110 while it is still being generated, 404 when it
     * failed, is not the caller's or its file is gone. Exports made before files (0024) serve their stored text.
     */
    async exportFile(auth: AuthContext, id: string) {
      const row = await activitiesRepository(db, orgOf(auth)).findExport(id, { requestedBy: auth.accountId });
      if (!row || row.status === 'FAILED') throw new AppError('404');
      if (row.status === 'RUNNING') throw busy();
      const filename = `asset-activities-${row.dateFrom}-${row.dateTo}.csv`;
      if (row.filePath !== null) {
        const file = await openExportFile(deps.config.dataDir, row.filePath);
        if (!file) throw new AppError('404');
        return { body: file.stream, size: file.size, filename };
      }
      if (row.content === null) throw busy();
      // The BOM is added here, not stored: PGlite's text decoding drops a leading BOM.
      const content = BOM + row.content;
      return { body: content, size: Buffer.byteLength(content), filename };
    },
  };
}

export type ActivitiesService = ReturnType<typeof activitiesService>;
