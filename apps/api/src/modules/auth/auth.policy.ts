import { type ErrorCode, LIMITS, type PasswordRequirement, passwordRules } from '@vaultline/contracts';

const DAY_MS = 86_400_000;

/** When a password set at `changedAt` expires; null when expiry is off (0 days) or no password is set. */
export function passwordExpiresAt(changedAt: Date | null, expiryDays: number): Date | null {
  if (!changedAt || expiryDays <= 0) return null;
  return new Date(changedAt.getTime() + expiryDays * DAY_MS);
}

export function isPasswordExpired(changedAt: Date | null, expiryDays: number, now: Date): boolean {
  const at = passwordExpiresAt(changedAt, expiryDays);
  return at !== null && at.getTime() <= now.getTime();
}

/** After one more wrong password: locked at the fifth, otherwise how many tries remain. */
export function afterWrongPassword(failedBefore: number): { failed: number; locked: boolean; remaining: number } {
  const failed = failedBefore + 1;
  const remaining = Math.max(0, LIMITS.MAX_WRONG_PASSWORDS - failed);
  return { failed, locked: remaining === 0, remaining };
}

export interface SessionFacts {
  revokedReason: 'LOGOUT' | 'REPLACED' | 'PASSWORD_CHANGED' | null;
  tokenId: string;
  lastSeenAt: Date;
  expiresAt: Date;
}

/**
 * Whether a presented token still opens its session, else the code that says why not: another browser took
 * over (4028), inactivity (19), or ended, expired or superseded (4001).
 */
export function sessionVerdict(
  session: SessionFacts | undefined,
  presentedTokenId: string,
  now: Date,
  timeoutSeconds: number,
): 'valid' | ErrorCode {
  if (!session) return '4001';
  if (session.revokedReason === 'REPLACED') return '4028';
  if (session.revokedReason) return '4001';
  if (session.tokenId !== presentedTokenId) return '4001';
  if (session.lastSeenAt.getTime() + timeoutSeconds * 1000 <= now.getTime()) return '19';
  if (session.expiresAt.getTime() <= now.getTime()) return '4001';
  return 'valid';
}

export type NewPasswordProblem =
  | { code: '14'; missing: PasswordRequirement[] }
  | { code: '15' }
  | { code: '16' }
  | { code: '4035' };

/**
 * The section 5 rules for a new password, in the order a person fixes them: what is missing, then the email,
 * then the current password, then the recent ones. `sameAsCurrent` and `inRecent` come from hash checks.
 */
export function newPasswordProblem(
  password: string,
  facts: { email: string; sameAsCurrent: boolean; inRecent: boolean },
): NewPasswordProblem | null {
  const result = passwordRules(password, { email: facts.email });
  if (Array.isArray(result) && result.length > 0) return { code: '14', missing: result };
  if (result === 'equals-email') return { code: '15' };
  if (facts.sameAsCurrent) return { code: '16' };
  if (facts.inRecent) return { code: '4035' };
  return null;
}
