import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

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

const fileOf = (dataDir: string) => join(dataDir, 'demo-credentials.json');

/** Kept beside the embedded database (never in the repository) so every start can print them again. */
export function writeDemoCredentials(dataDir: string, credentials: DemoCredentials): void {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(fileOf(dataDir), `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
}

export function readDemoCredentials(dataDir: string): DemoCredentials | null {
  const file = fileOf(dataDir);
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as DemoCredentials;
  } catch {
    return null;
  }
}
