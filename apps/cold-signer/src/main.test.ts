import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildEvmTransfer, buildSolTransfer, deriveAccount, mnemonicToSeed } from '@vaultline/chains';
import {
  acceptColdSignature,
  coldSignRequest,
  QrPartCollector,
  readColdAccount,
  toQrParts,
} from '@vaultline/chains/cold';
import { PNG } from 'pngjs';
import { parseTransaction } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFrames, writeFrames } from './frames.js';

/** The signer as an operator runs it: its own process, QR frames as text lines in and out. */
const main = join(dirname(fileURLToPath(import.meta.url)), 'main.ts');
const dir = mkdtempSync(join(tmpdir(), 'cold-signer-'));
const seedFile = join(dir, 'seed.txt');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// A white image with no code in it.
beforeAll(() =>
  writeFileSync(
    join(dir, 'blank.png'),
    PNG.sync.write(Object.assign(new PNG({ width: 64, height: 64 }), { data: Buffer.alloc(64 * 64 * 4, 255) })),
  ),
);

function signer(args: string[], input = '') {
  const run = spawnSync(process.execPath, ['--import', 'tsx', main, ...args], { input, encoding: 'utf8' });
  return { status: run.status, out: run.stdout.trim().split('\n').filter(Boolean), err: run.stderr };
}

function read(parts: string[], type: string) {
  const collector = new QrPartCollector([type]);
  for (const part of parts) if (!collector.complete) collector.receive(part);
  return collector.finish();
}

describe('npm run cold-signer', () => {
  it('makes a seed only in its own file, and never overwrites one', () => {
    const made = signer(['new', '--seed', seedFile]);
    expect(made.status).toBe(0);
    expect(made.out[0]).toMatch(/fingerprint is [0-9a-f]{8}/);
    expect(statSync(seedFile).mode & 0o777).toBe(0o600);
    expect(signer(['new', '--seed', seedFile]).status).toBe(1);
  });

  it('exports an account key Vaultline imports, then signs the withdrawal Vaultline asks for, which verifies', async () => {
    const exported = signer(['export', '--seed', seedFile, '--blockchain', 'ETHEREUM', '--account', '2']);
    expect(exported.status).toBe(0);
    const account = readColdAccount(read(exported.out, 'crypto-hdkey'), 'ETHEREUM');
    const seed = mnemonicToSeed(readFileSync(seedFile, 'utf8').trim());
    expect(account.address).toBe(deriveAccount({ seed, blockchain: 'ETHEREUM', accountIndex: 2 }).address);
    // Its own screen names the address, for the operator who checks the import against Vaultline's.
    expect(exported.err).toContain(`Account 2 on ETHEREUM: ${account.address}`);

    const unsigned = buildEvmTransfer({
      blockchain: 'ETHEREUM',
      fromAddress: account.address,
      toAddress: '0x000000000000000000000000000000000000dEaD',
      token: { kind: 'native' },
      amount: 10n ** 17n,
      nonce: 4,
      maxFeePerGas: 30_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
      gasLimit: 21_000n,
    });
    const target = {
      requestId: '0f8fad5b-d9cb-469f-a165-70867728950e',
      derivationPath: account.derivationPath,
      masterFingerprint: account.masterFingerprint,
      publicKey: Buffer.from(account.publicKey, 'hex'),
      address: account.address,
    };
    const request = toQrParts(coldSignRequest(unsigned, target), 40);
    expect(request.length).toBeGreaterThan(2); // animated: several frames
    const signed = signer(['sign', '--seed', seedFile], request.join('\n'));
    expect(signed.status).toBe(0);
    // What the operator checks on the signer before it signs, read from the signed bytes themselves.
    expect(signed.err).toContain(`send 100000000000000000 wei to 0x000000000000000000000000000000000000dEaD`);
    const transfer = await acceptColdSignature(unsigned, target, read(signed.out, 'eth-signature'));
    expect(parseTransaction(`0x${Buffer.from(transfer.raw).toString('hex')}` as `0x02${string}`).nonce).toBe(4);
  });

  it('reads request frames from images and answers frames as images, as a camera and a screen would', async () => {
    const exported = signer([
      'export',
      '--seed',
      seedFile,
      '--blockchain',
      'SOLANA',
      '--account',
      '1',
      '--frames-out',
      dir,
    ]);
    expect(exported.out).toEqual([join(dir, 'account-SOLANA-1-001.png')]);
    const account = readColdAccount(read(readFrames(exported.out), 'crypto-hdkey'), 'SOLANA');
    const unsigned = await buildSolTransfer({
      blockchain: 'SOLANA',
      fromAddress: account.address,
      toAddress: '11111111111111111111111111111112',
      token: { kind: 'native' },
      amount: 1_500_000n,
      recentBlockhash: 'CmpNeggWJ4JaWJeJ8YKN1Zypmk7uvQq3PECGUCAEMbky',
      lastValidBlockHeight: 1_000n,
    });
    const target = {
      requestId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      derivationPath: account.derivationPath,
      masterFingerprint: account.masterFingerprint,
      publicKey: Buffer.from(account.publicKey, 'hex'),
      address: account.address,
    };
    const requestFrames = await writeFrames(toQrParts(coldSignRequest(unsigned, target), 60), dir, 'request');
    expect(requestFrames.length).toBeGreaterThan(2);
    const signed = signer(['sign', '--seed', seedFile, '--frames-out', dir, ...requestFrames]);
    expect(signed.status).toBe(0);
    const transfer = await acceptColdSignature(unsigned, target, read(readFrames(signed.out), 'sol-signature'));
    expect(transfer.hash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
    // An image without a code among the frames: refused as an invalid code.
    const blank = signer(['sign', '--seed', seedFile, join(dir, 'blank.png'), ...requestFrames]);
    expect(blank.err).toContain('(40000)');
  });

  it('refuses frames of two requests mixed (40002) and a sequence that stops short (40001)', () => {
    const target = (nonce: number) => ({
      unsigned: buildEvmTransfer({
        blockchain: 'ETHEREUM',
        fromAddress: '0x000000000000000000000000000000000000bEEF',
        toAddress: '0x000000000000000000000000000000000000dEaD',
        token: { kind: 'native' },
        amount: 1n,
        nonce,
        maxFeePerGas: 1n,
        maxPriorityFeePerGas: 1n,
        gasLimit: 21_000n,
      }),
    });
    const meta = {
      requestId: '0f8fad5b-d9cb-469f-a165-70867728950e',
      derivationPath: "m/44'/60'/0'/0/0",
      masterFingerprint: '00000000',
      publicKey: new Uint8Array(33),
      address: '0x000000000000000000000000000000000000bEEF',
    };
    const first = toQrParts(coldSignRequest(target(1).unsigned, meta), 30);
    const second = toQrParts(coldSignRequest(target(2).unsigned, meta), 30);
    const mixed = signer(['sign', '--seed', seedFile], [first[0], second[1]].join('\n'));
    expect(mixed.status).toBe(1);
    expect(mixed.err).toContain('(40002)');
    const short = signer(['sign', '--seed', seedFile], first.slice(0, 2).join('\n'));
    expect(short.err).toContain('(40001)');
  });
});
