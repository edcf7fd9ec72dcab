import { hasUnsafeCharacters, validationMessage } from '@vaultline/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../http/app-error.js';
import { plainPath, requestLanguage } from './error-handler.js';

const KEY = 'validation.text.invalidCharacters';

/** The path of the first string (or property name) holding NUL or a lone surrogate, or null. */
export function findUnsafeText(value: unknown, depth = 0): string[] | null {
  if (typeof value === 'string') return hasUnsafeCharacters(value) ? [] : null;
  if (depth > 32 || typeof value !== 'object' || value === null) return null;
  // The path is built on the way back from a find only: every call of every route runs this.
  for (const k in value) {
    if (!Object.hasOwn(value, k)) continue;
    if (hasUnsafeCharacters(k)) return [k];
    const found = findUnsafeText((value as Record<string, unknown>)[k], depth + 1);
    if (found) {
      found.unshift(k);
      return found;
    }
  }
  return null;
}

/**
 * Every text that reaches a route (body, query, path parameters) is refused with the catalogue's 400 when it
 * holds NUL or an unpaired surrogate, before any schema or database sees it: the contracts refuse them in their
 * text schemas, and this covers every other string field the same way. The input is never echoed back.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  // A callback hook, not an async one: it runs on every request, and an async hook costs a promise and a turn.
  app.addHook('preValidation', (request, _reply, done) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const found = findUnsafeText(value);
      if (!found) continue;
      const path = plainPath(part, found);
      done(
        new AppError('4000', {
          reason: 'validation',
          issues: [{ path, key: KEY, message: validationMessage(KEY, requestLanguage(request)) }],
        }),
      );
      return;
    }
    done();
  });
});
