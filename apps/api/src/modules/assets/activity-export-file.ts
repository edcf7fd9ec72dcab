import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { CSV_OPTIONS, type CsvRecord } from './activity-csv.js';

/** Where an export's file lives, relative to the data directory: stored so, a moved DATA_DIR still finds it. */
export const exportFilePath = (exportId: string) => join('exports', `${exportId}.csv`);

/**
 * Streams `records` through csv-stringify into a new file at `path`, hashing the bytes on their way: memory holds
 * what the streams buffer (their high-water marks), whatever the number of records. `wx`: never an existing file.
 * On failure the promise rejects and the partly written file stays for the caller to remove.
 */
export async function writeCsvFile(
  path: string,
  records: AsyncIterable<CsvRecord>,
): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(Readable.from(records), stringify(CSV_OPTIONS), measure, createWriteStream(path, { flags: 'wx' }));
  return { size, sha256: hash.digest('hex') };
}

/**
 * The finished file to send, its size read from the same open handle (the stream closes it when done or aborted);
 * null when it is no longer there.
 */
export async function openExportFile(dataDir: string, relativePath: string) {
  let handle: FileHandle;
  try {
    handle = await open(join(dataDir, relativePath), 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    const { size } = await handle.stat();
    return { stream: handle.createReadStream(), size };
  } catch (err) {
    await handle.close();
    throw err;
  }
}
