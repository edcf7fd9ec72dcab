// `npm run audit:verify`: recomputes every chain of the audit log and prints "verified N entries" (exit 0), or the
// first broken link (exit 1). On the embedded database, run it while the server is stopped (one process at a time).
import { ConfigError, loadConfig } from '../config.js';
import { verifyAuditLog } from '../modules/audit/audit-verify.js';
import { openConfiguredDatabase } from './open-configured.js';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : String(err));
  process.exit(1);
}
const database = await openConfiguredDatabase(config);
try {
  const result = await verifyAuditLog(database.db);
  if (result.broken) {
    const b = result.broken;
    const what =
      b.kind === 'gap'
        ? `entry ${b.expected} is missing (the next one is ${b.seq})`
        : b.kind === 'link'
          ? `entry ${b.seq} (${b.id}) does not follow the one before it`
          : `entry ${b.seq} (${b.id}) was changed: its content no longer gives its hash`;
    console.error(`Audit log BROKEN in chain ${b.chain}: ${what}. ${result.entries} entries before it verified.`);
    process.exitCode = 1;
  } else {
    console.log(`verified ${result.entries} entries in ${result.chains} chains`);
  }
} finally {
  await database.close();
}
