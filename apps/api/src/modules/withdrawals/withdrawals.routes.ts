import {
  withdrawalApproveCall,
  withdrawalCancelCall,
  withdrawalCreateCall,
  withdrawalPreviewCall,
  withdrawalRejectCall,
} from '@vaultline/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call.js';
import { requestLanguage as lang } from '../../plugins/error-handler.js';
import { requireAuth as auth } from '../../plugins/session.js';
import type { Services } from '../../services.js';

export async function withdrawalRoutes(app: FastifyInstance, opts: { services: Services }) {
  const { withdrawals } = opts.services;
  registerCall(app, withdrawalCreateCall, async ({ request, params, body }) =>
    withdrawals.create(auth(request), params.family, body, lang(request)),
  );
  registerCall(app, withdrawalPreviewCall, async ({ request, params, body }) =>
    withdrawals.preview(auth(request), params.family, body, lang(request)),
  );
  registerCall(app, withdrawalApproveCall, async ({ request, params, body }) =>
    withdrawals.decide(auth(request), params.family, 'APPROVED', body),
  );
  registerCall(app, withdrawalRejectCall, async ({ request, params, body }) =>
    withdrawals.decide(auth(request), params.family, 'REJECTED', body),
  );
  registerCall(app, withdrawalCancelCall, async ({ request, params, body }) =>
    withdrawals.cancel(auth(request), params.family, body.requestId),
  );
}
