import { buildApp } from './app.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { readDemoCredentials } from './db/demo-credentials.js';
import { openConfiguredDatabase } from './db/open-configured.js';
import { DEMO, seedDemo } from './db/seed.js';
import { WEB_DIST } from './plugins/web-app.js';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

const config = readConfig();
const database = await openConfiguredDatabase(config);
const seed = config.seedDemo ? await seedDemo(database.db, config) : { seeded: false };
const app = await buildApp({ config, database, webDist: WEB_DIST });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ host: config.host, port: config.port });
} catch (err) {
  const code = (err as NodeJS.ErrnoException).code;
  console.error(code === 'EADDRINUSE' ? `Port ${config.port} is already in use: set PORT to another.` : String(err));
  await database.close();
  process.exit(1);
}

const demo = config.devDoors ? readDemoCredentials(config.dataDir, config.masterKey) : null;
const where = database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
console.log(
  [
    '',
    `  Vaultline is running at ${config.appBaseUrl}/account/login`,
    `  API docs:   ${config.appBaseUrl}/api/docs`,
    `  Database:   ${where}${seed.seeded ? ' (demo data seeded now)' : ''}`,
    `  Demo organization: ${DEMO.organizationName}`,
    ...(demo
      ? [
          `  Demo sign-in:      ${demo.email} / ${demo.password} (organization owner)`,
          ...(demo.operators ?? []).map((o) => `  Operator (${o.role.toLowerCase()}): ${o.email} / ${o.password}`),
          ...(demo.expiredPasswordMember
            ? [`  Expired password:  ${demo.expiredPasswordMember.email} / ${demo.expiredPasswordMember.password}`]
            : []),
          `  Authenticator:     owner secret ${demo.otpSecret}; \`npm run otp\` prints the owner's code, \`npm run otp -- <email>\` any demo account's`,
          `  Mailbox:           ${config.appBaseUrl}/dev/mailbox (IP verification and password mails)`,
        ]
      : []),
    '',
  ].join('\n'),
);
