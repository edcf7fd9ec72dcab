import {
  supportedBlockchainsCall,
  supportedTokensCall,
  tokenAddCall,
  tokenGetCall,
  tokenListCall,
  tokenRemoveCall,
} from '@vaultline/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call.js';
import { requireAuth as auth } from '../../plugins/session.js';
import type { Services } from '../../services.js';

export async function tokenRoutes(app: FastifyInstance, opts: { services: Services }) {
  const { tokens } = opts.services;

  registerCall(app, supportedBlockchainsCall, async () => tokens.supportedBlockchains());
  registerCall(app, supportedTokensCall, async ({ request, query }) =>
    tokens.supportedTokens(auth(request), query.blockchain),
  );
  registerCall(app, tokenAddCall, async ({ request, body }) => tokens.add(auth(request), body.tokenId));
  registerCall(app, tokenListCall, async ({ request, body }) => tokens.list(auth(request), body));
  registerCall(app, tokenGetCall, async ({ request, params }) => tokens.get(auth(request), params.organizationTokenId));
  registerCall(app, tokenRemoveCall, async ({ request, body }) =>
    tokens.remove(auth(request), body.organizationTokenId),
  );
}
