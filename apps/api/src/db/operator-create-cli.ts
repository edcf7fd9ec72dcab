// Bootstraps a provider operator: `npm run operator:create -- --email ops@example.com [--role ADMINISTRATOR]
// [--name "Kim Ops"]`. Prints a one-time password; the operator verifies the IP and registers an authenticator
// at first sign-in. On the embedded database, stop the server first (PGlite allows one process).
import { parseArgs } from 'node:util';
import { OPERATOR_ROLES, type OperatorRole } from '@vaultline/contracts';
import { loadConfig } from '../config.js';
import { transaction } from '../db/client.js';
import { randomToken } from '../security/at-rest.js';
import { hashPassword } from '../security/passwords.js';
import { openConfiguredDatabase } from './open-configured.js';
import { accounts, passwordHistory } from './schema/index.js';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    role: { type: 'string', default: 'ADMINISTRATOR' },
    name: { type: 'string', default: '' },
  },
});
const email = values.email?.trim().toLowerCase();
if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
  console.error('Usage: npm run operator:create -- --email ops@example.com [--role ADMINISTRATOR] [--name "Kim Ops"]');
  process.exit(1);
}
if (!(OPERATOR_ROLES as readonly string[]).includes(values.role!)) {
  console.error(`--role must be one of ${OPERATOR_ROLES.join(', ')}`);
  process.exit(1);
}

const config = loadConfig();
const database = await openConfiguredDatabase(config);
const password = `Ops-${randomToken(9)}-4!`;
const hash = await hashPassword(password);
try {
  await transaction(database.db, async (tx) => {
    const now = new Date();
    const [row] = await tx
      .insert(accounts)
      .values({
        kind: 'OPERATOR',
        email,
        userName: values.name ?? '',
        status: 'ACTIVE',
        operatorRole: values.role as OperatorRole,
        passphraseHash: hash,
        passphraseChangedAt: now,
      })
      .returning({ id: accounts.id });
    await tx.insert(passwordHistory).values({ accountId: row!.id, passphraseHash: hash, createdAt: now });
  });
  console.log(`Operator ${email} (${values.role}) created. One-time password: ${password}`);
  console.log('Sign in at /account/login: verify the IP from the emailed link, then register an authenticator.');
} catch (err) {
  console.error(
    String(err).includes('accounts_email_live_key') ? `An account with ${email} already exists.` : String(err),
  );
  process.exitCode = 1;
} finally {
  await database.close();
}
