import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, transaction } from '../../db/client.js';
import { type ActivityRow, activitiesRepository, type CursorPosition } from './activities.repository.js';
import type { StoredExportFilters } from './activities.service.js';
import { activityCsvRecords } from './activity-csv.js';
import { exportFilePath, writeCsvFile } from './activity-export-file.js';

/** Rows per query: large enough that a million rows take 200 round trips, small enough to stay a few MB. */
export const EXPORT_BATCH_SIZE = 5_000;

export interface ExportOptions {
  /** The configured data directory; the file goes to `<dataDir>/exports/<id>.csv`. */
  dataDir: string;
  batchSize?: number;
  /** Told the rows written so far after each batch (the bench's progress line); a throw fails the export. */
  onBatch?: (rowsSoFar: number) => void | Promise<void>;
}

/**
 * The engine's job for a requested CSV export (its queue carries the export's id as `requestId`). The row is locked
 * for the whole run, so a retried job waits and then finds it done. The activities the requester could see are read
 * in keyset batches inside one repeatable-read snapshot and streamed through csv-stringify into a file of this
 * attempt's own name, renamed into place only once complete: a half-written file is never served. READY with the
 * file's path, size and sha256 commits after the rename. A failure removes the file and marks the export FAILED, so
 * the member is not blocked from starting another one.
 */
export async function runActivityExport(
  db: Db,
  exportId: string,
  organizationId: string,
  now: () => Date,
  opts: ExportOptions,
) {
  const relativePath = exportFilePath(exportId);
  const target = join(opts.dataDir, relativePath);
  const partial = `${target}.${randomUUID()}.part`;
  let renamed = false;
  try {
    await transaction(db, async (tx) => {
      // Before the first query: every batch then reads the activities as they were when the job began.
      await tx.execute(sql`set transaction isolation level repeatable read`);
      const repo = activitiesRepository(tx, organizationId);
      const row = await repo.findExport(exportId, { lock: true });
      if (row?.status !== 'RUNNING') return;
      const { visibleTo, ...stored } = row.filters as unknown as StoredExportFilters;
      const filters = { ...stored, dateFrom: row.dateFrom, dateTo: row.dateTo };
      const size = opts.batchSize ?? EXPORT_BATCH_SIZE;
      let rowCount = 0;
      async function* batches(): AsyncGenerator<ActivityRow[]> {
        let after: CursorPosition | null = null;
        for (;;) {
          const batch = await repo.exportBatch(visibleTo ?? null, filters, after, size);
          rowCount += batch.length;
          if (batch.length > 0) yield batch;
          await opts.onBatch?.(rowCount);
          const last = batch.at(-1);
          if (!last || batch.length < size) return;
          after = { createdAt: last.position, id: last.id };
        }
      }
      await mkdir(dirname(target), { recursive: true });
      const file = await writeCsvFile(partial, activityCsvRecords(batches(), row));
      await rename(partial, target);
      renamed = true;
      await repo.finishExport(row.id, {
        status: 'READY',
        rowCount,
        filePath: relativePath,
        fileSize: file.size,
        fileSha256: file.sha256,
        finishedAt: now(),
      });
    });
  } catch (err) {
    await rm(partial, { force: true });
    // Renamed but not committed: the row stays RUNNING until marked FAILED below, so nothing points at the file.
    if (renamed) await rm(target, { force: true });
    await activitiesRepository(db, organizationId).finishExport(exportId, { status: 'FAILED', finishedAt: now() });
    throw err;
  }
}
