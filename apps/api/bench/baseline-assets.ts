// Baselines of the asset calls (module apps/api/src/modules/assets): the same repository calls as the services.
import type { FastifyInstance } from 'fastify';
import { activitiesRepository } from '../src/modules/assets/activities.repository.js';
import { balancesRepository } from '../src/modules/assets/balances.repository.js';
import { tokensRepository } from '../src/modules/tokens/tokens.repository.js';
import type { BaselineContext } from './baseline.js';

export async function assetBaselines(app: FastifyInstance, ctx: BaselineContext) {
  const { db, organizationId } = ctx;

  // What activitiesService.list runs for a caller who sees every wallet, without filters.
  app.post('/activities', async (request) => {
    const body = request.body as { page?: number; size?: number; after?: string };
    const repo = activitiesRepository(db, organizationId);
    const size = body.size ?? 20;
    if (body.after) {
      // The keyset page: the cursor's position, then the rows after it (what the service runs for `after`).
      const after = await repo.cursorPosition(null, body.after);
      if (!after) throw new Error('Unknown cursor');
      return repo.listAfter(null, {}, { after, size, direction: 'DESC' });
    }
    return repo.list(null, {}, { page: body.page ?? 1, size, direction: 'DESC' });
  });

  // What balancesService.organization runs for a caller who sees every wallet (OWNER).
  app.post('/balances', async () => {
    const repo = balancesRepository(db, organizationId);
    const sums = await repo.totalsByToken(null);
    const chains = await repo.walletChains(null);
    const registered = await tokensRepository(db, organizationId).tokenIds();
    return { sums, chains, registered };
  });
}
