// Test harness for the transaction executor on bitcoin-type chains: an organization with a sealed seed and
// BITCOIN_TESTNET wallets stored the way wallet creation stores them (custody.ts; `tb1…` addresses), funded on a
// real litecoind -regtest node, where the same scripts read `rltc1…`.
import { p2wpkhAddress } from '@vaultline/chains';
import type { Db } from '../db/client.js';
import { COINBASE_MATURITY } from '../engine/chains/btc-rpc.js';
import { LITECOIN_REGTEST, type RegtestNode } from '../engine/chains/regtest.js';
import { translateBtcAddress } from '../engine/transactions/btc-planner.js';
import { createCustody } from './custody.js';

/**
 * Where blocks that fund nobody are mined: the P2WPKH address of the secp256k1 generator point, whose private key
 * (1) no test uses, so its coinbases never mix with the wallets' outputs.
 */
export const REGTEST_SINK = p2wpkhAddress(
  Buffer.from('0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798', 'hex'),
  LITECOIN_REGTEST,
);

export interface BtcCustody {
  organizationId: string;
  /** The organization's BITCOIN_TESTNET wallets (`tb1…`), by account index. */
  addresses: string[];
  /** The wallet's address as the regtest node writes it (`rltc1…`): the same output script. */
  onNode(address: string): string;
  /** A completed request of the organization, for a transfer's request_id. */
  newRequest(): Promise<string>;
  /**
   * Gives each wallet `outputs` coinbase outputs (one block each, paid to its address) and mines them mature
   * (100 blocks to the sink): afterwards they are confirmed and spendable.
   */
  fund(funding: { address: string; outputs: number }[]): Promise<void>;
}

export async function createBtcCustody(
  db: Db,
  node: RegtestNode,
  options: { wallets: number; masterKey?: string },
): Promise<BtcCustody> {
  const custody = await createCustody(db, { masterKey: options.masterKey });
  const addresses = (await custody.addWallets('BITCOIN_TESTNET', options.wallets)).map((wallet) => wallet.address);

  const onNode = (address: string) => translateBtcAddress(address, 'BITCOIN_TESTNET', LITECOIN_REGTEST);
  return {
    organizationId: custody.organizationId,
    addresses,
    onNode,
    newRequest: custody.newRequest,
    async fund(funding) {
      for (const { address, outputs } of funding) await node.rpc.generateToAddress(outputs, onNode(address));
      await node.rpc.generateToAddress(COINBASE_MATURITY, REGTEST_SINK);
    },
  };
}
