// EVM on a real anvil the check starts itself: wallets are funded with anvil_setBalance and the test ERC-20
// (its supply held by anvil's first dev account), so the token transfer is a real contract call. The test token is
// placed at the catalogue's SEPOLIA.USDC address, so the engine's own token lookup (the withdrawal check goes through
// the engine, which knows only the catalogue) finds a real contract there.

import { tokenById } from '@vaultline/contracts';
import type { Db } from '../../db/client.js';
import { startAnvil } from '../chains/anvil.js';
import { TEST_ERC20_BYTECODE, TEST_ERC20_SUPPLY } from '../chains/fixtures/test-erc20.js';
import { evmChainNode } from '../transactions/evm-chain-node.js';
import { transactionExecutor } from '../transactions/executor.js';
import { createSigner } from '../transactions/signer.js';
import { DEFAULT_CONFIRMATIONS_ON_TEST_NODES } from './constants.js';
import type { FamilyHarness } from './harness.js';

/** anvil's first pre-funded, unlocked dev account. */
const DEV_ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const TOKEN_ID = 'SEPOLIA.USDC';
const USDC = tokenById(TOKEN_ID)!.contractAddress!;
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
  // Deployed once for its runtime code, which then goes to the catalogue address with the state its constructor
  // wrote there: totalSupply (slot 0) and the dev account's balance (balanceOf is the mapping at slot 1).
  const deployed = (await devSend(undefined, TEST_ERC20_BYTECODE)).contractAddress!;
  await node.rpc.call('anvil_setCode', [USDC, await node.rpc.call<string>('eth_getCode', [deployed, 'latest'])]);
  const devSlot = await node.rpc.call<string>('web3_sha3', [`0x${word(DEV_ACCOUNT)}${word(1n)}`]);
  for (const slot of [`0x${word(0n)}`, devSlot]) {
    await node.rpc.call('anvil_setStorageAt', [USDC, slot, `0x${word(TEST_ERC20_SUPPLY)}`]);
  }

  return {
    family: 'evm',
    blockchain: 'SEPOLIA',
    runtime: 'anvil',
    rpcUrl: node.url,
    executor: transactionExecutor({
      db,
      node: evmChainNode(node.rpc),
      signer: createSigner({ db, masterKey }),
      confirmations: DEFAULT_CONFIRMATIONS_ON_TEST_NODES,
    }),
    tokens: [
      { tokenId: 'SEPOLIA.ETH', amount: 10n ** 15n, fund: 10n ** 18n },
      { tokenId: TOKEN_ID, amount: 1_234_567n, fund: 10_000_000n },
    ],
    async fund(address, tokenId, amount) {
      if (tokenId === TOKEN_ID) {
        await devSend(USDC, `0xa9059cbb${word(address)}${word(amount)}`);
        return;
      }
      const balance = await node.rpc.balance(address);
      await node.rpc.call('anvil_setBalance', [address, `0x${(balance + amount).toString(16)}`]);
    },
    async balanceOf(address, tokenId) {
      if (tokenId !== TOKEN_ID) return node.rpc.balance(address);
      const data = `0x70a08231${word(address)}`;
      return BigInt(await node.rpc.call<string>('eth_call', [{ to: USDC, data }, 'latest']));
    },
    produceBlock: async () => {
      await node.rpc.call('evm_mine', []);
    },
    stop: () => node.stop(),
  };
}
