// What the check needs of one family on one runtime: an executor over its node, a way to fund a wallet (the
// devnet's faucet, a test node's own coins), a block when the runtime mines only on demand, and the tokens to send.
import type { Blockchain, ChainFamily } from '@vaultline/contracts';
import type { TransactionExecutor } from '../transactions/executor.js';
import type { CheckWallet } from './check-custody.js';

export interface FamilyHarness {
  family: ChainFamily;
  blockchain: Blockchain;
  /** How the line names the runtime: `devnet`, `anvil`, `regtest`, `litesvm`, `rpc`. */
  runtime: string;
  executor: TransactionExecutor;
  /**
   * The node URL a `CHAIN_RPC_<BLOCKCHAIN>` would name: the withdrawal check hands it to the engine's own node lookup
   * (sweeper.ts `nodeOf`), so withdrawals reach the runtime the way a configured node is reached. None on the devnet.
   */
  rpcUrl?: string;
  /** The native coin first, then at most one token of the family. */
  tokens: { tokenId: string; amount: bigint; fund: bigint }[];
  /** What the runtime needs to know of the check's wallets before they send (EOS-type devnet: their keys). */
  prepareWallets?(wallets: CheckWallet[]): Promise<void>;
  /** Puts `amount` of the token on `address`, spendable (confirmed) when it returns. */
  fund(address: string, tokenId: string, amount: bigint): Promise<void>;
  /** What `address` holds of the token on the runtime itself (not in the books): what a withdrawal is checked by. */
  balanceOf(address: string, tokenId: string): Promise<bigint>;
  /** One more block where nothing mines by itself; a no-op elsewhere. */
  produceBlock(): Promise<void>;
  stop(): Promise<void>;
}
