import type { AnyCall, CallBodyInput, CallParams, CallQuery, CallResponse } from '@vaultline/contracts';
import { currentLanguage } from '../i18n';
import { loadErrorCatalogue } from './error-catalogue';
import { readApiError } from './error-reader';

/**
 * An error answer read with the error catalogue's messages: fetched now if the first draw's idle time has not yet
 * (a successful answer never waits for it). Without it (its fetch failed too), the reader's fallbacks speak.
 */
async function readWithCatalogue(status: number, body: unknown, rawMessage: string) {
  await loadErrorCatalogue().catch(() => undefined);
  return readApiError(status, body, rawMessage);
}

/**
 * A call whose definition (and its schemas) is fetched when it is first made: screens that must draw before zod's
 * schema core arrives (sign-in) name their calls so, e.g. `lazyCall(() => import('./calls'), 'memberLoginCall')`.
 */
export type LazyCall<C extends AnyCall> = () => Promise<C>;

/** The named call of a module fetched on first use (see `LazyCall`). */
export function lazyCall<M, K extends keyof M>(load: () => Promise<M>, name: K): LazyCall<M[K] & AnyCall> {
  return () => load().then((module) => module[name] as M[K] & AnyCall);
}

export interface CallOptions<C extends AnyCall> {
  params?: CallParams<C>;
  query?: CallQuery<C>;
  body?: CallBodyInput<C>;
  signal?: AbortSignal;
}

/** The readable cookie the server sets on any answer when absent, and rotates at login. */
export const CSRF_COOKIE = 'vl_csrf';
/** Its name over HTTPS, where the server sets it with the `__Host-` prefix. */
export const SECURE_CSRF_COOKIE = `__Host-${CSRF_COOKIE}`;
/** Every state-changing call repeats the cookie's value in this header (double-submit). */
export const CSRF_HEADER = 'x-csrf-token';

/** One cookie's value from `document.cookie` (or the given cookie string); undefined when absent. */
export function readCookie(name: string, cookies: string = typeof document === 'undefined' ? '' : document.cookie) {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

/** `?a=1&b=x&b=y`; empty values are left out so an unset filter never reaches the server as ''. */
export function toQueryString(query: unknown): string {
  if (typeof query !== 'object' || query === null) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, QueryValue>)) {
    if (value === undefined || value === null || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Sends one contracts call. A missing path parameter or body is refused before anything is sent
 * (spec section 5); a non-2xx answer or a network failure becomes an `ApiError` from the error reader.
 */
export async function callApi<C extends AnyCall>(
  definition: C | LazyCall<C>,
  options: CallOptions<C> = {},
): Promise<CallResponse<C>> {
  // The contracts' call module shares its chunk with zod's core: it arrives with the first call, like the schemas.
  const [call, { buildPath, MissingCallInputError }] = await Promise.all([
    typeof definition === 'function' ? definition() : definition,
    import('./call-helpers'),
  ]);
  const path = buildPath(call.path, options.params as Record<string, unknown> | undefined);
  if (call.body && (options.body === undefined || options.body === null)) {
    throw new MissingCallInputError('body');
  }

  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLanguage() };
  if (call.method !== 'GET') {
    // Read at send time, never cached: the server rotates the token at login.
    const csrf = readCookie(SECURE_CSRF_COOKIE) ?? readCookie(CSRF_COOKIE);
    if (csrf) headers[CSRF_HEADER] = csrf;
  }
  let body: string | undefined;
  if (call.body) {
    headers['Content-Type'] = 'application/json';
    // Sent as the caller gave it: the server validates with the same schema, and re-parsing here
    // would apply transforms twice.
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(path + toQueryString(options.query), {
      method: call.method,
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    // A cancelled query must stay an AbortError for React Query to recognise it.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw await readWithCatalogue(0, undefined, error instanceof Error ? error.message : String(error));
  }

  const payload = await readBody(response);
  if (!response.ok) {
    throw await readWithCatalogue(response.status, payload, response.statusText || `HTTP ${response.status}`);
  }
  const parsed = call.response.safeParse(payload);
  if (!parsed.success) {
    // The server answered something the contract does not describe: show it as an unknown error.
    throw await readWithCatalogue(response.status, undefined, `Unexpected response from ${call.id}`);
  }
  return parsed.data as CallResponse<C>;
}
