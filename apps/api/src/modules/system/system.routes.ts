import { CLIENT_VERSION, healthCall, LIMITS, readinessCall, systemInfoCall, TIMEZONE } from '@vaultline/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { registerCall } from '../../http/register-call.js';

export async function systemRoutes(app: FastifyInstance, opts: { config: Config; database: Database }) {
  registerCall(app, healthCall, async () => ({ status: 'ok' as const }));

  registerCall(app, readinessCall, async ({ request }) => {
    try {
      await opts.database.ping();
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
