import { CLIENT_VERSION, healthCall, LIMITS, readinessCall, systemInfoCall, TIMEZONE } from '@vaultline/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { registerCall } from '../../http/register-call.js';

/**
 * How long /readyz waits for the database. A refused connection fails at once, but an unreachable host (a dropped
 * network, a paused server) leaves the connection attempt hanging for minutes: the probe must say "not ready" well
 * within its own timeout instead of hanging with it.
 */
export const READINESS_TIMEOUT_MS = 2000;

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

export async function systemRoutes(app: FastifyInstance, opts: { config: Config; database: Database }) {
  registerCall(app, healthCall, async () => ({ status: 'ok' as const }));

  registerCall(app, readinessCall, async ({ request }) => {
    try {
      await withDeadline(opts.database.ping(), READINESS_TIMEOUT_MS);
    } catch (err) {
      request.log.warn({ err }, 'database not ready');
      throw new AppError('503');
    }
    return { status: 'ready' as const, database: opts.database.kind };
  });

  registerCall(app, systemInfoCall, async () => ({
    name: 'Vaultline' as const,
    version: CLIENT_VERSION,
    environment: opts.config.env,
    production: opts.config.production,
    timezone: TIMEZONE,
    sessionMinutes: LIMITS.SESSION_MINUTES,
    languages: ['EN' as const, 'KO' as const],
    defaultLanguage: 'KO' as const,
  }));
}
