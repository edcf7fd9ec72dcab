// The custody engine as its own process (`npm run engine`), for deployments on PostgreSQL where the server
// runs with ENGINE=off; any number of these may run: jobs are claimed with SKIP LOCKED.
import pino from 'pino';
import { ConfigError, loadConfig } from '../config.js';
import { openConfiguredDatabase } from '../db/open-configured.js';
import { openEngineQueue } from '../jobs/queue.js';
import { createMailer } from '../mail/mailer.js';
import { engineQueues, startEngine } from './engine.js';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : String(err));
  process.exit(1);
}
const log = pino({ level: config.logLevel });
const database = await openConfiguredDatabase(config);
const queue = await openEngineQueue(database, log as never, {
  superviseSeconds: config.engineSuperviseSeconds,
  queues: engineQueues(),
});
// Notification mails leave from here too: SMTP_URL's server (outside local and development it is required).
const mail = await createMailer(config, { from: config.mailFrom, logger: log as never });
const engine = await startEngine({
  db: database.db,
  config,
  log: log as never,
  now: () => new Date(),
  queue,
  mailer: mail.mailer,
});
log.info({ database: database.kind }, 'custody engine running');

const stop = async () => {
  await engine.stop();
  await queue.stop();
  await mail.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
