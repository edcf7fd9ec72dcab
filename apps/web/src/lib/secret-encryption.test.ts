import { describe, expect, it } from 'vitest';
import { decryptSecret, makeTestKeyPair } from '../test/keys';
import { encryptSecret } from './secret-encryption';

describe('encryptSecret', () => {
  it('encrypts with the public key so that only the private key reads it', async () => {
    const { pem, privateKey } = await makeTestKeyPair();
    const cipher = await encryptSecret('s3cret!pass 한글', pem);
    expect(cipher).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    expect(cipher).not.toContain('s3cret');
    expect(await decryptSecret(cipher, privateKey)).toBe('s3cret!pass 한글');
  });
});
