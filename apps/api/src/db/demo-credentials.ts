import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decryptAtRest, encryptAtRest } from '../security/at-rest.js';

export interface DemoAccount {
  email: string;
  password: string;
  /** Base32 TOTP secret: add it to an authenticator app, or `npm run otp` prints the current code. */
  otpSecret: string;
}

/** The demo owner's sign-in at the top level, and the two provider operators. */
export interface DemoCredentials extends DemoAccount {
  operators: (DemoAccount & { role: string })[];
  /** A member whose password has expired, to walk the 3-step change. */
  expiredPasswordMember?: DemoAccount;
}

const CONTEXT = 'demo-credentials';
const sealedFile = (dataDir: string) => join(dataDir, 'demo-credentials.sealed');
/** Where earlier versions kept them in clear; read once, sealed and removed. */
const clearFile = (dataDir: string) => join(dataDir, 'demo-credentials.json');

/**
 * Kept beside the embedded database (never in the repository) so every development start can print them again;
 * sealed with MASTER_KEY (AES-256-GCM) like every other secret at rest, never written in clear.
 */
export function writeDemoCredentials(dataDir: string, masterKey: string, credentials: DemoCredentials): void {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(sealedFile(dataDir), encryptAtRest(JSON.stringify(credentials), masterKey, CONTEXT), { mode: 0o600 });
}

export function readDemoCredentials(dataDir: string, masterKey: string): DemoCredentials | null {
  try {
    if (existsSync(sealedFile(dataDir))) {
      return JSON.parse(decryptAtRest(readFileSync(sealedFile(dataDir), 'utf8').trim(), masterKey, CONTEXT));
    }
    if (existsSync(clearFile(dataDir))) {
      const credentials = JSON.parse(readFileSync(clearFile(dataDir), 'utf8')) as DemoCredentials;
      writeDemoCredentials(dataDir, masterKey, credentials);
      rmSync(clearFile(dataDir));
      return credentials;
    }
  } catch {
    // Sealed under another MASTER_KEY, or damaged: there is nothing to show.
  }
  return null;
}
