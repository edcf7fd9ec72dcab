import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { devnetAccounts, devnetTransactions, gasFeeEntries, gasFeeWallets } from '../../db/schema/index.js';
import { seedDemo } from '../../db/seed.js';
import { DEMO_WALLETS } from '../../db/seed-holdings.js';
import { createTestDatabase } from '../../test/database.js';

const dataDir = mkdtempSync(join(tmpdir(), 'vaultline-gas-seed-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the demo seed', () => {
  it('funds a gas-fee wallet on the devnet for every network of the demo wallets', async () => {
    const t = await createTestDatabase();
    try {
      const db = t.database.db;
      await seedDemo(db, { masterKey: '11'.repeat(32), dataDir });
      const rows = await db.select().from(gasFeeWallets);
      expect(rows.map((r) => r.blockchain).sort()).toEqual([...new Set(DEMO_WALLETS.map((w) => w.blockchain))].sort());
      for (const row of rows) {
        const [grant] = await db
          .select()
          .from(gasFeeEntries)
          .where(and(eq(gasFeeEntries.gasFeeWalletId, row.id), eq(gasFeeEntries.kind, 'DEVNET_GRANT')));
        // The grant is a real devnet transaction to the gas-fee wallet's address.
        const [sent] = await db.select().from(devnetTransactions).where(eq(devnetTransactions.hash, grant!.txHash!));
        expect(sent).toMatchObject({ blockchain: row.blockchain, toAddress: row.address, amount: grant!.amount });
      }
      // BizAuto: 50 BIZA granted, one account creation (0.5 BIZA) paid; the account exists on the devnet.
      const biz = rows.find((r) => r.blockchain === 'BIZAUTO')!;
      expect(biz.balance).toBe('495000');
      const [account] = await db.select().from(devnetAccounts).where(eq(devnetAccounts.account, biz.address));
      expect(account?.publicKey).toBe(biz.publicKey);
    } finally {
      await t.dispose();
    }
  }, 120_000);
});
