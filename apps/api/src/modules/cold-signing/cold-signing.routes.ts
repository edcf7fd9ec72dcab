import {
  coldSigningQueueCall,
  coldSigningRequestCall,
  coldSigningReviewCall,
  coldSigningSubmitCall,
  coldWalletKeyConfirmCall,
  coldWalletKeyDeclineCall,
  coldWalletKeyImportCall,
} from '@vaultline/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call.js';
import { requireAuth } from '../../plugins/session.js';
import type { Services } from '../../services.js';

export async function coldSigningRoutes(app: FastifyInstance, opts: { services: Services }) {
  const { coldSigning, coldWalletKeys } = opts.services;
  registerCall(app, coldSigningQueueCall, async ({ request }) => coldSigning.queue(requireAuth(request)));
  registerCall(app, coldSigningRequestCall, async ({ request, params }) =>
    coldSigning.request(requireAuth(request), params.transactionId),
  );
  registerCall(app, coldSigningReviewCall, async ({ request, params }) =>
    coldSigning.confirm(requireAuth(request), params.transactionId),
  );
  registerCall(app, coldSigningSubmitCall, async ({ request, params, body }) =>
    coldSigning.submit(requireAuth(request), params.transactionId, body.parts),
  );
  registerCall(app, coldWalletKeyImportCall, async ({ request, params, body }) =>
    coldWalletKeys.importKey(requireAuth(request), params.requestId, body.accountParts),
  );
  registerCall(app, coldWalletKeyConfirmCall, async ({ request, params }) =>
    coldWalletKeys.confirm(requireAuth(request), params.requestId),
  );
  registerCall(app, coldWalletKeyDeclineCall, async ({ request, params, body }) =>
    coldWalletKeys.decline(requireAuth(request), params.requestId, body.reason),
  );
}
