import { randomUUID } from 'node:crypto';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { accounts, loginIps, organizations, passwordHistory } from '../db/schema/index.js';
import { OTP_CONTEXT } from '../modules/auth/otp.service.js';
import { encryptAtRest, sha256 } from '../security/at-rest.js';
import { hashPassword } from '../security/passwords.js';
import { generateTotpSecret, totpCodeAt } from '../security/totp.js';
import type { TestClock } from './app.js';

export interface TestMember {
  id: string;
  organizationId: string;
  email: string;
  password: string;
  otpSecret: string | null;
}

/** An organization of its own, so tests never see each other's rows. */
export async function createOrganization(db: Db, name = `Org ${randomUUID().slice(0, 8)}`) {
  const [org] = await db.insert(organizations).values({ name }).returning();
  return org!;
}

/**
 * A signed-up member as the product would have made one: argon2id password, optionally a registered
 * authenticator and verified IPs.
 */
export async function createMember(
  db: Db,
  config: Config,
  opts: {
    organizationId?: string;
    email?: string;
    password?: string;
    otp?: boolean;
    verifiedIps?: string[];
    passwordChangedAt?: Date;
    kind?: 'MEMBER' | 'OPERATOR';
    operatorRole?: string;
  } = {},
): Promise<TestMember> {
  const kind = opts.kind ?? 'MEMBER';
  const organizationId =
    kind === 'MEMBER' ? (opts.organizationId ?? (await createOrganization(db)).id) : (null as unknown as string);
  // A digit in every address: an email used as a password then meets the character rules and is refused as 15.
  const email = opts.email ?? `member-${randomUUID().slice(0, 8)}-7@example.com`;
  const password = opts.password ?? 'Correct-horse-9!';
  const otpSecret = opts.otp === false ? null : generateTotpSecret();
  const hash = await hashPassword(password);
  const changedAt = opts.passwordChangedAt ?? new Date();
  const [row] = await db
    .insert(accounts)
    .values({
      kind,
      organizationId: kind === 'MEMBER' ? organizationId : null,
      email,
      firstName: 'Test',
      lastName: 'Member',
      userName: 'Test Member',
      status: 'ACTIVE',
      operatorRole: kind === 'OPERATOR' ? (opts.operatorRole ?? 'ADMINISTRATOR') : null,
      passphraseHash: hash,
      passphraseChangedAt: changedAt,
      otpSecretEnc: otpSecret ? encryptAtRest(otpSecret, config.masterKey, OTP_CONTEXT) : null,
      otpRegisteredAt: otpSecret ? changedAt : null,
    })
    .returning();
  await db.insert(passwordHistory).values({ accountId: row!.id, passphraseHash: hash, createdAt: changedAt });
  for (const ip of opts.verifiedIps ?? ['127.0.0.1']) {
    await db.insert(loginIps).values({
      accountId: row!.id,
      ip,
      codeHash: sha256(randomUUID()),
      status: 'VERIFIED',
      expiresAt: changedAt,
      verifiedAt: changedAt,
    });
  }
  return { id: row!.id, organizationId, email, password, otpSecret };
}

/** The member's current code, by the app's clock. */
export function otpNow(member: TestMember, clock: TestClock, offsetSteps = 0): string {
  return totpCodeAt(member.otpSecret!, new Date(clock.now().getTime() + offsetSteps * 30_000));
}

/** A member signed in through the real sign-in calls, with their browser. */
export async function signIn(
  t: { app: import('fastify').FastifyInstance; clock: TestClock },
  member: TestMember,
  ip = '127.0.0.1',
) {
  const { TestBrowser } = await import('./browser.js');
  const browser = new TestBrowser(t.app, ip);
  t.clock.advance(30_000); // a fresh authenticator step: codes are single-use
  const res = await browser.login(member.email, member.password, otpNow(member, t.clock));
  if (res.json().result !== 'SUCCESS') throw new Error(`sign-in failed: ${res.body}`);
  browser.codeSource = () => {
    t.clock.advance(30_000); // codes are single-use: each one from a new time step
    return otpNow(member, t.clock);
  };
  return browser;
}

/** Gives a member own organization permissions, as the permission dialog would. */
export async function grant(db: Db, accountId: string, permissions: string[]) {
  const { memberPermissions } = await import('../db/schema/index.js');
  if (permissions.length > 0)
    await db.insert(memberPermissions).values(permissions.map((permission) => ({ accountId, permission })));
}
