import {
  ERROR_CATALOGUE,
  type ErrorCode,
  errorMessage,
  isErrorCode,
  isValidationKey,
  validationMessage,
} from '@vaultline/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { transientDatabaseState } from '../db/transient-error.js';
import { AppError } from '../http/app-error.js';

export type Lang = 'en' | 'ko';

/** Korean is the fallback language; English only when the caller asks for it. */
export function requestLanguage(request: FastifyRequest): Lang {
  const header = request.headers['accept-language'];
  const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'ko';
}

export function sendError(reply: FastifyReply, lang: Lang, code: ErrorCode, data?: unknown) {
  const message = errorMessage(code, lang, data) ?? ERROR_CATALOGUE[code].en;
  return reply
    .code(ERROR_CATALOGUE[code].status)
    .type('application/json; charset=utf-8')
    .send({ code, message, ...(data === undefined ? {} : { data }) });
}

/** How soon a call rolled back by a concurrent transaction may be sent again. */
const RETRY_AFTER_SECONDS = 1;

/** A path segment as the caller may see it again: a field name or an index, never their own odd text. */
const PLAIN_SEGMENT = /^[A-Za-z0-9_]{1,64}$/;

/** `body.filters.search`; a segment that is not a plain field name or index shows as `?`. */
export function plainPath(context: string, segments: readonly string[]): string {
  return [context, ...segments.map((s) => (PLAIN_SEGMENT.test(s) ? s : '?'))].join('.');
}

/**
 * One schema issue as the answer shows it: the path through known field names, the message key of the contracts
 * translated, and any other message (a library's own wording, which may quote the input) as the generic one.
 */
function describeIssue(
  context: string,
  v: { instancePath: string; message?: string | undefined; params: unknown },
  lang: Lang,
) {
  const path = plainPath(context, v.instancePath.split('/').filter(Boolean));
  const key = v.message && isValidationKey(v.message) ? v.message : 'validation.invalid';
  const params = (v.params as { params?: Record<string, unknown> } | undefined)?.params;
  return { path, message: validationMessage(key, lang, params), key, ...(params ? { params } : {}) };
}

/** Fastify's own 4xx errors, by their codes, onto the catalogue. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: '4000',
  FST_ERR_CTP_EMPTY_JSON_BODY: '4000',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '4000',
  FST_ERR_CTP_BODY_TOO_LARGE: '413',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '415',
  FST_ERR_CTP_INVALID_TYPE: '415',
  FST_ERR_VALIDATION: '4000',
};

export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = requestLanguage(request);
    if (error instanceof AppError) return sendError(reply, lang, error.code, error.data);

    if (hasZodFastifySchemaValidationErrors(error)) {
      return sendError(reply, lang, '4000', {
        reason: 'validation',
        issues: error.validation.map((v) => describeIssue(error.validationContext ?? 'body', v, lang)),
      });
    }

    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) {
      const reason = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'malformed-json' : undefined;
      return sendError(reply, lang, known, reason ? { reason } : undefined);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return sendError(reply, lang, '429');
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      const code = String(status);
      return sendError(reply, lang, isErrorCode(code) ? code : '4000');
    }

    // The client went away while a stream was being sent (the deep-link fallback's index.html, a download): nothing
    // failed on our side and nobody is left to answer, as @fastify/static treats it on its own routes.
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') {
      request.log.info('client closed the connection before the answer was sent');
      request.raw.destroy();
      return;
    }
    // A transaction that lost a race (a deadlock, a serialization failure) was rolled back whole by PostgreSQL:
    // nothing was written, so the answer says to try again rather than that something broke.
    const sqlState = transientDatabaseState(error);
    if (sqlState) {
      request.log.warn({ err: error, sqlState }, 'transaction rolled back by a concurrent one; answered 503');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return sendError(reply, lang, '503', {
        reason: 'concurrent-transaction',
        retryAfterSeconds: RETRY_AFTER_SECONDS,
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, lang, '0', { requestId: request.id });
  });
});
