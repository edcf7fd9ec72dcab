import { gasFeeWalletListCall } from '@vaultline/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call.js';
import { requestLanguage } from '../../plugins/error-handler.js';
import { requireAuth as auth } from '../../plugins/session.js';
import type { Services } from '../../services.js';

export async function gasFeeWalletRoutes(app: FastifyInstance, opts: { services: Services }) {
  const { gasFeeWallets } = opts.services;
  // WALLETS_VIEW (OWNER holds it) is checked by the call's access rule; the organization is the caller's own.
  registerCall(app, gasFeeWalletListCall, async ({ request }) =>
    gasFeeWallets.list(auth(request), requestLanguage(request)),
  );
}
