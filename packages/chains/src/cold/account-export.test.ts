import { CryptoHDKey } from '@keystonehq/bc-ur-registry';
import { UR } from '@ngraveio/bc-ur';
import type { Blockchain } from '@vaultline/contracts';
import { describe, expect, it } from 'vitest';
import { deriveAccount } from '../index.js';
import { mnemonicToSeed } from '../seed.js';
import { coldAccountUr, readColdAccount } from './account-export.js';
import { masterFingerprintOf } from './cold-signer.js';
import { QrPartCollector, toQrParts } from './qr-parts.js';
import { keypathOf } from './sign-request.js';
import { qrRefusalCode } from './test-support.js';

const coldSeed = mnemonicToSeed('legal winner thank year wave sausage worth useful legal winner thank yellow');

function imported(ur: UR, blockchain: Blockchain) {
  const collector = new QrPartCollector(['crypto-hdkey']);
  for (const part of toQrParts(ur)) collector.receive(part);
  return readColdAccount(collector.finish(), blockchain);
}

describe('cold account import', () => {
  it.each([
    ['BITCOIN_TESTNET', 3],
    ['ETHEREUM', 0],
    ['SOLANA', 5],
    ['BIZAUTO', 2],
  ] as const)('reads a %s key of account %i and derives the address the seed itself would', (blockchain, index) => {
    const account = imported(coldAccountUr(coldSeed, blockchain, index), blockchain);
    const expected = deriveAccount({ seed: coldSeed, blockchain, accountIndex: index });
    expect(account).toEqual({
      blockchain,
      accountIndex: index,
      derivationPath: expected.path,
      masterFingerprint: masterFingerprintOf(coldSeed),
      publicKey: blockchain === 'BIZAUTO' ? account.publicKey : expected.publicKey,
      address: expected.address ?? expected.publicKey,
    });
  });

  it('refuses a key of another chain (40002), a code that is no key (40002) and a damaged one (40000)', () => {
    expect(qrRefusalCode(() => readColdAccount(coldAccountUr(coldSeed, 'ETHEREUM', 0), 'SOLANA'))).toBe('40002');
    expect(qrRefusalCode(() => readColdAccount(coldAccountUr(coldSeed, 'ETHEREUM', 0), 'BITCOIN'))).toBe('40002');
    expect(qrRefusalCode(() => readColdAccount(UR.fromBuffer(Buffer.alloc(8)), 'ETHEREUM'))).toBe('40002');
    expect(qrRefusalCode(() => readColdAccount(new UR(Buffer.from('a0', 'hex'), 'crypto-hdkey'), 'ETHEREUM'))).toBe(
      '40000',
    );
    // A key at the right path that is not on the curve.
    const offCurve = new CryptoHDKey({
      isMaster: false,
      key: Buffer.from(`02${'ff'.repeat(32)}`, 'hex'), // x beyond the field
      origin: keypathOf("m/44'/60'/0'/0/0", masterFingerprintOf(coldSeed)),
    }).toUR();
    expect(qrRefusalCode(() => readColdAccount(offCurve, 'ETHEREUM'))).toBe('40002');
  });
});
