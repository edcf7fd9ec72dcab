import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { engineQueues, startEngine } from './engine/engine.js';
import { responseSerializerCompiler } from './http/response-serializer.js';
import { type EngineQueue, openEngineQueue } from './jobs/queue.js';
import { devMailboxRoutes } from './mail/mailbox.routes.js';
import { createMailer, type MailService } from './mail/mailer.js';
import { addressBookRoutes } from './modules/address-books/address-books.routes.js';
import { travelRuleRoutes } from './modules/address-books/travel-rule.routes.js';
import { assetRoutes } from './modules/assets/assets.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { coldSigningRoutes } from './modules/cold-signing/cold-signing.routes.js';
import { complianceRoutes } from './modules/compliance/compliance.routes.js';
import { devnetRoutes } from './modules/devnet/devnet.routes.js';
import { eventRoutes } from './modules/events/events.routes.js';
import { gasFeeWalletRoutes } from './modules/gas-fee-wallets/gas-fee-wallets.routes.js';
import { memberRoutes } from './modules/members/members.routes.js';
import { notificationRoutes } from './modules/notifications/notifications.routes.js';
import { operatorRoutes } from './modules/operator/operator.routes.js';
import { organizationRoutes } from './modules/organization/organization.routes.js';
import { stakingRoutes } from './modules/staking/staking.routes.js';
import { devRoutes } from './modules/system/dev.routes.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { tokenRoutes } from './modules/tokens/tokens.routes.js';
import { walletRoutes } from './modules/wallets/wallets.routes.js';
import { withdrawalRoutes } from './modules/withdrawals/withdrawals.routes.js';
import { compressionPlugin } from './plugins/compression.js';
import { errorHandlerPlugin, requestLanguage, sendError } from './plugins/error-handler.js';
import { inputGuardPlugin } from './plugins/input-guard.js';
import { metricsPlugin } from './plugins/metrics.js';
import { openApiPlugin } from './plugins/openapi.js';
import { securityPlugin } from './plugins/security.js';
import { sessionPlugin } from './plugins/session.js';
import { webAppPlugin } from './plugins/web-app.js';
import { loadRsaKeyring, type RsaKeyring } from './security/rsa.js';
import { createServices, type Services } from './services.js';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Folder of the built web app; false serves none (tests, OpenAPI generation). */
  webDist?: string | false;
  logger?: boolean;
  /** Where log lines go (stdout by default); tests read them. */
  loggerStream?: NodeJS.WritableStream;
  /** The time source of every rule with a deadline; tests move it. */
  clock?: () => Date;
  /** Mail transport; by default SMTP_URL, or the embedded catcher when it is unset. */
  mail?: MailService;
  /** By default the configured key, or one kept in the data folder outside production. */
  keyring?: RsaKeyring;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    mail: MailService;
  }
}

/** Paths and headers that must never reach a log: credentials travel there. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
];

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  // With its own TLS the server speaks HTTP/2 (and HTTP/1.1 to clients without it): Fastify's HTTP/2 instance has
  // other Node types, but the same plugins, hooks and routes (the event stream leaves out HTTP/1's own headers).
  const transport = config.tls
    ? { http2: true as const, https: { allowHTTP1: true, cert: config.tls.cert, key: config.tls.key } }
    : {};
  const app = Fastify({
    ...(transport as object),
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: { paths: REDACT, censor: '[redacted]' },
            ...(opts.loggerStream ? { stream: opts.loggerStream } : {}),
          },
    genReqId: () => randomUUID(),
    // The router's own refusals (a malformed or over-long path) in the catalogue's shape, never echoing the path.
    frameworkErrors: (error, request, reply) => {
      const lang = requestLanguage(request);
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendError(reply, lang, '414');
      return sendError(reply, lang, '4000', { reason: error.code === 'FST_ERR_BAD_URL' ? 'bad-url' : 'bad-request' });
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Request lines only when debugging: the console of `npm start` stays readable.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ check: config.responseCheck }));

  const mail = opts.mail ?? (await createMailer(config, { from: config.mailFrom, logger: app.log }));
  if (!opts.mail) app.addHook('onClose', () => mail.close());
  let queue: EngineQueue | undefined;
  const services = createServices({
    queue: () => {
      if (!queue) throw new Error('engine queue not open');
      return queue;
    },
    db: opts.database.db,
    changes: opts.database.changes,
    config,
    clock: opts.clock ?? (() => new Date()),
    keyring: opts.keyring ?? loadRsaKeyring(config),
    mailer: mail.mailer,
    log: app.log,
  });
  app.decorate('services', services);
  opts.database.changes.logTo((msg, err) => app.log.warn({ err }, msg));
  queue = await openEngineQueue(opts.database, app.log, {
    superviseSeconds: config.engineSuperviseSeconds,
    queues: engineQueues(),
  });
  app.addHook('onClose', () => queue!.stop());
  if (config.engineInProcess) {
    // The custody engine inside the server; `npm run engine` (engine/main.ts) starts the same one on its own.
    const engine = await startEngine({
      db: opts.database.db,
      config,
      log: app.log,
      now: opts.clock ?? (() => new Date()),
      queue,
      mailer: mail.mailer,
    });
    app.addHook('onClose', () => engine.stop());
  }
  app.decorate('mail', mail);

  await app.register(errorHandlerPlugin);
  // Before the routes: its onResponse hook times every one of them.
  await app.register(metricsPlugin, { config, database: opts.database });
  await app.register(inputGuardPlugin);
  await app.register(securityPlugin, { config, db: opts.database.db });
  await app.register(sessionPlugin, { config, sessions: services.sessions });
  // Before any route: it attaches to each route as the route is added.
  await app.register(compressionPlugin);
  await app.register(openApiPlugin, { docs: config.apiDocs });
  await app.register(systemRoutes, { config, database: opts.database });
  await app.register(authRoutes, { config, services, db: opts.database.db });
  await app.register(memberRoutes, { services });
  await app.register(organizationRoutes, { services });
  await app.register(operatorRoutes, { services });
  await app.register(coldSigningRoutes, { services });
  await app.register(walletRoutes, { services });
  await app.register(gasFeeWalletRoutes, { services });
  await app.register(withdrawalRoutes, { services });
  await app.register(stakingRoutes, { services });
  await app.register(tokenRoutes, { services });
  await app.register(auditRoutes, { services });
  await app.register(notificationRoutes, { services });
  await app.register(assetRoutes, { services });
  await app.register(addressBookRoutes, { services });
  await app.register(complianceRoutes, { services });
  await app.register(eventRoutes, { services, db: opts.database.db, config, changes: opts.database.changes });
  // Other VASPs' travel-rule inquiries (signed with their shared key, no session).
  await app.register(travelRuleRoutes, { db: opts.database.db, masterKey: config.masterKey, clock: services.clock });
  // Development doors: only in local and development; everywhere else `/dev/*` answers the coded 404.
  if (config.devDoors) {
    await app.register(devRoutes, { config });
    await app.register(devnetRoutes, { services, config });
    if (mail.catcher) await app.register(devMailboxRoutes, { catcher: mail.catcher });
  }
  await app.register(webAppPlugin, { webDist: opts.webDist ?? false });

  await app.ready();
  return app;
}
