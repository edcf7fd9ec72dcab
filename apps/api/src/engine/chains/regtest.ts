// Test harness: a real litecoind -regtest node (Litecoin Core 0.21, a Bitcoin Core 0.21 fork) in a temporary
// datadir on free ports, stopped and removed afterwards. Litecoin stands in for Bitcoin because Debian packages
// it; P2WPKH, BIP-143 signing and the mempool rules the tests exercise are the same.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BtcNetwork } from '@vaultline/chains';
import { freePort, sleep } from './anvil.js';
import { BtcRpc } from './btc-rpc.js';

/** Litecoin regtest addresses: bech32 `rltc`, base58 versions as on Litecoin testnet. */
export const LITECOIN_REGTEST: BtcNetwork = { bech32: 'rltc', pubKeyHash: 0x6f, scriptHash: 0x3a, wif: 0xef };

export interface RegtestNode {
  rpc: BtcRpc;
  /** The RPC endpoint with its credentials, as a `CHAIN_RPC_*` variable names a node. */
  url: string;
  datadir: string;
  stop(): Promise<void>;
}

/** Whether litecoind is on the PATH (CI installs Debian's package; so can a developer). */
export function hasLitecoind(): boolean {
  try {
    execFileSync('litecoind', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export async function startRegtest(): Promise<RegtestNode> {
  const datadir = mkdtempSync(join(tmpdir(), 'vaultline-regtest-'));
  const [port, rpcport] = [await freePort(), await freePort()];
  const user = 'vaultline';
  const password = randomBytes(16).toString('hex');
  const child: ChildProcess = spawn(
    'litecoind',
    [
      '-regtest',
      `-datadir=${datadir}`,
      `-port=${port}`,
      `-rpcport=${rpcport}`,
      '-rpcbind=127.0.0.1',
      '-rpcallowip=127.0.0.1',
      `-rpcuser=${user}`,
      `-rpcpassword=${password}`,
      '-server=1',
      '-listen=0', // no peers: the node is the whole network
      '-txindex=1', // getrawtransaction on confirmed transactions that are no wallet's
      '-fallbackfee=0.0001',
      '-disablewallet', // the product signs; the node only validates and relays
      '-printtoconsole=0',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const rpc = new BtcRpc({ url: `http://127.0.0.1:${rpcport}`, user, password, timeoutMs: 60_000 });

  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const stop = async () => {
    if (!exited()) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      await rpc.call('stop').catch(() => child.kill('SIGTERM'));
      const timedOut = await Promise.race([gone.then(() => false), sleep(15_000).then(() => true)]);
      if (timedOut) {
        child.kill('SIGKILL');
        await gone;
      }
    }
    rmSync(datadir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited()) {
      rmSync(datadir, { recursive: true, force: true });
      throw new Error(`litecoind exited with ${child.exitCode}: ${stderr}`);
    }
    try {
      await rpc.blockCount(); // answers once warm-up (-28 "Loading…") is over
      return { rpc, url: `http://${user}:${password}@127.0.0.1:${rpcport}`, datadir, stop };
    } catch (error) {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`litecoind did not answer: ${String(error)} ${stderr}`);
      }
      await sleep(200);
    }
  }
}
