// Test harness for the transaction executor on Solana: an organization with a sealed seed and SOLANA_DEVNET wallets
// stored the way wallet creation stores them (custody.ts), funded by airdrop on an in-process LiteSVM, and an SPL
// test mint whose authority is a throwaway key, not one of the wallets.
import { address, lamports } from '@solana/kit';
import type { Db } from '../db/client.js';
import type { SolLiteSvmChain } from '../engine/chains/sol-litesvm.js';
import { createCustody } from './custody.js';

export const SOL = 1_000_000_000n;

export interface SolCustody {
  organizationId: string;
  /** The organization's SOLANA_DEVNET wallets, by account index. */
  addresses: string[];
  /** A completed request of the organization, for a transfer's request_id. */
  newRequest(): Promise<string>;
}

export async function createSolCustody(
  db: Db,
  chain: SolLiteSvmChain,
  options: { wallets: number; fundEach: bigint; masterKey?: string },
): Promise<SolCustody> {
  const custody = await createCustody(db, { masterKey: options.masterKey });
  const addresses = (await custody.addWallets('SOLANA_DEVNET', options.wallets)).map((wallet) => wallet.address);
  if (options.fundEach > 0n) {
    for (const wallet of addresses) chain.svm.airdrop(address(wallet), lamports(options.fundEach));
  }
  return { organizationId: custody.organizationId, addresses, newRequest: custody.newRequest };
}

export { createSolTestMint, type SolTestMint } from '../engine/chains/sol-test-mint.js';
