import {
  Blockchain,
  DevnetDepositBody,
  DevnetTransaction,
  devnetDepositCall,
  devnetStatusCall,
} from '@vaultline/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { AppError } from '../../http/app-error.js';
import { registerCall } from '../../http/register-call.js';
import { requestLanguage } from '../../plugins/error-handler.js';
import { safeEqual } from '../../security/at-rest.js';
import type { Services } from '../../services.js';
import { devnetToken } from './devnet-token.js';

export const DEVNET_TOKEN_HEADER = 'x-devnet-token';
export const DEVNET_CLI_PATH = '/dev/devnet/deposits';

/**
 * The local devnet's calls, registered only in local and development: the operators' deposit and status calls, and
 * the CLI's deposit route. The CLI has no session: it presents a token both derive from MASTER_KEY.
 */
export async function devnetRoutes(app: FastifyInstance, opts: { services: Services; config: Config }) {
  const { devnet } = opts.services;
  registerCall(app, devnetDepositCall, async ({ body, request }) => devnet.deposit(body, requestLanguage(request)));
  registerCall(app, devnetStatusCall, async () => devnet.status());

  const token = devnetToken(opts.config.masterKey);
  app.post(
    DEVNET_CLI_PATH,
    {
      schema: {
        hide: true,
        body: DevnetDepositBody.extend({ blockchain: Blockchain.optional() }),
        response: { 200: DevnetTransaction },
      },
      // No session and no CSRF: the token guards it (onRequest, before the body is read).
      onRequest: async (request) => {
        const presented = request.headers[DEVNET_TOKEN_HEADER];
        if (typeof presented !== 'string' || !safeEqual(presented, token))
          throw new AppError('403', { reason: 'devnet-token' });
      },
    },
    async (request) => devnet.deposit(request.body as Parameters<typeof devnet.deposit>[0], requestLanguage(request)),
  );
}
