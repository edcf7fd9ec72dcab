import { count } from 'drizzle-orm';
import type { Config } from '../config.js';
import { transaction } from '../db/client.js';
import { OTP_CONTEXT } from '../modules/auth/otp.service.js';
import { encryptAtRest, randomToken } from '../security/at-rest.js';
import { hashPassword } from '../security/passwords.js';
import { generateTotpSecret } from '../security/totp.js';
import type { Db } from './client.js';
import { type DemoAccount, type DemoCredentials, writeDemoCredentials } from './demo-credentials.js';
import { accounts, amlStatusHistory, memberPermissions, organizations, passwordHistory } from './schema/index.js';
import { type HoldingsConfig, seedDemoHoldings } from './seed-holdings.js';
import { seedDemoVasp } from './seed-vasp.js';

export const DEMO = {
  organizationName: 'Vaultline Demo',
  ownerEmail: 'owner@demo.vaultline.local',
  ownerFirstName: 'Minji',
  ownerLastName: 'Kim',
  expiredMember: { email: 'expired.password@demo.vaultline.local', firstName: 'Hana', lastName: 'Jung' },
  operators: [
    { email: 'operator.a@vaultline.local', role: 'ADMINISTRATOR', firstName: 'Jun', lastName: 'Park' },
    { email: 'operator.b@vaultline.local', role: 'MANAGER', firstName: 'Sora', lastName: 'Lee' },
    // Works the cold-signing queue (issue 18).
    { email: 'operator.c@vaultline.local', role: 'SIGNER', firstName: 'Min', lastName: 'Choi' },
  ],
} as const;

export interface SeedResult {
  seeded: boolean;
  organizationId?: string;
  credentials?: DemoCredentials;
}

/** A password that meets every rule of section 5, different for every demo database. */
function demoPassword(): string {
  return `Vault-${randomToken(6).replace(/[^A-Za-z0-9]/g, 'x')}-7!`;
}

/**
 * Seeds the demo organization once, only into an empty database, in one transaction: an owner with a
 * password and a registered authenticator, whose credentials go to the data folder (never the repository).
 */
export async function seedDemo(
  db: Db,
  config: Pick<Config, 'masterKey' | 'dataDir'> & HoldingsConfig,
): Promise<SeedResult> {
  const account = (email: string): DemoAccount => ({
    email,
    password: demoPassword(),
    otpSecret: generateTotpSecret(),
  });
  const credentials: DemoCredentials = {
    ...account(DEMO.ownerEmail),
    operators: DEMO.operators.map((o) => ({ ...account(o.email), role: o.role })),
    expiredPasswordMember: account(DEMO.expiredMember.email),
  };
  const expiredHash = await hashPassword(credentials.expiredPasswordMember!.password);
  const passphraseHash = await hashPassword(credentials.password);
  const operatorHashes = await Promise.all(credentials.operators.map((o) => hashPassword(o.password)));
  const result = await transaction(db, async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(organizations);
    if ((existing?.n ?? 0) > 0) return { seeded: false };
    const now = new Date();
    const [org] = await tx
      .insert(organizations)
      .values({
        name: DEMO.organizationName,
        businessRegistrationNumber: '220-81-12345',
        representativeName: `${DEMO.ownerFirstName} ${DEMO.ownerLastName}`,
        custodyFeeBps: 20,
        amlStatus: 'CLEARED',
        amlCheckedAt: now,
      })
      .returning({ id: organizations.id });
    await tx
      .insert(amlStatusHistory)
      .values({ organizationId: org!.id, status: 'CLEARED', reason: 'Demo organization', changedAt: now });
    const [owner] = await tx
      .insert(accounts)
      .values({
        kind: 'MEMBER',
        organizationId: org!.id,
        email: DEMO.ownerEmail,
        firstName: DEMO.ownerFirstName,
        lastName: DEMO.ownerLastName,
        userName: `${DEMO.ownerFirstName} ${DEMO.ownerLastName}`,
        language: 'KO',
        status: 'ACTIVE',
        passphraseHash,
        passphraseChangedAt: now,
        otpSecretEnc: encryptAtRest(credentials.otpSecret, config.masterKey, OTP_CONTEXT),
        otpRegisteredAt: now,
      })
      .returning({ id: accounts.id });
    await tx.insert(passwordHistory).values({ accountId: owner!.id, passphraseHash, createdAt: now });
    await tx.insert(memberPermissions).values({ accountId: owner!.id, permission: 'OWNER' });
    for (const [i, o] of DEMO.operators.entries()) {
      const creds = credentials.operators[i]!;
      const [op] = await tx
        .insert(accounts)
        .values({
          kind: 'OPERATOR',
          email: o.email,
          firstName: o.firstName,
          lastName: o.lastName,
          userName: `${o.firstName} ${o.lastName}`,
          language: 'KO',
          status: 'ACTIVE',
          operatorRole: o.role,
          passphraseHash: operatorHashes[i]!,
          passphraseChangedAt: now,
          otpSecretEnc: encryptAtRest(creds.otpSecret, config.masterKey, OTP_CONTEXT),
          otpRegisteredAt: now,
        })
        .returning({ id: accounts.id });
      await tx
        .insert(passwordHistory)
        .values({ accountId: op!.id, passphraseHash: operatorHashes[i]!, createdAt: now });
    }
    // A member whose password changed long ago: signing in asks for the 3-step change.
    const longAgo = new Date(now.getTime() - 400 * 86_400_000);
    const expired = credentials.expiredPasswordMember!;
    const [member] = await tx
      .insert(accounts)
      .values({
        kind: 'MEMBER',
        organizationId: org!.id,
        email: expired.email,
        firstName: DEMO.expiredMember.firstName,
        lastName: DEMO.expiredMember.lastName,
        userName: `${DEMO.expiredMember.firstName} ${DEMO.expiredMember.lastName}`,
        language: 'KO',
        status: 'ACTIVE',
        passphraseHash: expiredHash,
        passphraseChangedAt: longAgo,
        otpSecretEnc: encryptAtRest(expired.otpSecret, config.masterKey, OTP_CONTEXT),
        otpRegisteredAt: longAgo,
      })
      .returning({ id: accounts.id });
    await tx.insert(passwordHistory).values({ accountId: member!.id, passphraseHash: expiredHash, createdAt: longAgo });
    return { seeded: true, organizationId: org!.id, credentials };
  });
  if (result.seeded) writeDemoCredentials(config.dataDir, config.masterKey, credentials);
  // Wallets, tokens and devnet deposits of the demo organization; only what is missing, so a rerun changes nothing.
  await seedDemoHoldings(db, config, DEMO.organizationName, DEMO.ownerEmail);
  // The local counterparty VASP in the directory, so exchange entries of the demo can be verified.
  await seedDemoVasp(db, config.masterKey);
  return result;
}
