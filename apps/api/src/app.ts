import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { openApiPlugin } from './plugins/openapi.js';
import { securityPlugin } from './plugins/security.js';
import { webAppPlugin } from './plugins/web-app.js';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Folder of the built web app; false serves none (tests, OpenAPI generation). */
  webDist?: string | false;
  logger?: boolean;
}

/** Paths and headers that must never reach a log: credentials travel there. */
const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      opts.logger === false ? false : { level: opts.config.logLevel, redact: { paths: REDACT, censor: '[redacted]' } },
    genReqId: () => randomUUID(),
    trustProxy: opts.config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Request lines only when debugging: the console of `npm start` stays readable.
    logController: new LogController({
      disableRequestLogging: opts.config.logLevel !== 'debug' && opts.config.logLevel !== 'trace',
    }),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandlerPlugin);
  await app.register(securityPlugin, { config: opts.config });
  await app.register(openApiPlugin);
  await app.register(systemRoutes, { config: opts.config, database: opts.database });
  await app.register(webAppPlugin, { webDist: opts.webDist ?? false });

  await app.ready();
  return app;
}
