import {
  activityExportCreateCall,
  activityExportFileCall,
  activityExportGetCall,
  activityGetCall,
  activityListCall,
  balancesOrganizationCall,
  balancesWalletsCall,
  walletBalancesCall,
  walletTokenBalanceCall,
} from '@vaultline/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call.js';
import { requireAuth as auth } from '../../plugins/session.js';
import type { Services } from '../../services.js';

export async function assetRoutes(app: FastifyInstance, opts: { services: Services }) {
  const { balances, activities } = opts.services;

  registerCall(app, balancesOrganizationCall, async ({ request, body }) => balances.organization(auth(request), body));
  registerCall(app, balancesWalletsCall, async ({ request, body }) => balances.wallets(auth(request), body));
  registerCall(app, walletBalancesCall, async ({ request, params, query }) =>
    balances.wallet(auth(request), params.walletId, query.hasToken === 'true'),
  );
  registerCall(app, walletTokenBalanceCall, async ({ request, params }) =>
    balances.walletToken(auth(request), params.walletId, params.tokenId),
  );

  registerCall(app, activityListCall, async ({ request, body }) => activities.list(auth(request), body));
  registerCall(app, activityGetCall, async ({ request, params }) =>
    activities.get(auth(request), params.assetActivityId),
  );
  registerCall(app, activityExportCreateCall, async ({ request, body }) =>
    activities.createExport(auth(request), body),
  );
  registerCall(app, activityExportGetCall, async ({ request, params }) =>
    activities.getExport(auth(request), params.exportId),
  );
  registerCall(
    app,
    activityExportFileCall,
    async ({ request, reply, params }) => {
      const file = await activities.exportFile(auth(request), params.exportId);
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('content-length', file.size)
        .header('cache-control', 'no-store');
      // A file stream (or an old export's text) goes out as it is: the serializer never sees a stream or a string
      // with a non-JSON type. The contract's string is the body the browser receives.
      return file.body as string;
    },
    { produces: ['text/csv'] },
  );
}
