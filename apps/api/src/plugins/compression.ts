import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isServerPath } from './web-app.js';

/** Answers below this many bytes go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Compresses the server's own answers (JSON, the API docs) by `Accept-Encoding`, brotli or gzip, once they pass
 * {@link COMPRESSION_THRESHOLD}. Register it before the routes: it attaches to each route as the route is added.
 *
 * Left alone: the web app's files (compressed at build time, `.br`/`.gz` next to each one, and chosen by the
 * static plugin: never compressed twice, never compressed on the fly), the live event stream (hijacked, and
 * `text/event-stream` is not a compressible type), answers already carrying a Content-Encoding, partial content,
 * and request bodies (a compressed request is refused as before: no decompression here).
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  // Before @fastify/compress adds its own onRoute hook, so it sees `compress: false` on the web app's routes.
  app.addHook('onRoute', (route) => {
    if (route.compress === undefined && !isServerPath(route.url)) route.compress = false;
  });
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD,
    // Every browser takes one of these; zstd and deflate would only add answers for caches to tell apart.
    encodings: ['br', 'gzip'],
  });
});
