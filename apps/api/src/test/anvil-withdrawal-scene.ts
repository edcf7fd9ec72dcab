// Test-only: the withdrawal scene (withdrawal-scene.ts) on a real EVM node, for the tests that send ETHEREUM
// withdrawals to anvil (cold-signing-anvil, withdrawal-cancel-anvil, cold-signature.crash).
import { type AnvilNode, startAnvil } from '../engine/chains/anvil.js';
import { ETH, type WithdrawalScene, withdrawalScene } from '../modules/withdrawals/withdrawal-scene.js';
import { createTestApp, type TestApp } from './app.js';
import { setBalance } from './asset-fixtures.js';
import type { CreatedWallet } from './wallet-fixtures.js';
import { db } from './withdrawal-lifecycle-scene.js';

/** A started anvil, the test app reading ETHEREUM from it (sweeps driven by the test) and the scene `name`. */
export async function anvilWithdrawalScene(name: string): Promise<{ node: AnvilNode; t: TestApp; s: WithdrawalScene }> {
  const node = await startAnvil();
  const t = await createTestApp({
    AUTH_RATE_LIMIT_FACTOR: '20',
    DEVNET_BLOCK_MS: '0',
    CHAIN_SWEEP_MS: '0',
    CHAIN_RPC_ETHEREUM: node.url,
  });
  return { node, t, s: await withdrawalScene(t, name) };
}

/** `ether` ETH on the node and booked in the organization's balance, as a deposit would leave them. */
export async function fundOnAnvil(
  node: AnvilNode,
  t: TestApp,
  organizationId: string,
  wallet: CreatedWallet,
  ether: bigint,
) {
  await node.rpc.call('anvil_setBalance', [wallet.address, `0x${ETH(ether).toString(16)}`]);
  await setBalance(db(t), organizationId, wallet, 'ETHEREUM.ETH', { total: ETH(ether).toString() });
}
