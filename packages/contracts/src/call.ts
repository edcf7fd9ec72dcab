import { z } from 'zod';
import type { OrganizationPermission } from './enums.js';
import type { ErrorCode } from './errors.js';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * Who may make a call. `public`: anyone; `authenticated`: anyone signed in (member or operator);
 * `member`: a signed-in organization member; `operator`: a signed-in provider operator; `vasp`: another VASP's
 * server, which has no browser (no session, no CSRF cookie) and proves itself by signing the request (the route
 * checks the signature); otherwise a member holding that organization permission.
 */
export type CallAccess = 'public' | 'vasp' | 'authenticated' | 'member' | 'operator' | OrganizationPermission;

export interface CallDefinition<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  /** Stable identifier, also the OpenAPI operationId. */
  id: string;
  method: HttpMethod;
  /** Path with `{name}` parameters, relative to the host (e.g. `/api/v1/organizations/me`). */
  path: string;
  tag: string;
  summary: string;
  access: CallAccess;
  params: P;
  query: Q;
  body: B;
  response: R;
  /** HTTP status of a successful answer (200 unless said otherwise). */
  successStatus?: number;
  /**
   * The catalogue codes this call itself may answer, beyond those every call of its access rule and method may
   * answer (validation, session, permission, CSRF, rate limit): the OpenAPI document lists them per status, so
   * list only codes the server really answers for this call.
   */
  errors?: readonly ErrorCode[];
}

export type AnyCall = CallDefinition<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined, z.ZodType>;

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;
type InferIn<T> = T extends z.ZodType ? z.input<T> : undefined;

export type CallParams<C extends AnyCall> = Infer<C['params']>;
export type CallQuery<C extends AnyCall> = Infer<C['query']>;
export type CallBody<C extends AnyCall> = Infer<C['body']>;
export type CallBodyInput<C extends AnyCall> = InferIn<C['body']>;
export type CallResponse<C extends AnyCall> = z.output<C['response']>;

/** What a definition states: the call without its optional parts (`params`, `query`, `body`) filled in. */
type CallSpec<P, Q, B, R> = Omit<CallDefinition, 'params' | 'query' | 'body' | 'response'> & {
  params?: P;
  query?: Q;
  body?: B;
  response: R;
};

const PARAM = /\{([A-Za-z0-9_]+)\}/g;

/** Names of the `{parameters}` of a path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(PARAM)].map((m) => m[1] as string);
}

/**
 * Defines one call. Every `{parameter}` of the path must be a key of `params` and the reverse,
 * so a definition can never drift from its path.
 */
export function defineCall<
  P extends z.ZodObject | undefined = undefined,
  Q extends z.ZodObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
>(spec: CallSpec<P, Q, B, R>): CallDefinition<P, Q, B, R> {
  const names = pathParamNames(spec.path);
  const keys = spec.params ? Object.keys(spec.params.shape) : [];
  const same = names.length === keys.length && names.every((n) => keys.includes(n));
  if (!same) {
    throw new Error(`call ${spec.id}: path parameters [${names}] differ from params [${keys}]`);
  }
  if (spec.body && spec.method === 'GET') {
    throw new Error(`call ${spec.id}: a GET call takes no body`);
  }
  return {
    ...spec,
    params: spec.params as P,
    query: spec.query as Q,
    body: spec.body as B,
  };
}

/** `defineCall` for the calls of one tag, so that each definition states only what is its own. */
export function tagged(tag: string) {
  return <
    P extends z.ZodObject | undefined = undefined,
    Q extends z.ZodObject | undefined = undefined,
    B extends z.ZodType | undefined = undefined,
    R extends z.ZodType = z.ZodType,
  >(
    spec: Omit<CallSpec<P, Q, B, R>, 'tag'>,
  ) => defineCall<P, Q, B, R>({ ...spec, tag });
}

/** The body of a POST that takes no input: `{}` and nothing else. */
export const EmptyBody = z.strictObject({});

/** The answer of a call that only confirms it was done. */
export const OkAnswer = z.object({ ok: z.literal(true) });

/**
 * The approve, reject and cancel calls of something that waits for a decision: each a POST to `{base}/{action}`.
 * Approving and rejecting take `decisionBody` (which carries the decider's code), cancelling takes `cancelBody`.
 */
export function defineDecisionCalls<
  P extends z.ZodObject,
  D extends z.ZodType,
  C extends z.ZodType,
  R extends z.ZodType,
>(spec: {
  /** The operation ids are this followed by Approve, Reject and Cancel. */
  idPrefix: string;
  base: string;
  tag: string;
  /** What is decided, for the summaries ('a workflow' gives 'approve a workflow'). */
  subject: string;
  access: CallAccess;
  params: P;
  decisionBody: D;
  cancelBody: C;
  response: R;
  /** The catalogue codes each of the three calls may answer of its own (see `CallDefinition.errors`). */
  errors?: Partial<Record<'approve' | 'reject' | 'cancel', readonly ErrorCode[]>>;
}) {
  const { idPrefix, base, subject, decisionBody, cancelBody, errors, ...shared } = spec;
  const decide = <B extends z.ZodType>(action: 'approve' | 'reject' | 'cancel', body: B) =>
    defineCall({
      ...shared,
      id: `${idPrefix}${action[0]!.toUpperCase()}${action.slice(1)}`,
      method: 'POST',
      path: `${base}/${action}`,
      summary: `${action} ${subject}`,
      body,
      ...(errors?.[action] ? { errors: errors[action] } : {}),
    });
  return {
    approve: decide('approve', decisionBody),
    reject: decide('reject', decisionBody),
    cancel: decide('cancel', cancelBody),
  };
}

/** Fills a path's `{parameters}`; a missing or empty one is an error, never an `undefined` segment. */
export function buildPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(PARAM, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new MissingCallInputError('path', name);
    }
    return encodeURIComponent(String(value));
  });
}

/** Thrown before sending when a required path parameter or body is missing (spec section 7). */
export class MissingCallInputError extends Error {
  constructor(
    readonly part: 'path' | 'body',
    readonly field?: string,
  ) {
    super(part === 'path' ? `Missing path parameter: ${field}` : 'Missing request body');
    this.name = 'MissingCallInputError';
  }
}
