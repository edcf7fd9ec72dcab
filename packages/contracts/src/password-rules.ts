import { LIMITS } from './constants.js';
import { PASSWORD_REQUIREMENTS, type PasswordRequirement } from './error-messages.js';

/*
 * The password rules of section 5 without a schema: the checklist beside a new password draws from these before
 * zod's core arrives. validation.ts re-exports them and builds the password schema on them.
 */

export interface PasswordContext {
  /** The account email; the password must differ from it (case-insensitively). */
  email?: string | undefined;
  /** The current password; a new password must differ from it. */
  current?: string | undefined;
}

/** What a password lacks: the missing requirements (all at once), or an equality that is refused. */
export type PasswordRulesResult = PasswordRequirement[] | 'equals-email' | 'equals-current';

const PASSWORD_TESTS: Record<PasswordRequirement, (pw: string) => boolean> = {
  length: (pw) => [...pw].length >= LIMITS.PASSWORD_MIN,
  letter: (pw) => /[A-Za-z]/.test(pw),
  digit: (pw) => /[0-9]/.test(pw),
  // ASCII punctuation and symbols: ! " # $ % & ' ( ) * + , - . / : ; < = > ? @ [ \ ] ^ _ ` { | } ~
  special: (pw) => /[!-/:-@[-`{-~]/.test(pw),
};

/**
 * Checks a password against the rules of section 5. An empty array means it passes. Missing
 * requirements are reported first; then equality with the email, then with the current password.
 * (A recently used password can only be refused by the server: error 4035.)
 */
export function passwordRules(password: string, context: PasswordContext = {}): PasswordRulesResult {
  const missing = PASSWORD_REQUIREMENTS.filter((r) => !PASSWORD_TESTS[r](password));
  if (missing.length > 0) return missing;
  if (context.email && password.trim().toLowerCase() === context.email.trim().toLowerCase()) return 'equals-email';
  if (context.current && password === context.current) return 'equals-current';
  return [];
}

export function isPasswordValid(password: string, context: PasswordContext = {}): boolean {
  const result = passwordRules(password, context);
  return Array.isArray(result) && result.length === 0;
}
