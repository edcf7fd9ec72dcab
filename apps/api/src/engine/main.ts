// The custody engine as its own process (`npm run engine`), for deployments on PostgreSQL where the server
// runs with ENGINE=off; any number of these may run: jobs are claimed with SKIP LOCKED.
import pino from 'pino';
import { ConfigError, loadConfig } from '../config.js';
import { openConfiguredDatabase } from '../db/open-configured.js';
import { executeActivityExport } from './activity-export.js';
import { devnetEngine } from './devnet/devnet-engine.js';
import { openEngineQueue, QUEUES } from './queue.js';
import { executeWalletCreation } from './wallet-creation.js';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : String(err));
  process.exit(1);
}
const log = pino({ level: config.logLevel });
const database = await openConfiguredDatabase(config);
const queue = await openEngineQueue(database, log as never, { superviseSeconds: config.engineSuperviseSeconds });
await queue.work(QUEUES.walletCreation, (job) =>
  executeWalletCreation(database.db, config, job.requestId, job.organizationId, () => new Date()),
);
// Export jobs carry the export's id as requestId.
await queue.work(QUEUES.activityExport, (job) =>
  executeActivityExport(database.db, job.requestId, job.organizationId, () => new Date()),
);
// The local devnet outside production; several engines share its chains safely (see db-ledger-store.ts).
const devnet = config.production
  ? null
  : devnetEngine({ db: database.db, config, log: log as never, now: () => new Date() });
devnet?.start();
log.info({ database: database.kind }, 'custody engine running');

const stop = async () => {
  await devnet?.stop();
  await queue.stop();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
