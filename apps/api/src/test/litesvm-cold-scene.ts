// The product on a Solana node that runs real programs (the LiteSVM runtime behind the RPC fixture) as SOLANA_DEVNET,
// with an organization holding a hot Solana wallet and the console's operators for cold wallets: what the cold
// Solana tests (durable nonces, their crash test) start from. Nothing sweeps on its own: the tests tick.
import { LiteSVM } from 'litesvm';
import { type LiteSvmRpcServer, startLiteSvmRpcServer } from '../engine/chains/fixtures/litesvm-rpc-server.js';
import { SolLiteSvmChain } from '../engine/chains/sol-litesvm.js';
import { createTestApp } from './app.js';
import { approvalScene } from './approval-scene.js';
import { coldOperators } from './cold-signing-scene.js';

export type LiteSvmColdScene = Awaited<ReturnType<typeof liteSvmColdScene>>;

export async function liteSvmColdScene(organizationName: string) {
  const chain = new SolLiteSvmChain(new LiteSVM());
  const server: LiteSvmRpcServer = await startLiteSvmRpcServer(chain);
  const t = await createTestApp({
    AUTH_RATE_LIMIT_FACTOR: '20',
    DEVNET_BLOCK_MS: '0',
    CHAIN_SWEEP_MS: '0',
    CHAIN_RPC_SOLANA_DEVNET: server.url,
  });
  const s = await approvalScene(t, organizationName, {
    blockchain: 'SOLANA_DEVNET',
    walletName: `${organizationName} Hot`,
  });
  const operators = await coldOperators(t);
  return {
    chain,
    server,
    t,
    s,
    operators,
    async close() {
      await t.close();
      await server.close();
    },
  };
}
