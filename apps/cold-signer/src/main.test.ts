import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildEvmTransfer, deriveAccount, mnemonicToSeed } from '@vaultline/chains';
import {
  acceptColdSignature,
  coldSignRequest,
  QrPartCollector,
  readColdAccount,
  toQrParts,
} from '@vaultline/chains/cold';
import { parseTransaction } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';

/** The signer as an operator runs it: its own process, QR frames as text lines in and out. */
const main = join(dirname(fileURLToPath(import.meta.url)), 'main.ts');
const dir = mkdtempSync(join(tmpdir(), 'cold-signer-'));
const seedFile = join(dir, 'seed.txt');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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
