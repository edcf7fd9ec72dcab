import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { readDemoCredentials } from '../../db/demo-credentials.js';
import { AppError } from '../../http/app-error.js';

/**
 * Development helpers, registered only outside production and left out of the OpenAPI document: the demo
 * account's credentials, so the demo and the browser journeys can sign in without a phone.
 */
export async function devRoutes(app: FastifyInstance, opts: { config: Config }) {
  app.get('/dev/demo-credentials', { config: { access: 'public' }, schema: { hide: true } }, async () => {
    const credentials = readDemoCredentials(opts.config.dataDir, opts.config.masterKey);
    if (!credentials) throw new AppError('404');
    return credentials;
  });
}
