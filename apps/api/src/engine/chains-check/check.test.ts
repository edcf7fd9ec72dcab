// The chains check on the embedded devnet, on both databases: one transfer per family and a token transfer on EVM,
// each signed by the wallet's key, verified and applied by the devnet, and CONFIRMED. Run twice on one database,
// it finds its organization and wallets again. Then a withdrawal per family through the withdrawals service and the
// engine, settled against the devnet's own balances. (`npm test` also runs `npm run chains:check -- --nodes`.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { TEST_MASTER_KEY } from '../../test/evm-custody.js';
import { formatLine, runCheck } from './check.js';
import { devnetHarness } from './devnet-harness.js';
import { runWithdrawalCheck } from './withdrawal-check.js';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb?.dispose();
});

const config = { ...loadConfig({ MASTER_KEY: TEST_MASTER_KEY }), devnetConfirmations: 2 };
const harnesses = () =>
  (['SEPOLIA', 'BITCOIN_TESTNET', 'SOLANA_DEVNET', 'BIZAUTO'] as const).map((blockchain) =>
    devnetHarness(testDb.database.db, config, blockchain, () => new Date()),
  );

describe('chains check on the devnet', () => {
  it('confirms a native transfer of every family and a token transfer on EVM, twice on one database', async () => {
    for (let run = 0; run < 2; run++) {
      const lines = await runCheck(testDb.database.db, TEST_MASTER_KEY, harnesses(), { timeoutMs: 30_000 });
      expect(lines.map((line) => `${line.family} ${line.tokenId} ${line.outcome}`)).toEqual([
        'evm SEPOLIA.ETH confirmed',
        'evm SEPOLIA.USDC confirmed',
        'btc BITCOIN_TESTNET.BTC confirmed',
        'sol SOLANA_DEVNET.SOL confirmed',
        'eosio BIZAUTO.BIZA confirmed',
      ]);
      expect(new Set(lines.map((line) => line.hash)).size).toBe(5);
      expect(formatLine(lines[0]!)).toMatch(
        /^evm {2}SEPOLIA {2}devnet {2}SEPOLIA\.ETH {2}0x[0-9a-f]{64} {2}confirmed$/,
      );
    }
  });
});

describe('withdrawal check on the devnet', () => {
  it('completes a withdrawal of every family and a token withdrawal on EVM, twice on one database', async () => {
    for (let run = 0; run < 2; run++) {
      const lines = await runWithdrawalCheck(testDb.database.db, config, harnesses(), { timeoutMs: 30_000 });
      expect(lines.map((line) => `${line.family} ${line.tokenId} ${line.outcome}`)).toEqual([
        'evm SEPOLIA.ETH withdrawn',
        'evm SEPOLIA.USDC withdrawn',
        'btc BITCOIN_TESTNET.BTC withdrawn',
        'sol SOLANA_DEVNET.SOL withdrawn',
        'eosio BIZAUTO.BIZA withdrawn',
      ]);
    }
  }, 120_000);
});
