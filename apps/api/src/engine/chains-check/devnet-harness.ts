// Any family on the embedded devnet: wallets are funded by the devnet's faucet (a signed transaction like any other)
// and blocks are sealed by the check itself, so it needs no server or engine running beside it.
import { DevnetAdapter, faucetPay } from '@vaultline/chains';
import { type Blockchain, familyOf, nativeToken, tokensOf } from '@vaultline/contracts';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { devnetChainNode } from '../../devnet/devnet-nodes.js';
import { dbLedgerStore, registerDevnetAccount } from '../../devnet/ledger-store.js';
import { transactionExecutor } from '../transactions/executor.js';
import { createSigner } from '../transactions/signer.js';
import type { FamilyHarness } from './harness.js';

/** 10^n base units. */
const units = (decimals: number, shift: number) => 10n ** BigInt(Math.max(decimals + shift, 0));

export function devnetHarness(
  db: Db,
  config: Pick<Config, 'masterKey' | 'devnetConfirmations'>,
  blockchain: Blockchain,
  clock: () => Date,
): FamilyHarness {
  const store = dbLedgerStore(db, { now: clock });
  const chain = new DevnetAdapter(blockchain, store, { now: clock });
  const native = nativeToken(blockchain);
  // One token of the catalogue on this network, where it has one (SEPOLIA: USDC).
  const token = tokensOf(blockchain).find((candidate) => candidate.contractAddress !== null);
  const produceBlock = async () => {
    await chain.produceBlock();
  };
  return {
    family: familyOf(blockchain),
    blockchain,
    runtime: 'devnet',
    executor: transactionExecutor({
      db,
      node: devnetChainNode(db, blockchain, clock),
      signer: createSigner({ db, masterKey: config.masterKey }),
      confirmations: config.devnetConfirmations,
    }),
    tokens: [
      // A thousandth of a coin, from one whole coin (the fee is paid from the rest).
      { tokenId: native.tokenId, amount: units(native.decimals, -3), fund: units(native.decimals, 0) },
      ...(token ? [{ tokenId: token.tokenId, amount: units(token.decimals, 0), fund: units(token.decimals, 1) }] : []),
    ],
    async prepareWallets(wallets) {
      // EOS-type accounts are registered, not derived: a real chain would need `newaccount`, the devnet a row.
      if (familyOf(blockchain) !== 'eosio') return;
      for (const wallet of wallets) await registerDevnetAccount(db, blockchain, wallet.address, wallet.publicKey);
    },
    async fund(address, tokenId, amount) {
      const outcome = await faucetPay(chain, store, { toAddress: address, tokenId, amount });
      if (outcome.kind === 'refused') throw new Error(`The devnet faucet was refused: ${outcome.reason}`);
      // Confirmed, so bitcoin-type outputs are spendable and balances final.
      for (let i = 0; i < config.devnetConfirmations; i++) await produceBlock();
    },
    async balanceOf(address, tokenId) {
      // bitcoin-type: the address's outputs nothing spends; elsewhere what the ledger moved (fees from the coin).
      if (familyOf(blockchain) === 'btc') {
        const outputs = await store.unspent(blockchain, address);
        return outputs.filter((output) => output.confirmed).reduce((sum, output) => sum + output.value, 0n);
      }
      const flows = await store.view(blockchain).flows(address, tokenId);
      return flows.received - flows.sent - (tokenId === native.tokenId ? flows.fees : 0n);
    },
    produceBlock,
    stop: async () => {},
  };
}
