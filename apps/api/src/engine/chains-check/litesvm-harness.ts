// Solana on an in-process LiteSVM: wallets are funded by airdrop, and an SPL mint made here (its authority a
// throwaway key) stands in for the catalogue's USDC. LiteSVM executes a transaction when it is sent; a "block" is
// one slot further, which is what the executor counts confirmations in. The same LiteSVM is also served over
// JSON-RPC (the test node of fixtures/litesvm-rpc-server.ts), the URL the withdrawal check gives the engine.
import { address, lamports } from '@solana/kit';
import { LiteSVM } from 'litesvm';
import type { Db } from '../../db/client.js';
import { startLiteSvmRpcServer } from '../chains/fixtures/litesvm-rpc-server.js';
import { SolLiteSvmChain } from '../chains/sol-litesvm.js';
import { createSolTestMint, type SolTestMint } from '../chains/sol-test-mint.js';
import { transactionExecutor } from '../transactions/executor.js';
import { createSigner } from '../transactions/signer.js';
import { solChainNode } from '../transactions/sol-chain-node.js';
import { catalogueSolToken, solPlanner } from '../transactions/sol-planner.js';
import { DEFAULT_CONFIRMATIONS_ON_TEST_NODES } from './constants.js';
import type { FamilyHarness } from './harness.js';

const TOKEN_ID = 'SOLANA_DEVNET.USDC';

export async function litesvmHarness(db: Db, masterKey: string): Promise<FamilyHarness> {
  const chain = new SolLiteSvmChain(new LiteSVM());
  const node = solChainNode(chain);
  const server = await startLiteSvmRpcServer(chain);
  // Made when the sending wallet is first funded with it: its whole supply goes to that wallet.
  let mint: SolTestMint | undefined;
  const tokenOf = (tokenId: string) => (mint ? mint.tokenOf(tokenId) : catalogueSolToken(tokenId));
  return {
    family: 'sol',
    blockchain: 'SOLANA_DEVNET',
    runtime: 'litesvm',
    rpcUrl: server.url,
    executor: transactionExecutor({
      db,
      node,
      planner: solPlanner(node, tokenOf),
      signer: createSigner({ db, masterKey }),
      confirmations: DEFAULT_CONFIRMATIONS_ON_TEST_NODES,
    }),
    tokens: [
      { tokenId: 'SOLANA_DEVNET.SOL', amount: 1_000_000n, fund: 1_000_000_000n },
      { tokenId: TOKEN_ID, amount: 2_500_000n, fund: 10n ** 12n },
    ],
    async fund(owner, tokenId, amount) {
      if (tokenId !== TOKEN_ID) chain.svm.airdrop(address(owner), lamports(amount));
      else mint ??= await createSolTestMint(chain, { holder: owner, supply: amount, decimals: 6, tokenId });
    },
    async balanceOf(owner, tokenId) {
      if (tokenId !== TOKEN_ID) return chain.balance(owner);
      return mint ? chain.tokenBalance(owner, mint.token.mint) : 0n;
    },
    produceBlock: async () => {
      chain.svm.warpToSlot(chain.slot() + 1n);
    },
    stop: () => server.close(),
  };
}
