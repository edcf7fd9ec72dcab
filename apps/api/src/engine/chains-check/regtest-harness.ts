// bitcoin-type on a real regtest node the check starts itself (litecoind -regtest, the same scripts as
// BITCOIN_TESTNET under the `rltc` prefix): a wallet is funded by mining a block to it and then enough blocks on
// top for its coinbase to be spendable.

import { btcNetworkOf, p2wpkhAddress, translateBtcAddress } from '@vaultline/chains';
import type { Db } from '../../db/client.js';
import { COINBASE_MATURITY } from '../chains/btc-rpc.js';
import { LITECOIN_REGTEST, startRegtest } from '../chains/regtest.js';
import { btcChainNode } from '../transactions/btc-chain-node.js';
import { transactionExecutor } from '../transactions/executor.js';
import { createSigner } from '../transactions/signer.js';
import { BTC_CONFIRMATIONS_ON_TEST_NODES } from './constants.js';
import type { FamilyHarness } from './harness.js';
import { startAddressRelay } from './regtest-relay.js';

/** Blocks that fund nobody go to the generator point's address (private key 1, which no wallet has). */
const SINK = p2wpkhAddress(
  Buffer.from('0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798', 'hex'),
  LITECOIN_REGTEST,
);

export async function regtestHarness(db: Db, masterKey: string): Promise<FamilyHarness> {
  const node = await startRegtest();
  const onNode = (address: string) => translateBtcAddress(address, btcNetworkOf('BITCOIN_TESTNET'), LITECOIN_REGTEST);
  const relay = await startAddressRelay(node.url, onNode).catch(async (error) => {
    await node.stop();
    throw error;
  });
  return {
    family: 'btc',
    blockchain: 'BITCOIN_TESTNET',
    runtime: 'regtest',
    rpcUrl: relay.url,
    executor: transactionExecutor({
      db,
      node: btcChainNode(node.rpc, { addressNetwork: LITECOIN_REGTEST }),
      signer: createSigner({ db, masterKey }),
      confirmations: BTC_CONFIRMATIONS_ON_TEST_NODES,
    }),
    tokens: [{ tokenId: 'BITCOIN_TESTNET.BTC', amount: 12_345_678n, fund: 0n }],
    async fund(address) {
      // A coinbase (50 coins on a young regtest chain) is spendable once COINBASE_MATURITY blocks are on top of it.
      await node.rpc.generateToAddress(1, onNode(address));
      await node.rpc.generateToAddress(COINBASE_MATURITY, SINK);
    },
    async balanceOf(address) {
      const unspent = await node.rpc.unspent({ address: onNode(address) });
      return unspent.filter((utxo) => utxo.spendable).reduce((sum, utxo) => sum + utxo.value, 0n);
    },
    produceBlock: async () => {
      await node.rpc.generateToAddress(1, SINK);
    },
    stop: async () => {
      await relay.close();
      await node.stop();
    },
  };
}
