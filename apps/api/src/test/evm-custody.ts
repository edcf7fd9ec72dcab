// Test harness for the transaction executor: an organization with a sealed seed and EVM wallets stored the way
// wallet creation stores them (custody.ts), funded on a real anvil node.
import type { Db } from '../db/client.js';
import type { AnvilNode } from '../engine/chains/anvil.js';
import { createCustody } from './custody.js';

export { TEST_MASTER_KEY } from './custody.js';
export const ETH = 10n ** 18n;

export interface EvmCustody {
  organizationId: string;
  /** The organization's wallets, by account index. */
  addresses: string[];
  /** A completed request of the organization, for a transfer's request_id. */
  newRequest(): Promise<string>;
}

export async function createEvmCustody(
  db: Db,
  node: AnvilNode,
  options: { wallets: number; fundEach: bigint; masterKey?: string },
): Promise<EvmCustody> {
  const custody = await createCustody(db, { masterKey: options.masterKey });
  const addresses = (await custody.addWallets('ETHEREUM', options.wallets)).map((wallet) => wallet.address);
  for (const address of addresses) {
    await node.rpc.call('anvil_setBalance', [address, `0x${options.fundEach.toString(16)}`]);
  }
  return { organizationId: custody.organizationId, addresses, newRequest: custody.newRequest };
}
