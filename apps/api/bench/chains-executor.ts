// The product's whole path of an outgoing transfer, through the transaction executor: a chain_transactions row
// built under the sender's lock, the seed unsealed and the wallet key derived for each signature, the bytes stored
// before broadcast, then followed to CONFIRMED (embedded database). On anvil and on the embedded devnet, from one
// address and from ten, each against a baseline of the same run: anvil signing the same transfers itself
// (eth_sendTransaction), and the devnet's faucet paying the same transfers (signed and admitted, no executor rows).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DevnetAdapter, faucetPay } from '@vaultline/chains';
import { openDatabase } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { devnetChainNode } from '../src/devnet/devnet-nodes.js';
import { dbLedgerStore } from '../src/devnet/ledger-store.js';
import { startAnvil } from '../src/engine/chains/anvil.js';
import { checkCustody } from '../src/engine/chains-check/check-custody.js';
import type { AnyChainNode } from '../src/engine/transactions/chain-node.js';
import { evmChainNode } from '../src/engine/transactions/evm-chain-node.js';
import { transactionExecutor } from '../src/engine/transactions/executor.js';
import { createSigner } from '../src/engine/transactions/signer.js';
import type { ChainFigure } from './chains.js';

const MASTER_KEY = '00'.repeat(32);
const perSecond = (count: number, ms: number) => (count * 1000) / ms;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
type Db = Awaited<ReturnType<typeof openDatabase>>['db'];

/** `perSender` transfers from each sender through the executor, created at once, stepped until all CONFIRMED. */
async function throughExecutor(
  db: Db,
  node: AnyChainNode,
  custody: Awaited<ReturnType<typeof checkCustody>>,
  senders: string[],
  perSender: number,
  produceBlock: () => Promise<void>,
): Promise<number> {
  const executor = transactionExecutor({
    db,
    node,
    signer: createSigner({ db, masterKey: MASTER_KEY }),
    confirmations: 1,
  });
  const requests = await Promise.all(Array.from({ length: senders.length * perSender }, () => custody.newRequest()));
  const start = performance.now();
  const rows = await Promise.all(
    requests.map((requestId, i) =>
      executor.create({
        organizationId: custody.organizationId,
        requestId,
        purpose: 'bench',
        blockchain: 'SEPOLIA',
        fromAddress: senders[i % senders.length]!,
        toAddress: senders[0]!,
        tokenId: 'SEPOLIA.ETH',
        amount: 1n,
      }),
    ),
  );
  // Rows in the order their nonces were handed out, one step each per round, as the engine's sweep goes.
  let open = rows.sort((a, b) => (a.sequence ?? 0) - (b.sequence ?? 0)).map((row) => row.id);
  while (open.length > 0) {
    const stepped = [];
    for (const id of open) stepped.push(await executor.advance(id));
    const failed = stepped.find((row) => ['FAILED', 'DROPPED', 'REPLACED'].includes(row.status));
    if (failed) throw new Error(`A bench transfer ended ${failed.status} (${failed.failureCode})`);
    open = stepped.filter((row) => row.status !== 'CONFIRMED').map((row) => row.id);
    if (open.length > 0) await produceBlock();
  }
  return perSecond(rows.length, performance.now() - start);
}

async function withDatabase<T>(run: (db: Db) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'vaultline-bench-chains-'));
  const database = await openDatabase({ dataDir: join(dir, 'pglite') });
  try {
    await runMigrations(database);
    return await run(database.db);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function anvilExecutorFigures(transfers: number): Promise<ChainFigure[]> {
  const node = await startAnvil();
  try {
    return await withDatabase(async (db) => {
      const custody = await checkCustody(db, MASTER_KEY);
      const senders = (await custody.walletsOf('SEPOLIA', 10)).map((wallet) => wallet.address);
      for (const s of senders) await node.rpc.call('anvil_setBalance', [s, '0x56BC75E2D63100000']);
      const accounts = await node.rpc.call<string[]>('eth_accounts');
      const byNode = async (from: string[], perSender: number) => {
        const start = performance.now();
        // One account's sends one after another (anvil numbers them as they come), accounts side by side.
        const hashes = await Promise.all(
          from.map(async (account) => {
            const sent: string[] = [];
            for (let i = 0; i < perSender; i++) {
              const tx = { from: account, to: from[0], value: '0x1', gas: '0x5208' };
              sent.push(await node.rpc.call<string>('eth_sendTransaction', [tx]));
            }
            return sent;
          }),
        );
        for (const hash of hashes.flat()) {
          while ((await node.rpc.transactionStatus(hash)).state !== 'confirmed') await sleep(10);
        }
        return perSecond(hashes.flat().length, performance.now() - start);
      };
      const mine = async () => {};
      const perTen = Math.max(1, Math.floor(transfers / 10));
      const baselineName = 'anvil signing itself (eth_sendTransaction)';
      return [
        {
          name: 'executor on anvil: from one address',
          unit: 'confirmed/s',
          value: await throughExecutor(db, evmChainNode(node.rpc), custody, senders.slice(0, 1), transfers, mine),
          baseline: await byNode(accounts.slice(0, 1), transfers),
          baselineName,
        },
        {
          name: 'executor on anvil: from 10 addresses',
          unit: 'confirmed/s',
          value: await throughExecutor(db, evmChainNode(node.rpc), custody, senders, perTen, mine),
          baseline: await byNode(accounts.slice(0, 10), perTen),
          baselineName,
        },
      ];
    });
  } finally {
    await node.stop();
  }
}

async function devnetExecutorFigures(transfers: number): Promise<ChainFigure[]> {
  return withDatabase(async (db) => {
    const clock = () => new Date();
    const store = dbLedgerStore(db, { now: clock });
    const chain = new DevnetAdapter('SEPOLIA', store, { now: clock });
    const custody = await checkCustody(db, MASTER_KEY);
    const senders = (await custody.walletsOf('SEPOLIA', 10)).map((wallet) => wallet.address);
    for (const s of senders)
      await faucetPay(chain, store, { toAddress: s, tokenId: 'SEPOLIA.ETH', amount: 10n ** 18n });
    await chain.produceBlock();
    const produceBlock = async () => {
      await chain.produceBlock();
    };
    // The devnet's own pace: the faucet signs and the devnet verifies and admits, then one block seals them all.
    const byFaucet = async (count: number) => {
      const start = performance.now();
      for (let i = 0; i < count; i++) {
        await faucetPay(chain, store, { toAddress: senders[0]!, tokenId: 'SEPOLIA.ETH', amount: 1n });
      }
      await chain.produceBlock();
      return perSecond(count, performance.now() - start);
    };
    const perTen = Math.max(1, Math.floor(transfers / 10));
    const node = devnetChainNode(db, 'SEPOLIA', clock);
    const baselineName = 'devnet faucet payments (signed and admitted, no executor)';
    return [
      {
        name: 'executor on the devnet: from one address',
        unit: 'confirmed/s',
        value: await throughExecutor(db, node, custody, senders.slice(0, 1), transfers, produceBlock),
        baseline: await byFaucet(transfers),
        baselineName,
      },
      {
        name: 'executor on the devnet: from 10 addresses',
        unit: 'confirmed/s',
        value: await throughExecutor(db, node, custody, senders, perTen, produceBlock),
        baseline: await byFaucet(perTen * 10),
        baselineName,
      },
    ];
  });
}

export async function executorFigures(transfers: number): Promise<ChainFigure[]> {
  return [...(await anvilExecutorFigures(transfers)), ...(await devnetExecutorFigures(transfers))];
}
