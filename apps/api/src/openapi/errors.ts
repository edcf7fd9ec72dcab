import { ApiErrorBodySchema, type CallAccess, ERROR_CATALOGUE, type ErrorCode } from '@vaultline/contracts';
import { z } from 'zod';
import { isUnsafeMethod, needsCsrf, needsSession } from './security.js';

export const ERROR_SCHEMA_NAME = 'ApiError';

/** The one body of every error answer, from the contracts' own schema so the two cannot differ. */
export function errorBodySchema(): Record<string, unknown> {
  const { $schema: _, ...schema } = z.toJSONSchema(ApiErrorBodySchema) as Record<string, unknown>;
  return {
    ...schema,
    description:
      'Every error answer. `code` is a catalogue code (the client translates it); `message` is its text in the ' +
      "caller's language (English or Korean, by Accept-Language; Korean by default); `data` gives details " +
      'some codes carry (for 400 validation, `{ reason, issues }`; for 429, `{ retryAfterSeconds }`).',
  };
}

/** What the server checks before any handler runs, which decides the codes every call of a kind may answer. */
export interface RouteFacts {
  access: CallAccess | undefined;
  method: string;
  path: string;
}

/** A session that is missing, forged, ended, idle too long or replaced by a sign-in elsewhere (auth.policy.ts). */
const SESSION_CODES: ErrorCode[] = ['401', '4001', '19', '4028'];

/**
 * The codes a call may answer whatever it does: 4000 for input (the input guard reads every query string, so
 * every call), 413 and 415 for a body Fastify refuses, 414 for an over-long path parameter, the session codes and 403 (a missing permission or CSRF
 * token, a VASP's bad signature) where the session plugin checks them, 429 under the per-address API budget.
 */
export function genericErrorCodes(route: RouteFacts): ErrorCode[] {
  const codes: ErrorCode[] = ['4000'];
  if (isUnsafeMethod(route.method)) codes.push('413', '415');
  // The router refuses an over-long path parameter before any route runs (app.ts, frameworkErrors).
  if (route.path.includes('{')) codes.push('414');
  if (needsSession(route.access)) codes.push(...SESSION_CODES);
  const refusable =
    needsCsrf(route.access, route.method) ||
    route.access === 'vasp' ||
    (needsSession(route.access) && route.access !== 'authenticated');
  if (refusable) codes.push('403');
  // The rate limit counts API calls only (plugins/security.ts): not the health probes.
  if (route.path.startsWith('/api/')) codes.push('429');
  return codes;
}

const STATUS_TITLES: Record<number, string> = {
  400: 'The request was refused',
  401: 'No session, or the session ended',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflicts with the current state',
  413: 'The request is too large',
  414: 'A path parameter is too long',
  415: 'Unsupported content type',
  423: 'Locked',
  429: 'Too many requests; `data.retryAfterSeconds` says how long to wait',
  503: 'Not ready: the database does not answer',
};

/** The answers many calls share word for word, declared once under `components.responses` and referred to. */
const SHARED_RESPONSES: Record<string, readonly ErrorCode[]> = {
  InvalidRequest: ['4000'],
  NoSession: SESSION_CODES,
  Forbidden: ['403'],
  TooLarge: ['413'],
  PathTooLong: ['414'],
  UnsupportedMediaType: ['415'],
  TooManyRequests: ['429'],
};

function errorResponse(status: number, codes: readonly ErrorCode[]) {
  const lines = codes.map((code) => `- \`${code}\`: ${ERROR_CATALOGUE[code].en}`);
  return {
    description: [`${STATUS_TITLES[status] ?? 'Error'}.`, '', ...lines].join('\n'),
    content: {
      'application/json': {
        schema: {
          allOf: [
            { $ref: `#/components/schemas/${ERROR_SCHEMA_NAME}` },
            { type: 'object', properties: { code: { type: 'string', enum: codes } } },
          ],
        },
      },
    },
  };
}

/** `components.responses`: the shared answers. */
export function sharedErrorResponses(): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(SHARED_RESPONSES).map(([name, codes]) => [
      name,
      errorResponse(ERROR_CATALOGUE[codes[0]!].status, codes),
    ]),
  );
}

const sameCodes = (a: readonly ErrorCode[], b: readonly ErrorCode[]) =>
  a.length === b.length && a.every((code, i) => code === b[i]);

/**
 * One response per HTTP status, in status order: the body is the shared error schema with `code` narrowed to the
 * codes of that status, and the description lists each code with its English message. A status whose codes are
 * those of a shared answer refers to it.
 */
export function errorResponses(codes: readonly ErrorCode[]): Record<string, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = ERROR_CATALOGUE[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, unknown> = {};
  for (const status of [...byStatus.keys()].sort((a, b) => a - b)) {
    const list = byStatus.get(status)!;
    const shared = Object.entries(SHARED_RESPONSES).find(([, c]) => sameCodes(c, list))?.[0];
    responses[String(status)] = shared ? { $ref: `#/components/responses/${shared}` } : errorResponse(status, list);
  }
  return responses;
}
