// EVM on a real anvil the check starts itself: wallets are funded with anvil_setBalance and the test ERC-20
// (deployed by anvil's first dev account, which holds its supply), so the token transfer is a real contract call.

import type { Db } from '../../db/client.js';
import { startAnvil } from '../chains/anvil.js';
import { TEST_ERC20_BYTECODE, TEST_ERC20_DECIMALS } from '../chains/fixtures/test-erc20.js';
import { evmChainNode } from '../transactions/evm-chain-node.js';
import { transactionExecutor } from '../transactions/executor.js';
import { createSigner } from '../transactions/signer.js';
import { DEFAULT_CONFIRMATIONS_ON_TEST_NODES } from './constants.js';
import type { FamilyHarness } from './harness.js';

/** anvil's first pre-funded, unlocked dev account. */
const DEV_ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const word = (value: bigint | string) => BigInt(value).toString(16).padStart(64, '0');

export async function anvilHarness(db: Db, masterKey: string): Promise<FamilyHarness> {
  const node = await startAnvil();
  const mined = async (hash: string) => {
    for (let i = 0; i < 500; i++) {
      const receipt = await node.rpc.call<{ contractAddress: string | null; status: string } | null>(
        'eth_getTransactionReceipt',
        [hash],
      );
      if (receipt) return receipt;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`${hash} was not mined`);
  };
  const devSend = async (to: string | undefined, data: string) =>
    mined(await node.rpc.call<string>('eth_sendTransaction', [{ from: DEV_ACCOUNT, to, data, gas: '0x200000' }]));
  const contract = (await devSend(undefined, TEST_ERC20_BYTECODE)).contractAddress!;
  const token = { kind: 'erc20' as const, contract, decimals: TEST_ERC20_DECIMALS };

  return {
    family: 'evm',
    blockchain: 'SEPOLIA',
    runtime: 'anvil',
    executor: transactionExecutor({
      db,
      node: evmChainNode(node.rpc),
      signer: createSigner({ db, masterKey }),
      confirmations: DEFAULT_CONFIRMATIONS_ON_TEST_NODES,
      // The catalogue's SEPOLIA.USDC lives on Sepolia; on anvil the test token stands in for it.
      tokenOf: (tokenId) => (tokenId === 'SEPOLIA.USDC' ? token : { kind: 'native' }),
    }),
    tokens: [
      { tokenId: 'SEPOLIA.ETH', amount: 10n ** 15n, fund: 10n ** 18n },
      { tokenId: 'SEPOLIA.USDC', amount: 1_234_567n, fund: 10_000_000n },
    ],
    async fund(address, tokenId, amount) {
      if (tokenId === 'SEPOLIA.USDC') {
        await devSend(contract, `0xa9059cbb${word(address)}${word(amount)}`);
        return;
      }
      const balance = await node.rpc.balance(address);
      await node.rpc.call('anvil_setBalance', [address, `0x${(balance + amount).toString(16)}`]);
    },
    produceBlock: async () => {
      await node.rpc.call('evm_mine', []);
    },
    stop: () => node.stop(),
  };
}
