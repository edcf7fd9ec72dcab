import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { REPO_ROOT } from '../config.js';
import { requestLanguage, sendError } from './error-handler.js';

/** The built web app; VAULTLINE_WEB_DIST points a test run at its own build (parallel e2e runs). */
export const WEB_DIST = process.env.VAULTLINE_WEB_DIST || join(REPO_ROOT, 'apps/web/dist');

/** Paths that belong to the server: an unknown one is a coded 404, never the web app's page. */
const SERVER_PREFIXES = ['/api/', '/healthz', '/readyz', '/dev/'];

/**
 * Serves the built single-page app on the API's port; any other GET that wants HTML gets index.html
 * so deep links like /dashboard/wallets/ETHEREUM/1 load the app, which routes on the client.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, opts: { webDist?: string | false }) => {
  const dist = opts.webDist === undefined ? WEB_DIST : opts.webDist;
  const served = dist !== false && existsSync(join(dist, 'index.html'));
  if (served) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      maxAge: '1y',
      immutable: true,
      setHeaders: (reply, path) => {
        if (!path.startsWith(join(dist, 'assets'))) reply.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isServerPath = SERVER_PREFIXES.some((p) => path === p.replace(/\/$/, '') || path.startsWith(p));
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (served && request.method === 'GET' && !isServerPath && wantsHtml) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendError(reply, requestLanguage(request), '404');
  });
});
