import type { AnyCall, CallBody, CallParams, CallQuery, CallResponse } from '@vaultline/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { JsonText } from './json-text.js';

export interface CallContext<C extends AnyCall> {
  params: CallParams<C>;
  query: CallQuery<C>;
  body: CallBody<C>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A handler answers its call's response, or the same written as JSON by PostgreSQL (a list page). */
export type CallHandler<C extends AnyCall> = (
  ctx: CallContext<C>,
) => Promise<CallResponse<C> | JsonText<CallResponse<C>>>;

/** `/a/{b}/c` → `/a/:b/c`, Fastify's spelling of the same path. */
export function toFastifyPath(path: string): string {
  return path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
}

/**
 * Serves one contract call: the route's schemas, its OpenAPI entry and its access rule all come from the
 * definition, so the server cannot drift from what the browser sends.
 */
export interface CallOptions {
  /** Run after validation, before the handler: per-route rate limits. */
  preHandler?: preHandlerAsyncHookHandler[];
  /** false: the call does not count as session activity. */
  touchSession?: boolean;
  /** Media types of a non-JSON answer (a CSV file), for the OpenAPI document. */
  produces?: string[];
}

export function registerCall<C extends AnyCall>(
  app: FastifyInstance,
  call: C,
  handler: CallHandler<C>,
  options: CallOptions = {},
): void {
  const status = call.successStatus ?? 200;
  app.route({
    method: call.method,
    url: toFastifyPath(call.path),
    config: { access: call.access, ...(options.touchSession === false ? { touchSession: false } : {}) },
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    schema: {
      operationId: call.id,
      tags: [call.tag],
      summary: call.summary,
      ...(call.params ? { params: call.params } : {}),
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.body ? { body: call.body } : {}),
      response: { [status]: call.response },
      ...(options.produces ? { produces: options.produces } : {}),
    },
    handler: async (request, reply) => {
      const result = await handler({
        params: request.params as CallParams<C>,
        query: request.query as CallQuery<C>,
        body: request.body as CallBody<C>,
        request,
        reply,
      });
      reply.code(status);
      return result;
    },
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AnyCall['access'];
  }
}
