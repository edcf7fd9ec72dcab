import { EVENTS_PATH } from '@vaultline/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { Db } from '../../db/client.js';
import { requireAuth, sessionToken } from '../../plugins/session.js';
import type { Services } from '../../services.js';
import { noticeHub } from './notice-hub.js';

declare module 'fastify' {
  interface FastifyInstance {
    notices: ReturnType<typeof noticeHub>;
  }
}

/**
 * `GET /api/v1/events`: server-sent events for the signed-in member (`event: activity`, data an ActivityNotice;
 * a comment every 15 s keeps proxies from closing it). Not a JSON call, so it has its own handler; the session
 * plugin authenticates it like any member call, without counting the open stream as activity.
 */
// Not encapsulated: `app.notices` (the hub) is visible to the whole app and its tests.
export const eventRoutes = fp(
  async (app: FastifyInstance, opts: { services: Services; db: Db; config: Config; changes?: ChangeFeed }) => {
    const hub = noticeHub({
      db: opts.db,
      changes: opts.changes,
      sessions: opts.services.sessions,
      clock: opts.services.clock,
      log: app.log,
    });
    app.decorate('notices', hub);
    // Before the server stops accepting: open streams would otherwise keep close() waiting.
    app.addHook('preClose', () => hub.close());

    app.get(
      EVENTS_PATH,
      {
        config: { access: 'member', touchSession: false },
        schema: {
          operationId: 'events',
          tags: ['events'],
          summary: 'Live notices (text/event-stream): `event: activity` with an ActivityNotice as data',
          produces: ['text/event-stream'],
          response: { 200: z.string().describe('A text/event-stream of `event: activity` messages') },
        },
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        reply.hijack();
        reply.raw.writeHead(200, {
          ...(reply.getHeaders() as Record<string, string>),
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store, no-transform',
          // A connection header is HTTP/1's: HTTP/2 refuses it (its streams stay open anyway).
          ...(request.raw.httpVersionMajor === 2 ? {} : { connection: 'keep-alive' }),
          'x-accel-buffering': 'no',
        });
        reply.raw.write('retry: 5000\n\n');
        hub.add({
          organizationId: auth.organizationId!,
          sessionToken: sessionToken(request, opts.config) ?? '',
          out: reply.raw,
        });
      },
    );
  },
);
