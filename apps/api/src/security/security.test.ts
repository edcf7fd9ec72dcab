import { constants, publicEncrypt } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { decryptAtRest, encryptAtRest } from './at-rest.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { loadRsaKeyring } from './rsa.js';
import { checkTotp, generateTotpSecret, totpCodeAt } from './totp.js';

const KEY = 'ab'.repeat(32);

describe('secrets at rest', () => {
  it('round-trips with AES-256-GCM and refuses another context or a changed byte', () => {
    const sealed = encryptAtRest('JBSWY3DPEHPK3PXP', KEY, 'account.otp_secret');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(decryptAtRest(sealed, KEY, 'account.otp_secret')).toBe('JBSWY3DPEHPK3PXP');
    expect(() => decryptAtRest(sealed, KEY, 'wallet.seed')).toThrow();
    // One bit of the ciphertext flipped. (Rewriting the last base64 characters could land on padding bits the
    // decoder ignores, or on the same text, and then nothing would have changed.)
    const parts = sealed.split('.');
    const data = Buffer.from(parts[3]!, 'base64url');
    data[0] = data[0]! ^ 1;
    const tampered = [...parts.slice(0, 3), data.toString('base64url')].join('.');
    expect(() => decryptAtRest(tampered, KEY, 'account.otp_secret')).toThrow();
    expect(() => decryptAtRest(sealed, 'cd'.repeat(32), 'account.otp_secret')).toThrow();
  });
});

describe('passwords', () => {
  it('hashes with argon2id at 19 MiB and two passes', async () => {
    const hash = await hashPassword('Correct-horse-9!');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'Correct-horse-9!')).toBe(true);
    expect(await verifyPassword(hash, 'correct-horse-9!')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
  });
});

describe('TOTP (RFC 6238)', () => {
  // RFC 6238 appendix B: SHA-1 secret "12345678901234567890" (base32 GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ).
  const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

  it('matches the published vectors (6-digit truncation)', () => {
    expect(totpCodeAt(RFC_SECRET, new Date(59_000))).toBe('287082');
    expect(totpCodeAt(RFC_SECRET, new Date(1_111_111_109_000))).toBe('081804');
    expect(totpCodeAt(RFC_SECRET, new Date(2_000_000_000_000))).toBe('279037');
  });

  it('accepts one step of drift, refuses two, and refuses a replay with the seconds to wait', () => {
    const secret = generateTotpSecret();
    const now = new Date('2026-11-22T10:00:10Z');
    const step = Math.floor(now.getTime() / 30_000);
    const prev = totpCodeAt(secret, new Date(now.getTime() - 30_000));
    const old = totpCodeAt(secret, new Date(now.getTime() - 60_000));
    expect(checkTotp(secret, prev, null, now)).toEqual({ ok: true, step: step - 1 });
    const current = totpCodeAt(secret, now);
    const oldCheck = checkTotp(secret, old, null, now);
    if (old !== current && old !== prev) expect(oldCheck).toEqual({ ok: false, reason: 'wrong' });
    expect(checkTotp(secret, current, step, now)).toEqual({ ok: false, reason: 'used', retryInSeconds: 20 });
    expect(checkTotp(secret, prev, step - 1, now)).toMatchObject({ ok: false, reason: 'used' });
    expect(checkTotp(secret, current, step - 1, now)).toEqual({ ok: true, step });
  });
});

describe('RSA keyring', () => {
  it('opens RSA-OAEP-SHA256 ciphertexts of its key and nothing else', () => {
    const keyring = loadRsaKeyring(loadConfig({}), { persist: false });
    const enc = (padding: number, oaepHash?: string) =>
      publicEncrypt(
        { key: keyring.publicKeyPem, padding, ...(oaepHash ? { oaepHash } : {}) },
        Buffer.from('s3cret!'),
      ).toString('base64');
    expect(keyring.decrypt(enc(constants.RSA_PKCS1_OAEP_PADDING, 'sha256'))).toBe('s3cret!');
    expect(keyring.decrypt(enc(constants.RSA_PKCS1_OAEP_PADDING, 'sha1'))).toBeNull();
    expect(keyring.decrypt('bm90IGEgY2lwaGVydGV4dA==')).toBeNull();
  });

  it('keeps a generated key in the data folder sealed, never in clear, and reads it back', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vaultline-rsa-'));
    try {
      const config = loadConfig({ DATA_DIR: dataDir });
      const first = loadRsaKeyring(config);
      const files = readdirSync(join(dataDir, 'keys'));
      expect(files).toEqual(['rsa-private.sealed']);
      expect(readFileSync(join(dataDir, 'keys', files[0]!), 'utf8')).not.toContain('PRIVATE KEY');
      expect(loadRsaKeyring(config).publicKeyPem).toBe(first.publicKeyPem);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
