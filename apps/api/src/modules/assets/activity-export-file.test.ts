import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fromBaseUnits } from '@vaultline/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityExports, assetActivities } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { runningExport } from '../../test/asset-fixtures.js';
import { TestBrowser } from '../../test/browser.js';
import { createMember, createOrganization, grant, signIn } from '../../test/fixtures.js';
import { type CreatedWallet, createWallet } from '../../test/wallet-fixtures.js';
import { runActivityExport } from './activity-export.service.js';

/** Exports written as files: more rows than one batch, the file served as written, failures leave nothing behind. */
const ROWS = 12_000;
const EXPORTS = '/api/v1/asset-activities/organizations/exports';
const MARCH = { dateFrom: '2026-03-01', dateTo: '2026-03-31' };
const dataDir = mkdtempSync(join(tmpdir(), 'vaultline-export-files-'));
const exportsDir = join(dataDir, 'exports');

let t: TestApp;
let orgId: string;
let ownerId: string;
let owner: TestBrowser;
let outsider: TestBrowser;
let wallet: CreatedWallet;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_FACTOR: '20', DATA_DIR: dataDir });
  const db = t.testDb.database.db;
  orgId = (await createOrganization(db, 'Bulk Export Org')).id;
  const o = await createMember(db, t.config, { organizationId: orgId });
  const x = await createMember(db, t.config);
  ownerId = o.id;
  await grant(db, o.id, ['OWNER']);
  await grant(db, x.id, ['OWNER']);
  owner = await signIn(t, o);
  outsider = await signIn(t, x);
  wallet = await createWallet(owner, orgId, 'ETHEREUM', 'Bulk');
  // In one statement: pairs share a created_at (the id breaks the tie), even rows are withdrawals (the net is
  // negative), and a few addresses need quoting or a formula guard.
  const rows = Array.from({ length: ROWS }, (_, k) => {
    const i = k + 1;
    const special = i === 7 ? 'two\nlines' : i === 8 ? 'a\rb' : i === 9 ? '-1+1' : null;
    return {
      organizationId: orgId,
      walletId: wallet.id,
      blockchain: 'ETHEREUM',
      tokenId: 'ETHEREUM.ETH',
      activityType: i % 2 === 0 ? ('WITHDRAWAL' as const) : ('DEPOSIT' as const),
      status: 'CONFIRMED' as const,
      amount: `${i}000000000000`,
      txHash: `0x${i.toString(16).padStart(64, '0')}`,
      fromAddress: special ?? `0x${'a'.repeat(40)}`,
      toAddress: wallet.address,
      confirmations: 12,
      requiredConfirmations: 12,
      createdAt: new Date(Date.parse('2026-03-02T00:00:00Z') + Math.floor(i / 2) * 300_000),
    };
  });
  for (let k = 0; k < ROWS; k += 2_000) await db.insert(assetActivities).values(rows.slice(k, k + 2_000));
}, 120_000);
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function ready(id: string) {
  for (let i = 0; i < 300; i++) {
    const r = (await owner.request('GET', `${EXPORTS}/${id}`)).json();
    if (r.status !== 'RUNNING') return r;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('export did not finish');
}

const exportRow = async (id: string) =>
  (await t.testDb.database.db.select().from(activityExports).where(eq(activityExports.id, id)))[0]!;

describe('activity export files', () => {
  it('writes every row once, in (created_at, id) order, across batches, and serves the file byte for byte', async () => {
    const created = await owner.post(EXPORTS, MARCH);
    expect(created.statusCode, created.body).toBe(202);
    expect(await ready(created.json().id)).toMatchObject({ status: 'READY', rowCount: ROWS });
    const row = await exportRow(created.json().id);
    expect(row).toMatchObject({ filePath: join('exports', `${row.id}.csv`), content: null });
    const onDisk = readFileSync(join(dataDir, row.filePath!));
    expect(row.fileSize).toBe(onDisk.length);
    expect(row.fileSha256).toBe(createHash('sha256').update(onDisk).digest('hex'));
    expect(readdirSync(exportsDir).filter((name) => name.endsWith('.part'))).toEqual([]);

    const file = await owner.request('GET', `${EXPORTS}/${row.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(
      'attachment; filename="asset-activities-2026-03-01-2026-03-31.csv"',
    );
    expect(file.headers['content-length']).toBe(String(onDisk.length));
    expect(file.rawPayload.equals(onDisk)).toBe(true);

    const lines = file.rawPayload.toString('utf8').slice(1).split('\r\n');
    const expected = await t.testDb.database.db
      .select({ txHash: assetActivities.txHash })
      .from(assetActivities)
      .where(eq(assetActivities.organizationId, orgId))
      .orderBy(asc(assetActivities.createdAt), asc(assetActivities.id));
    const activityLines = lines.slice(2, 2 + ROWS);
    expect(activityLines.map((line) => line.split(',')[7])).toEqual(expected.map((r) => r.txHash));
    expect(activityLines.find((line) => line.includes('lines'))).toContain(',"two\nlines",');
    expect(activityLines.find((line) => line.includes('a\rb'))).toContain(',"a\rb",');
    expect(activityLines.find((line) => line.includes('-1+1'))).toContain(",'-1+1,");
    // Withdrawals are the even numbers: 2 + 4 + … + 12000 outweighs 1 + 3 + … + 11999 by 6000 units of 10^12 wei.
    const net = fromBaseUnits(-6_000n * 10n ** 12n, 18);
    expect(lines.slice(2 + ROWS)).toEqual([`Total (confirmed deposits - withdrawals),,ETHEREUM,ETH,,,${net},,,,`, '']);
  });

  it("answers 404 for another organization's export and for a file that is gone", async () => {
    const done = (await owner.post(EXPORTS, { ...MARCH, dateTo: '2026-03-02' })).json();
    expect(await ready(done.id)).toMatchObject({ status: 'READY' });
    expect((await outsider.request('GET', `${EXPORTS}/${done.id}/file`)).statusCode).toBe(404);
    expect((await new TestBrowser(t.app).request('GET', `${EXPORTS}/${done.id}/file`)).statusCode).toBe(401);
    rmSync(join(dataDir, (await exportRow(done.id)).filePath!));
    expect((await owner.request('GET', `${EXPORTS}/${done.id}/file`)).statusCode).toBe(404);
  });

  it('still serves an export made before files from its stored text, with the BOM', async () => {
    const db = t.testDb.database.db;
    const old = await runningExport(db, orgId, ownerId);
    await db
      .update(activityExports)
      .set({ status: 'READY', rowCount: 0, content: 'stored,text\r\n', finishedAt: new Date() })
      .where(eq(activityExports.id, old.id));
    const file = await owner.request('GET', `${EXPORTS}/${old.id}/file`);
    expect(file.rawPayload.toString('utf8')).toBe('\uFEFFstored,text\r\n');
    expect(file.headers['content-length']).toBe(String(file.rawPayload.length));
  });

  it('marks a run that fails midway FAILED and leaves no file, finished or partial', async () => {
    const db = t.testDb.database.db;
    const running = await runningExport(db, orgId, ownerId);
    const ownFiles = () => readdirSync(exportsDir).filter((name) => name.startsWith(running.id));
    let seenPartial: string[] = [];
    const failing = runActivityExport(db, running.id, orgId, () => new Date(), {
      dataDir,
      batchSize: 5_000,
      onBatch: (rowsSoFar) => {
        seenPartial = ownFiles();
        if (rowsSoFar >= 5_000) throw new Error('disk full');
      },
    });
    await expect(failing).rejects.toThrow('disk full');
    expect(seenPartial).toEqual([expect.stringMatching(/\.part$/)]);
    expect(ownFiles()).toEqual([]);
    expect(existsSync(join(dataDir, 'exports', `${running.id}.csv`))).toBe(false);
    expect(await exportRow(running.id)).toMatchObject({ status: 'FAILED', filePath: null, rowCount: null });
    // The member may start another one.
    const again = await owner.post(EXPORTS, MARCH);
    expect(again.statusCode).toBe(202);
    expect(await ready(again.json().id)).toMatchObject({ status: 'READY', rowCount: ROWS });
  });
});
