import { type Db, transaction } from '../../db/client.js';
import { activitiesRepository } from './activities.repository.js';
import type { StoredExportFilters } from './activities.service.js';
import { activitiesCsv } from './activity-csv.js';

/**
 * The engine's job for a requested CSV export (its queue carries the export's id as `requestId`). Generates it in
 * one transaction: the row is locked, the file built from the activities
 * the requester could see, and READY with the content commits at once; a retried job finds it done.
 * A failure marks the export FAILED so the member is not blocked from starting another one.
 */
export async function runActivityExport(db: Db, exportId: string, organizationId: string, now: () => Date) {
  try {
    await transaction(db, async (tx) => {
      const repo = activitiesRepository(tx, organizationId);
      const row = await repo.findExport(exportId, { lock: true });
      if (row?.status !== 'RUNNING') return;
      const { visibleTo, ...filters } = row.filters as unknown as StoredExportFilters;
      const rows = await repo.all(visibleTo ?? null, {
        ...filters,
        dateFrom: row.dateFrom,
        dateTo: row.dateTo,
      });
      const content = activitiesCsv(rows, { dateFrom: row.dateFrom, dateTo: row.dateTo });
      await repo.finishExport(row.id, { status: 'READY', rowCount: rows.length, content, finishedAt: now() });
    });
  } catch (err) {
    await activitiesRepository(db, organizationId).finishExport(exportId, { status: 'FAILED', finishedAt: now() });
    throw err;
  }
}
