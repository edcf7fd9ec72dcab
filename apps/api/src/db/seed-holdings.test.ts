import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isValidAddress } from '@vaultline/chains';
import { count, eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { devnetEngine } from '../engine/devnet/devnet-engine.js';
import { createTestDatabase } from '../test/database.js';
import {
  assetActivities,
  devnetTransactions,
  organizationTokens,
  requests,
  walletBalances,
  wallets,
} from './schema/index.js';
import { seedDemo } from './seed.js';
import { DEMO_WALLETS } from './seed-holdings.js';

const dir = mkdtempSync(join(tmpdir(), 'vaultline-holdings-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('gives the demo organization wallets, tokens and devnet deposits once, which the watcher then credits', async () => {
  const t = await createTestDatabase();
  const db = t.database.db;
  const config = loadConfig({ DATA_DIR: dir, DEVNET_BLOCK_MS: '0', LOG_LEVEL: 'silent' });
  try {
    await seedDemo(db, config);
    const counts = async () => ({
      wallets: (await db.select({ n: count() }).from(wallets))[0]?.n,
      requests: (await db.select({ n: count() }).from(requests))[0]?.n,
      tokens: (await db.select({ n: count() }).from(organizationTokens))[0]?.n,
      deposits: (await db.select({ n: count() }).from(devnetTransactions))[0]?.n,
    });
    const first = await counts();
    const grants = new Set(DEMO_WALLETS.map((w) => w.blockchain)).size;
    expect(first).toEqual({
      wallets: DEMO_WALLETS.length,
      requests: DEMO_WALLETS.length,
      tokens: 2,
      // The wallets' deposits, and the faucet's grant to each network's gas-fee wallet (gas-fee-custody.service).
      deposits: DEMO_WALLETS.flatMap((w) => w.deposits).length + grants,
    });
    for (const w of await db.select().from(wallets))
      expect(isValidAddress(w.blockchain as never, w.address)).toBe(true);
    await seedDemo(db, config);
    expect(await counts()).toEqual(first);

    const engine = devnetEngine({ db, config, log: { error: () => {} } as never, now: () => new Date() });
    for (let i = 0; i < 5; i++) await engine.tick();
    const statuses = await db
      .select({ status: assetActivities.status, tokenId: assetActivities.tokenId })
      .from(assetActivities);
    expect(statuses.filter((s) => s.status === 'CONFIRMED')).toHaveLength(first.deposits! - grants - 1);
    expect(statuses.filter((s) => s.status === 'FAILED')).toEqual([{ status: 'FAILED', tokenId: 'SEPOLIA.ETH' }]);
    const [usdc] = await db.select().from(walletBalances).where(eq(walletBalances.tokenId, 'ETHEREUM.USDC'));
    expect(usdc?.total).toBe('5000000000');
    const [sepoliaEth] = await db.select().from(walletBalances).where(eq(walletBalances.tokenId, 'SEPOLIA.ETH'));
    expect(sepoliaEth?.total).toBe('2500000000000000000'); // the failed 0.75 is not counted
  } finally {
    await t.dispose();
  }
});
