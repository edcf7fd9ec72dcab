import type { AnyCall, CallAccess } from '@vaultline/contracts';
import * as contracts from '@vaultline/contracts';
import {
  ERROR_SCHEMA_NAME,
  errorBodySchema,
  errorResponses,
  genericErrorCodes,
  type RouteFacts,
  sharedErrorResponses,
} from './errors.js';
import { operationSecurity, SECURITY_SCHEMES } from './security.js';

function isCall(value: unknown): value is AnyCall {
  const v = value as Partial<AnyCall> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.id === 'string' &&
    typeof v.method === 'string' &&
    typeof v.path === 'string' &&
    typeof v.access === 'string'
  );
}

/**
 * Every call definition the contracts export, by operation id: the calls themselves and the approve/reject/cancel
 * groups of `defineDecisionCalls` (one level down). Read from the package, so a new call needs no list here.
 */
export function contractCalls(): Map<string, AnyCall> {
  const calls = new Map<string, AnyCall>();
  for (const value of Object.values(contracts)) {
    const candidates = isCall(value) ? [value] : typeof value === 'object' && value ? Object.values(value) : [];
    for (const candidate of candidates) if (isCall(candidate)) calls.set(candidate.id, candidate);
  }
  return calls;
}

type Operation = { operationId?: string; responses?: Record<string, unknown>; security?: unknown };
type OpenApiObject = {
  paths?: Record<string, Record<string, Operation>>;
  components?: {
    schemas?: Record<string, unknown>;
    responses?: Record<string, unknown>;
    securitySchemes?: Record<string, unknown>;
  };
};
interface TransformInput {
  schema: { operationId?: string } | undefined;
  route: { method: string | string[]; config?: unknown };
}

/**
 * Hooks for @fastify/swagger that add what the route schemas do not say: `transform` notes, per operation, the
 * access rule the session plugin enforces (the route's own config); `transformObject` then gives every operation
 * its `security` and its error answers (the codes its access rule and method imply, plus the call's own
 * `errors` from contracts), and declares the schemes and the shared error body once.
 */
export function documentRefiner() {
  const routes = new Map<string, Omit<RouteFacts, 'path'>>();
  const calls = contractCalls();

  function noteRoute({ schema, route }: TransformInput) {
    const id = schema?.operationId;
    if (!id) return;
    const access = (route.config as { access?: CallAccess } | undefined)?.access;
    const method = Array.isArray(route.method) ? route.method[0]! : route.method;
    routes.set(id, { access, method });
  }

  // The swagger types describe every OpenAPI version at once; only the parts read here matter.
  function refine<T extends object>(document: T): T {
    const doc = document as OpenApiObject;
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      for (const operation of Object.values(item)) {
        const id = operation.operationId;
        const noted = id ? routes.get(id) : undefined;
        if (!id || !noted) throw new Error(`OpenAPI: operation ${id ?? '(no id)'} has no route facts`);
        // The document's own path (`{name}` parameters, prefixes applied), not the router's spelling.
        const route: RouteFacts = { ...noted, path };
        const own = calls.get(id)?.errors ?? [];
        operation.security = operationSecurity(route.access, route.method);
        operation.responses = { ...operation.responses, ...errorResponses([...genericErrorCodes(route), ...own]) };
      }
    }
    doc.components = {
      ...doc.components,
      schemas: { ...doc.components?.schemas, [ERROR_SCHEMA_NAME]: errorBodySchema() },
      responses: { ...doc.components?.responses, ...sharedErrorResponses() },
      securitySchemes: { ...doc.components?.securitySchemes, ...SECURITY_SCHEMES },
    };
    return document;
  }

  return { noteRoute, refine };
}
