import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomToken } from '../../security/at-rest.js';

/**
 * The secret the `npm run devnet` CLI presents to the running server: kept in the data folder beside the
 * embedded database (never in the repository), readable only by the user who runs both.
 */
export const devnetTokenFile = (dataDir: string) => join(dataDir, 'devnet-token');

export function ensureDevnetToken(dataDir: string): string {
  const existing = readDevnetToken(dataDir);
  if (existing) return existing;
  const token = randomToken(32);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(devnetTokenFile(dataDir), `${token}\n`, { mode: 0o600 });
  return token;
}

export function readDevnetToken(dataDir: string): string | null {
  const file = devnetTokenFile(dataDir);
  if (!existsSync(file)) return null;
  const token = readFileSync(file, 'utf8').trim();
  return token.length >= 32 ? token : null;
}
