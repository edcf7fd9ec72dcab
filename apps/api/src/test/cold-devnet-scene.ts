// The scene of the cold-signing tests on the embedded devnet (cold-signing-devnet, cold-signing-eos-devnet): an app
// whose engine is driven by hand, an organization with an approval line, the provider's operators, the sweep, and
// block production with the deposit watcher.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp } from './app.js';
import { approvalScene } from './approval-scene.js';
import { coldOperators, testSweeper } from './cold-signing-scene.js';
import { devnetEngine } from './devnet.js';
import { requestRow, until } from './withdrawal-lifecycle-scene.js';

export async function coldDevnetScene(label: string, env: Record<string, string> = {}) {
  const t = await createTestApp({
    AUTH_RATE_LIMIT_FACTOR: '20',
    DEVNET_BLOCK_MS: '0',
    CHAIN_SWEEP_MS: '0',
    DEVNET_CONFIRMATIONS: '1',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'vaultline-cold-devnet-')),
    ...env,
  });
  const s = await approvalScene(t, label, { blockchain: 'SOLANA_DEVNET', walletName: `${label} Hot` });
  const operators = await coldOperators(t);
  const devnet = devnetEngine({ db: t.testDb.database.db, config: t.config, log: t.app.log, now: t.clock.now });
  const sweeper = testSweeper(t);
  /** `rounds` devnet blocks, each watched for deposits. */
  async function mine(rounds: number) {
    for (let i = 0; i < rounds; i++) {
      await devnet.produceBlocks();
      await devnet.watch();
    }
  }
  /** Sweeps and mines until the request is no longer executing; the request. */
  const settled = (requestId: string) =>
    until(
      async () => {
        await sweeper.tick();
        await mine(1);
        const r = await requestRow(t, requestId);
        return r.status !== 'EXECUTING' && r;
      },
      'the cold withdrawal to complete',
      60_000,
    );
  return { t, s, operators, sweeper, mine, settled };
}

export type ColdDevnetScene = Awaited<ReturnType<typeof coldDevnetScene>>;
