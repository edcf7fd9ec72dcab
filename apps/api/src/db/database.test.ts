import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database.js';
import { openDatabase } from './client.js';
import { readDemoCredentials } from './demo-credentials.js';
import { runMigrations } from './migrate.js';
import { accounts, organizations } from './schema/index.js';
import { seedDemo } from './seed.js';

const dirs: string[] = [];
const seedConfig = () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vaultline-seed-'));
  dirs.push(dataDir);
  return { masterKey: '11'.repeat(32), dataDir };
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('database', () => {
  it.runIf(process.env.TEST_DB_KIND === 'postgres')('runs the pool’s statements without JIT compilation', async () => {
    const t = await createTestDatabase();
    try {
      const result = await t.database.db.execute(sql`select current_setting('jit') as jit`);
      expect((result as unknown as { rows: { jit: string }[] }).rows[0]?.jit).toBe('off');
    } finally {
      await t.dispose();
    }
  });

  it('migrates and seeds the demo organization once, in one transaction', async () => {
    const t = await createTestDatabase();
    const cfg = seedConfig();
    try {
      const first = await seedDemo(t.database.db, cfg);
      expect(first.seeded).toBe(true);
      expect(readDemoCredentials(cfg.dataDir, cfg.masterKey)).toEqual(first.credentials);
      // Sealed at rest: no password or authenticator secret stands in clear in the data folder.
      for (const file of readdirSync(cfg.dataDir)) {
        const text = readFileSync(join(cfg.dataDir, file), 'utf8');
        expect(text).not.toContain(first.credentials!.password);
        expect(text).not.toContain(first.credentials!.otpSecret);
      }
      expect(readDemoCredentials(cfg.dataDir, '22'.repeat(32))).toBeNull();
      expect((await seedDemo(t.database.db, cfg)).seeded).toBe(false);
      const [orgs] = await t.database.db.select({ n: count() }).from(organizations);
      const [members] = await t.database.db.select({ n: count() }).from(accounts);
      expect(orgs?.n).toBe(1);
      expect(members?.n).toBe(5); // the owner, an expired-password member and three operators
    } finally {
      await t.dispose();
    }
  });

  it('refuses a second live account with the same email, whatever its case', async () => {
    const t = await createTestDatabase();
    const cfg = seedConfig();
    try {
      await seedDemo(t.database.db, cfg);
      const [org] = await t.database.db.select().from(organizations);
      await expect(
        t.database.db
          .insert(accounts)
          .values({ kind: 'MEMBER', organizationId: org!.id, email: 'OWNER@demo.vaultline.local', status: 'INVITED' }),
      ).rejects.toThrow();
    } finally {
      await t.dispose();
    }
  });

  it('refuses a member without an organization and an unknown status', async () => {
    const t = await createTestDatabase();
    try {
      await expect(
        t.database.db.insert(accounts).values({ kind: 'MEMBER', email: 'a@example.com', status: 'ACTIVE' }),
      ).rejects.toThrow();
      await expect(
        t.database.db
          .insert(accounts)
          .values({ kind: 'OPERATOR', email: 'b@example.com', status: 'UNKNOWN' as 'ACTIVE' }),
      ).rejects.toThrow();
    } finally {
      await t.dispose();
    }
  });

  it('keeps embedded data across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vaultline-pglite-'));
    dirs.push(dir);
    const dataDir = join(dir, 'nested', 'pglite');
    const first = await openDatabase({ dataDir });
    await runMigrations(first);
    await seedDemo(first.db, seedConfig());
    await first.close();

    const second = await openDatabase({ dataDir });
    await runMigrations(second);
    const [orgs] = await second.db.select({ n: count() }).from(organizations);
    expect(orgs?.n).toBe(1);
    expect((await seedDemo(second.db, seedConfig())).seeded).toBe(false);
    await second.close();
  });
});
