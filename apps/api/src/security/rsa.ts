import {
  constants,
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  privateDecrypt,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Config } from '../config.js';
import { decryptAtRest, encryptAtRest } from './at-rest.js';

const SEALED_CONTEXT = 'rsa-private-key';

/** The server's RSA key pair: browsers encrypt passwords and codes with the public half (RSA-OAEP, SHA-256). */
export interface RsaKeyring {
  keyId: string;
  publicKeyPem: string;
  /** The plaintext, or null when the value is not a ciphertext of this key. */
  decrypt(base64: string): string | null;
}

function keyring(privateKey: KeyObject): RsaKeyring {
  const publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  return {
    keyId: createHash('sha256').update(publicKeyPem).digest('hex').slice(0, 16),
    publicKeyPem,
    decrypt(base64) {
      try {
        return privateDecrypt(
          { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          Buffer.from(base64, 'base64'),
        ).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

let ephemeral: KeyObject | undefined;

/**
 * The configured key (required in production); outside production one is generated once and kept in the data
 * folder, sealed with MASTER_KEY (never in clear), so open pages keep working across restarts. Tests pass
 * `persist: false` and share one per process.
 */
export function loadRsaKeyring(config: Config, opts: { persist?: boolean } = {}): RsaKeyring {
  if (config.rsaPrivateKey) return keyring(createPrivateKey(config.rsaPrivateKey));
  if (config.production) throw new Error('RSA_PRIVATE_KEY must be set in production');
  if (opts.persist === false) {
    ephemeral ??= generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    return keyring(ephemeral);
  }
  const sealed = join(config.dataDir, 'keys', 'rsa-private.sealed');
  const clear = join(config.dataDir, 'keys', 'rsa-private.pem');
  const save = (pem: string) => {
    mkdirSync(dirname(sealed), { recursive: true, mode: 0o700 });
    writeFileSync(sealed, encryptAtRest(pem, config.masterKey, SEALED_CONTEXT), { mode: 0o600 });
  };
  if (existsSync(sealed)) {
    try {
      return keyring(createPrivateKey(decryptAtRest(readFileSync(sealed, 'utf8'), config.masterKey, SEALED_CONTEXT)));
    } catch {
      // Sealed under another MASTER_KEY: a new key; pages opened before simply ask again.
    }
  }
  // A key an earlier version kept in clear is sealed once and the clear copy removed.
  const pem = existsSync(clear)
    ? readFileSync(clear, 'utf8')
    : (generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
        type: 'pkcs8',
        format: 'pem',
      }) as string);
  save(pem);
  rmSync(clear, { force: true });
  return keyring(createPrivateKey(pem));
}
