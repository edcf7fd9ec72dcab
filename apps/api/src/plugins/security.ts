import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { AppError } from '../http/app-error.js';
import { requestLimitStore } from '../http/request-limit-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The per-address request counts shared through PostgreSQL (tests flush them). */
    requestCounts: ReturnType<typeof requestLimitStore>;
  }
}

/** Security headers, closed CORS and a per-IP request budget for every route. */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { config: Config; db: Db }) => {
  // helmet's middleware, made once: @fastify/helmet made it again on every request, parsing the policy each time
  // (issue 17's profile: 1.5% of the server's time on a list call). The headers are the same on every answer.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine and the API docs set style attributes at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: opts.config.production ? [] : null,
      },
    },
    hsts: opts.config.production,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)),
  );

  // Closed unless origins are named: the web app is served from the same origin as the API.
  await app.register(cors, {
    origin: opts.config.corsOrigins.length > 0 ? opts.config.corsOrigins : false,
    credentials: true,
  });

  // Shared by every API process through PostgreSQL (http/request-limit-store.ts).
  const requestCounts = requestLimitStore(opts.db, (msg, err) => app.log.warn({ err }, msg));
  app.addHook('onClose', async () => requestCounts.close());
  app.decorate('requestCounts', requestCounts);
  await app.register(rateLimit, {
    store: requestCounts.Store,
    max: opts.config.rateLimitPerMinute,
    timeWindow: '1 minute',
    // The budget is for API calls; the web app's own files and the health probes are not counted.
    allowList: (request) => !request.url.startsWith('/api/'),
    errorResponseBuilder: (_request, context) =>
      new AppError('429', { retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
    // A socket the client already closed has no address; counting it under one key beats a 500.
    keyGenerator: (request) => request.ip ?? 'closed-socket',
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // API answers (account data, balances, errors) are never kept by a browser or a proxy cache.
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs'))
      reply.header('cache-control', 'no-store');
  });
});
