import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { REPO_ROOT } from '../config.js';
import { requestLanguage, sendError } from './error-handler.js';
import { LANGUAGE_COOKIE, loadScreenPages, pageLanguage, pickEncoding } from './web-app-preloads.js';

/** The built web app; VAULTLINE_WEB_DIST points a test run at its own build (parallel e2e runs). */
export const WEB_DIST = process.env.VAULTLINE_WEB_DIST || join(REPO_ROOT, 'apps/web/dist');

/** Paths that belong to the server: an unknown one is a coded 404, never the web app's page. */
const SERVER_PREFIXES = ['/api/', '/healthz', '/readyz', '/dev/'];

/** A path the server answers itself (API, probes, development doors), as opposed to the web app's. */
export function isServerPath(url: string): boolean {
  const path = url.split('?')[0] ?? '/';
  return SERVER_PREFIXES.some((p) => path === p.replace(/\/$/, '') || path.startsWith(p));
}

/**
 * Serves the built single-page app on the API's port; any other GET that wants HTML gets index.html
 * so deep links like /dashboard/wallets/ETHEREUM/1 load the app, which routes on the client.
 *
 * The build leaves a brotli (`.br`) and a gzip (`.gz`) copy next to every compressible file: the one the
 * browser's Accept-Encoding asks for is sent as is (Content-Encoding, Vary: Accept-Encoding), the plain file
 * otherwise; index.html as the deep-link fallback too. Hashed files under /assets/ are cached for a year
 * (immutable), everything else is revalidated (no-cache) so a new build is picked up at once.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, opts: { webDist?: string | false }) => {
  const dist = opts.webDist === undefined ? WEB_DIST : opts.webDist;
  const served = dist !== false && existsSync(join(dist, 'index.html'));
  if (served) {
    const assets = resolve(dist, 'assets') + sep;
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      maxAge: '1y',
      immutable: true,
      preCompressed: true,
      // The compressed copies are chosen by Accept-Encoding for their plain file's URL, not served at their own.
      globIgnore: ['**/*.br', '**/*.gz'],
      // `path` is the file sent: `assets/index-[hash].js.br` for a compressed copy.
      setHeaders: (reply, path) => {
        if (!path.startsWith(assets)) reply.header('cache-control', 'no-cache');
      },
    });
  }
  // A screen's path gets index.html with that screen's code preloaded (web-app-preloads.ts).
  const screenPage = served ? loadScreenPages(dist) : () => undefined;
  app.setNotFoundHandler((request, reply) => {
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (served && request.method === 'GET' && !isServerPath(request.url) && wantsHtml) {
      reply.header('cache-control', 'no-cache');
      // The language the page preloads texts of: the web app's own choice, kept in a cookie (the default without).
      const page = screenPage(request.url.split('?')[0] ?? '/', pageLanguage(request.cookies?.[LANGUAGE_COOKIE]));
      if (!page) return reply.sendFile('index.html');
      const encoding = pickEncoding(request.headers['accept-encoding']);
      reply.header('content-type', 'text/html; charset=utf-8').header('vary', 'accept-encoding, cookie');
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(encoding ? page[encoding] : page.html);
    }
    return sendError(reply, requestLanguage(request), '404');
  });
});
