import { type AppLanguage, currentLanguage, i18n } from '../i18n';
import { errorCatalogue } from './error-catalogue';
import { formatWait, retryAfterSeconds } from './wait-time';

/** The code recorded when there is no readable error body (the catalogue's 'unknown error'). */
export const UNKNOWN_ERROR_CODE = '0';

export interface ApiErrorInit {
  code: string;
  status: number;
  message: string;
  rawMessage: string;
  data?: unknown;
  time?: Date;
  /** Re-translates the message, so an error shown on screen follows a language switch. */
  localize?: (lang: AppLanguage) => string;
}

/**
 * A failed call as the UI shows it (spec section 8): `message` is already translated, while
 * `rawMessage`, `status`, `data` and `time` stay for support and diagnostics.
 */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly rawMessage: string;
  readonly data: unknown;
  readonly time: Date;
  readonly #localize: ((lang: AppLanguage) => string) | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.code = init.code;
    this.status = init.status;
    this.rawMessage = init.rawMessage;
    this.data = init.data;
    this.time = init.time ?? new Date();
    this.#localize = init.localize;
  }

  /** The message in another language; the recorded one when it cannot be re-translated. */
  messageIn(lang: AppLanguage): string {
    return this.#localize?.(lang) ?? this.message;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

interface ErrorBody {
  code: string;
  message: string;
  data?: unknown;
}

/** The server's error body is `{ code, message, data? }`; the code may arrive as a number. */
function asErrorBody(body: unknown): ErrorBody | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { code, message, data } = body as Record<string, unknown>;
  if ((typeof code !== 'string' && typeof code !== 'number') || typeof message !== 'string') return undefined;
  return { code: String(code), message, data };
}

function unknownMessage(lang: AppLanguage, raw: string): string {
  const text = translatedMessage(UNKNOWN_ERROR_CODE, lang, undefined) ?? i18n.t('error.unknown', { lng: lang });
  return raw ? `${text} (${raw})` : text;
}

/**
 * A catalogued code's message, undefined otherwise. Read when the message is shown (`messageIn`), so a message read
 * before the catalogue arrived (error-catalogue.ts) is right once it has.
 */
function translatedMessage(code: string, lang: AppLanguage, data: unknown): string | undefined {
  // A rate limit that says how long to wait: the wait is the useful part of the message.
  const wait = code === '429' ? retryAfterSeconds(data) : null;
  if (wait !== null) return i18n.t('error.tooManyRequestsWait', { lng: lang, wait: formatWait(wait, lang) });
  const catalogue = errorCatalogue();
  if (!catalogue?.isErrorCode(code)) return undefined;
  // Some catalogue entries are deliberately empty; those fall back to what the server said.
  return catalogue.errorMessage(code, lang, data) || undefined;
}

/**
 * Turns an HTTP status and response body into an `ApiError`.
 * - no `{ code, message }` body → unknown error carrying the raw message ('Failed to fetch', status text);
 * - a catalogued code → its message in `lang` (4034 reads its seconds from `data`, 429 its
 *   `retryAfterSeconds`);
 * - a code the catalogue does not know → the server's own message.
 */
export function readApiError(
  status: number,
  body: unknown,
  rawMessage?: string,
  lang: AppLanguage = currentLanguage(),
): ApiError {
  const parsed = asErrorBody(body);
  const raw = parsed?.message || rawMessage || '';
  const localize = (to: AppLanguage) =>
    parsed
      ? (translatedMessage(parsed.code, to, parsed.data) ?? (raw || unknownMessage(to, '')))
      : unknownMessage(to, raw);
  return new ApiError({
    code: parsed?.code ?? UNKNOWN_ERROR_CODE,
    status,
    message: localize(lang),
    rawMessage: raw,
    data: parsed?.data,
    localize,
  });
}

/** The translated message for an error code alone, e.g. one passed in a URL (`?error=4001`). */
export function readErrorCode(code: string, lang: AppLanguage = currentLanguage()): ApiError {
  return readApiError(0, { code, message: '' }, undefined, lang);
}

/** Any thrown value as an `ApiError`, so every failure is shown the same way. */
export function toApiError(error: unknown, lang: AppLanguage = currentLanguage()): ApiError {
  if (error instanceof ApiError) return error;
  const raw = error instanceof Error ? error.message : String(error ?? '');
  return readApiError(0, undefined, raw, lang);
}
