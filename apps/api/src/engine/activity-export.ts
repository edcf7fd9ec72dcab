import type { Db } from '../db/client.js';
import { activitiesRepository } from '../modules/assets/activities.repository.js';
import type { StoredExportFilters } from '../modules/assets/activities.service.js';
import { activitiesCsv } from '../modules/assets/activity-csv.js';

/**
 * Generates a requested CSV export in one transaction: the row is locked, the file built from the activities
 * the requester could see, and READY with the content commits at once; a retried job finds it done.
 * A failure marks the export FAILED so the member is not blocked from starting another one.
 */
export async function executeActivityExport(db: Db, exportId: string, organizationId: string, now: () => Date) {
  try {
    await db.transaction(async (tx) => {
      const repo = activitiesRepository(tx as Db);
      const row = await repo.findExport(organizationId, exportId, { lock: true });
      if (row?.status !== 'RUNNING') return;
      const { visibleTo, ...filters } = row.filters as unknown as StoredExportFilters;
      const rows = await repo.all(organizationId, visibleTo ?? null, {
        ...filters,
        dateFrom: row.dateFrom,
        dateTo: row.dateTo,
      });
      const content = activitiesCsv(rows, { dateFrom: row.dateFrom, dateTo: row.dateTo });
      await repo.finishExport(row.id, { status: 'READY', rowCount: rows.length, content, finishedAt: now() });
    });
  } catch (err) {
    await activitiesRepository(db).finishExport(exportId, { status: 'FAILED', finishedAt: now() });
    throw err;
  }
}
