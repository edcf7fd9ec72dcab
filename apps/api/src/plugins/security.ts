import type { IncomingMessage, ServerResponse } from 'node:http';
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

/**
 * The security headers of every answer, as helmet writes them with this policy: worked out once (the policy is the
 * same for every request), by running helmet's middleware against a response that only records what it sets.
 */
export function helmetHeaders(config: Pick<Config, 'production'>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown;
  helmet({
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
        upgradeInsecureRequests: config.production ? [] : null,
      },
    },
    hsts: config.production,
    crossOriginEmbedderPolicy: false,
  })({} as IncomingMessage, recorder as unknown as ServerResponse, (err) => {
    failed = err;
  });
  if (failed) throw failed;
  return Object.freeze(headers);
}

/** Security headers, closed CORS and a per-IP request budget for every route. */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { config: Config; db: Db }) => {
  const securityHeaders = helmetHeaders(opts.config);
  // Set on Fastify's reply, not the raw response: Node then writes every header of the answer in one pass (a header
  // set on the raw response sends Fastify's own through setHeader one by one, validated twice). A route that sets one
  // of them itself wins, as it did over helmet's.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });

  // Closed unless origins are named: the web app is served from the same origin as the API. With none named
  // @fastify/cors would add nothing to any answer (its preflight route hands every OPTIONS to the 404), so it is
  // left out rather than run on every request.
  if (opts.config.corsOrigins.length > 0) {
    await app.register(cors, { origin: opts.config.corsOrigins, credentials: true });
  }

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

  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    // API answers (account data, balances, errors) are never kept by a browser or a proxy cache.
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs'))
      reply.header('cache-control', 'no-store');
    done(null, payload);
  });
});
