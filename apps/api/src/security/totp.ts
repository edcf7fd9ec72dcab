import { authenticator } from 'otplib';

export const TOTP_STEP_SECONDS = 30;
const ISSUER = 'Vaultline';

// RFC 6238: SHA-1, 6 digits, 30-second steps; one step of drift either way is accepted.
const BASE = { step: TOTP_STEP_SECONDS, digits: 6, window: 1 } as const;
/** An authenticator whose clock is `now`, so checks never depend on shared mutable options. */
const at = (now: Date) => authenticator.clone({ ...BASE, epoch: now.getTime() });

/** A new 160-bit secret from the CSPRNG, base32 as authenticator apps expect. */
export function generateTotpSecret(): string {
  return authenticator.generateSecret(20);
}

export function totpUri(secret: string, accountName: string): string {
  return authenticator.clone(BASE).keyuri(accountName, ISSUER, secret);
}

export const TOTP_ISSUER = ISSUER;

export type TotpCheck =
  | { ok: true; step: number }
  | { ok: false; reason: 'wrong' }
  | { ok: false; reason: 'used'; retryInSeconds: number };

/**
 * Checks a code against the secret at `now`; a code whose time step is not after `lastStep` was used
 * before (or is older than one that was), so it is refused with the seconds until the next step begins.
 */
export function checkTotp(secret: string, code: string, lastStep: number | null, now: Date): TotpCheck {
  const epochSeconds = Math.floor(now.getTime() / 1000);
  const currentStep = Math.floor(epochSeconds / TOTP_STEP_SECONDS);
  const delta = at(now).checkDelta(code, secret);
  if (delta === null) return { ok: false, reason: 'wrong' };
  const step = currentStep + delta;
  if (lastStep !== null && step <= lastStep) {
    const nextUsableStep = lastStep + 1;
    const retryInSeconds = Math.max(1, nextUsableStep * TOTP_STEP_SECONDS - epochSeconds);
    return { ok: false, reason: 'used', retryInSeconds };
  }
  return { ok: true, step };
}

/** The code of the current step; for tests and the development helper only. */
export function totpCodeAt(secret: string, now: Date): string {
  return at(now).generate(secret);
}
