// The chain scenario of `npm run bench`: what signing costs per family, and how many transfers are signed,
// broadcast and confirmed per second on a real anvil node, bare and through the product's executor (there and on
// the embedded devnet), each as a ratio to a baseline measured in the same run (a bare curve signature; anvil
// signing the same transfers itself with its unlocked accounts; the devnet's faucet paying the same transfers).

import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import {
  btcNetworkOf,
  buildBtcTransfer,
  buildEosTransfer,
  buildEvmTransfer,
  buildSolTransfer,
  deriveSigningKey,
  mnemonicToSeed,
  p2wpkhAddress,
  publicKeyToEvmAddress,
  type SignedTransfer,
  signBtcTransfer,
  signEosTransfer,
  signEvmTransfer,
  signSolTransfer,
  solanaAddressFromPublicKey,
  type UnsignedTransfer,
} from '@vaultline/chains';
import { ANVIL_CHAIN_ID, startAnvil } from '../src/engine/chains/anvil.js';
import type { EvmRpc } from '../src/engine/chains/evm-rpc.js';
import { executorFigures } from './chains-executor.js';

export interface ChainFigure {
  name: string;
  unit: string;
  value: number;
  baseline: number;
  baselineName: string;
}

const SEED = mnemonicToSeed(
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
);
const perSecond = (count: number, ms: number) => (count * 1000) / ms;

/** Operations per second of `op`, run `count` times after a short warm-up. */
async function rate(count: number, op: (i: number) => unknown | Promise<unknown>): Promise<number> {
  for (let i = 0; i < Math.min(20, count); i++) await op(i);
  const start = performance.now();
  for (let i = 0; i < count; i++) await op(i);
  return perSecond(count, performance.now() - start);
}

/** Build once, then sign (with the signer's own verification) `count` times: what one signature costs the engine. */
async function signingFigures(count: number): Promise<ChainFigure[]> {
  const btcKey = deriveSigningKey(SEED, 'BITCOIN', 0);
  const evmKey = deriveSigningKey(SEED, 'ETHEREUM', 0);
  const solKey = deriveSigningKey(SEED, 'SOLANA', 0);
  const eosKey = deriveSigningKey(SEED, 'BIZAUTO', 0);
  const btcFrom = p2wpkhAddress(btcKey.publicKey, btcNetworkOf('BITCOIN'));
  const evmFrom = publicKeyToEvmAddress(evmKey.publicKey);
  const solFrom = solanaAddressFromPublicKey(solKey.publicKey);
  const chainId = 'aa'.repeat(32);
  const cases: [
    string,
    UnsignedTransfer,
    (u: UnsignedTransfer) => SignedTransfer | Promise<SignedTransfer>,
    'k1' | 'ed',
  ][] = [
    [
      'bitcoin-type (1 input, P2WPKH)',
      buildBtcTransfer({
        blockchain: 'BITCOIN',
        fromAddress: btcFrom,
        fromPublicKey: btcKey.publicKey,
        toAddress: btcFrom,
        amount: 50_000n,
        utxos: [{ txid: 'ab'.repeat(32), vout: 0, value: 1_000_000n }],
        feeRate: 10n,
      }),
      (u) => signBtcTransfer(u, btcKey.privateKey),
      'k1',
    ],
    [
      'EVM (EIP-1559)',
      buildEvmTransfer({
        blockchain: 'ETHEREUM',
        fromAddress: evmFrom,
        toAddress: evmFrom,
        token: { kind: 'native' },
        amount: 1n,
        nonce: 0,
        maxFeePerGas: 2_000_000_000n,
        maxPriorityFeePerGas: 1_000_000_000n,
        gasLimit: 21_000n,
      }),
      (u) => signEvmTransfer(u as Parameters<typeof signEvmTransfer>[0], evmKey.privateKey),
      'k1',
    ],
    [
      'Solana (system transfer)',
      await buildSolTransfer({
        blockchain: 'SOLANA',
        fromAddress: solFrom,
        toAddress: solFrom,
        token: { kind: 'native' },
        amount: 1n,
        recentBlockhash: solFrom,
        lastValidBlockHeight: 100n,
      }),
      (u) => signSolTransfer(u, solKey.privateKey),
      'ed',
    ],
    [
      'EOS-type (eosio.token transfer)',
      buildEosTransfer({
        blockchain: 'BIZAUTO',
        chainId,
        fromAccount: 'vaultlinea11',
        toAccount: 'vaultlineb22',
        token: { symbol: 'EOS', precision: 4 },
        amount: 10_000n,
        memo: 'bench',
        referenceBlock: { blockNum: 1000, blockId: `000003e8${'cd'.repeat(28)}` },
        expiration: new Date('2030-01-01T00:00:00Z'),
      }),
      (u) => signEosTransfer(u, eosKey.privateKey, chainId),
      'k1',
    ],
  ];
  const digest = sha256(new Uint8Array([1, 2, 3]));
  const bareK1 = await rate(count, () => secp256k1.sign(digest, btcKey.privateKey, { prehash: false }));
  const bareEd = await rate(count, () => ed25519.sign(digest, solKey.privateKey));
  const figures: ChainFigure[] = [];
  for (const [name, unsigned, sign, curve] of cases) {
    figures.push({
      name: `sign + verify: ${name}`,
      unit: 'signatures/s',
      value: await rate(count, () => sign(unsigned)),
      baseline: curve === 'k1' ? bareK1 : bareEd,
      baselineName: curve === 'k1' ? 'bare secp256k1 signature' : 'bare ed25519 signature',
    });
  }
  return figures;
}

/** Sends `perSender` transfers from each sender (consecutive nonces), then waits until every one is mined. */
async function sendSigned(rpc: EvmRpc, senders: { address: string; privateKey: Uint8Array }[], perSender: number) {
  const fees = await rpc.suggestFees();
  const start = performance.now();
  const hashes = await Promise.all(
    senders.map(async (sender) => {
      const first = await rpc.pendingNonce(sender.address);
      const sent: string[] = [];
      for (let i = 0; i < perSender; i++) {
        const unsigned = buildEvmTransfer({
          blockchain: 'ETHEREUM',
          chainId: ANVIL_CHAIN_ID,
          fromAddress: sender.address,
          toAddress: senders[0]!.address,
          token: { kind: 'native' },
          amount: 1n,
          nonce: first + i,
          ...fees,
          gasLimit: 21_000n,
        });
        const signed = await signEvmTransfer(unsigned as Parameters<typeof signEvmTransfer>[0], sender.privateKey);
        sent.push(await rpc.sendRawTransaction(signed.raw));
      }
      return sent;
    }),
  );
  await waitMined(rpc, hashes.flat());
  return perSecond(senders.length * perSender, performance.now() - start);
}

/** The same transfers signed by anvil itself (eth_sendTransaction from its unlocked accounts): the node's own pace. */
async function sendByNode(rpc: EvmRpc, accounts: string[], perSender: number) {
  const start = performance.now();
  const hashes = await Promise.all(
    accounts.map(async (from) => {
      const sent: string[] = [];
      for (let i = 0; i < perSender; i++) {
        sent.push(
          await rpc.call<string>('eth_sendTransaction', [{ from, to: accounts[0], value: '0x1', gas: '0x5208' }]),
        );
      }
      return sent;
    }),
  );
  await waitMined(rpc, hashes.flat());
  return perSecond(accounts.length * perSender, performance.now() - start);
}

async function waitMined(rpc: EvmRpc, hashes: string[]) {
  for (const hash of hashes) {
    for (;;) {
      const status = await rpc.transactionStatus(hash);
      if (status.state === 'confirmed') break;
      if (status.state === 'reverted' || status.state === 'unknown') throw new Error(`${hash} ${status.state}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

async function anvilFigures(transfers: number): Promise<ChainFigure[]> {
  const node = await startAnvil();
  try {
    const accounts = await node.rpc.call<string[]>('eth_accounts');
    const senders = Array.from({ length: 10 }, (_, i) => {
      const key = deriveSigningKey(SEED, 'ETHEREUM', 0, i);
      return { address: publicKeyToEvmAddress(key.publicKey), privateKey: key.privateKey };
    });
    for (const s of senders) await node.rpc.call('anvil_setBalance', [s.address, '0x56BC75E2D63100000']);
    const figures: ChainFigure[] = [];
    const oneSigned = await sendSigned(node.rpc, senders.slice(0, 1), transfers);
    const oneNode = await sendByNode(node.rpc, accounts.slice(0, 1), transfers);
    figures.push({
      name: 'anvil: transfers from one address',
      unit: 'confirmed/s',
      value: oneSigned,
      baseline: oneNode,
      baselineName: 'anvil signing itself (eth_sendTransaction)',
    });
    const perSender = Math.max(1, Math.floor(transfers / 10));
    const manySigned = await sendSigned(node.rpc, senders, perSender);
    const manyNode = await sendByNode(node.rpc, accounts.slice(0, 10), perSender);
    figures.push({
      name: 'anvil: transfers from 10 addresses',
      unit: 'confirmed/s',
      value: manySigned,
      baseline: manyNode,
      baselineName: 'anvil signing itself (eth_sendTransaction)',
    });
    return figures;
  } finally {
    await node.stop();
  }
}

export async function runChainBench(log: (line: string) => void, { quick = false } = {}): Promise<ChainFigure[]> {
  const figures = [
    ...(await signingFigures(quick ? 50 : 500)),
    ...(await anvilFigures(quick ? 20 : 200)),
    ...(await executorFigures(quick ? 20 : 100)),
  ];
  for (const f of figures) {
    log(
      `${f.name.padEnd(44)} ${f.value.toFixed(0).padStart(7)} ${f.unit}  | ${f.baselineName} ${f.baseline.toFixed(0)}  ratio ${(f.value / f.baseline).toFixed(2)}`,
    );
  }
  return figures;
}

/** bench/results-chains.md: the machine, the date and one row per figure with its baseline and ratio. */
export function writeChainReport(file: URL, figures: ChainFigure[]) {
  const cpu = cpus();
  const lines = [
    '# Chain bench',
    '',
    `${new Date().toISOString()} · ${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'} · Node ${process.version}`,
    '',
    '| scenario | value | baseline (same run) | ratio |',
    '|---|---|---|---|',
    ...figures.map(
      (f) =>
        `| ${f.name} | ${f.value.toFixed(0)} ${f.unit} | ${f.baselineName}: ${f.baseline.toFixed(0)} | ${(f.value / f.baseline).toFixed(2)} |`,
    ),
    '',
  ];
  writeFileSync(file, lines.join('\n'));
}
