// Test harness: a real anvil node as a child process on a free port. The binary comes from the npm package
// @foundry-rs/anvil, whose bin.mjs only wraps the platform package's binary; we resolve that binary directly so the
// child we stop is anvil itself, not a node wrapper that may leave it running.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { EvmRpc } from './evm-rpc.js';

/** Where @foundry-rs/anvil's bin.mjs finds the binary: @foundry-rs/anvil-<platform>-<amd64|arm64>/bin/anvil. */
export function anvilBinaryPath(): string {
  const arch = { x64: 'amd64', arm64: 'arm64' }[process.arch as string];
  if (!arch || !['linux', 'darwin', 'win32'].includes(process.platform)) {
    throw new Error(`anvil has no binary for ${process.platform}/${process.arch}`);
  }
  const binary = process.platform === 'win32' ? 'anvil.exe' : 'anvil';
  const path = createRequire(import.meta.url).resolve(`@foundry-rs/anvil-${process.platform}-${arch}/bin/${binary}`);
  if (!existsSync(path)) throw new Error(`anvil binary missing at ${path}`);
  return path;
}

/** A TCP port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface AnvilNode {
  url: string;
  rpc: EvmRpc;
  chainId: number;
  stop(): Promise<void>;
}

/** Chain id anvil runs with unless told otherwise. */
export const ANVIL_CHAIN_ID = 31337;

export async function startAnvil(extraArgs: string[] = []): Promise<AnvilNode> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    anvilBinaryPath(),
    ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(ANVIL_CHAIN_ID), ...extraArgs],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const rpc = new EvmRpc(url);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timedOut = await Promise.race([exited.then(() => false), sleep(5_000).then(() => true)]);
    if (timedOut) child.kill('SIGKILL');
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`anvil exited with ${child.exitCode}: ${stderr}`);
    try {
      const chainId = await rpc.chainId();
      return { url, rpc, chainId, stop };
    } catch (error) {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`anvil did not answer on ${url}: ${String(error)} ${stderr}`);
      }
      await sleep(100);
    }
  }
}
