import { AppError } from '../../http/app-error.js';
import type { RsaKeyring } from '../../security/rsa.js';

/** Longest password accepted: bounded so hashing cost cannot be driven up by huge inputs. */
const MAX_SECRET_LENGTH = 128;

/**
 * Opens one RSA-encrypted field of a request. A value that is not a ciphertext of the current key answers
 * 4000 with the field named, so the page can fetch the key again and retry.
 */
export function openSecret(keyring: RsaKeyring, field: string, base64: string): string {
  const plain = keyring.decrypt(base64);
  if (plain === null || plain.length === 0 || plain.length > MAX_SECRET_LENGTH) {
    throw new AppError('4000', {
      reason: 'validation',
      issues: [{ path: `body.${field}`, key: 'validation.encrypted.invalid', keyId: keyring.keyId }],
    });
  }
  return plain;
}

/** A one-time code must be six digits once decrypted; anything else is a wrong code. */
export function openOtp(keyring: RsaKeyring, field: string, base64: string): string {
  const code = openSecret(keyring, field, base64);
  if (!/^[0-9]{6}$/.test(code)) throw new AppError('4004');
  return code;
}
