import { EVENTS_PATH, OPERATOR_EVENTS_PATH, type OperatorRole } from '@vaultline/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { requireAuth, sessionToken } from '../../plugins/session.js';
import type { Services } from '../../services.js';
import { maySignCold } from '../cold-signing/cold-signing.policy.js';
import { noticeHub } from './notice-hub.js';

declare module 'fastify' {
  interface FastifyInstance {
    notices: ReturnType<typeof noticeHub>;
  }
}

/**
 * `GET /api/v1/events`: server-sent events for the signed-in member (`event: activity`, data an ActivityNotice;
 * a comment every 15 s keeps proxies from closing it); `GET /api/v1/operations/events` the same for signing
 * operators (`event: signing`). Not a JSON call, so it has its own handler; the session
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
      maySign: (auth) => maySignCold(auth.operatorRole as OperatorRole | null, opts.config.coldSigningAdministrators),
    });
    app.decorate('notices', hub);
    // Before the server stops accepting: open streams would otherwise keep close() waiting.
    app.addHook('preClose', () => hub.close());

    /** Opens the stream on the hijacked response and hands it to the hub. */
    const open = (request: FastifyRequest, reply: FastifyReply, organizationId: string | null) => {
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
      hub.add({ organizationId, sessionToken: sessionToken(request, opts.config) ?? '', out: reply.raw });
    };

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
      async (request, reply) => open(request, reply, requireAuth(request).organizationId!),
    );

    app.get(
      OPERATOR_EVENTS_PATH,
      {
        config: { access: 'operator', touchSession: false },
        schema: {
          operationId: 'operatorEvents',
          tags: ['events'],
          summary:
            "Signing operators' live notices (text/event-stream): `event: signing` when the queue may have changed",
          produces: ['text/event-stream'],
          response: { 200: z.string().describe('A text/event-stream of `event: signing` messages') },
        },
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        if (!maySignCold(auth.operatorRole as OperatorRole | null, opts.config.coldSigningAdministrators)) {
          throw new AppError('403', { ability: 'signCold' });
        }
        open(request, reply, null);
      },
    );
  },
);
