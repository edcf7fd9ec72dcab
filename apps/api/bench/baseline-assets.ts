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
    const body = request.body as { page?: number; size?: number };
    const page = { page: body.page ?? 1, size: body.size ?? 20, direction: 'DESC' as const };
    return activitiesRepository(db).list(organizationId, null, {}, page);
  });

  // What balancesService.organization runs for a caller who sees every wallet (OWNER).
  app.post('/balances', async () => {
    const repo = balancesRepository(db);
    const sums = await repo.totalsByToken(organizationId, null);
    const chains = await repo.walletChains(organizationId, null);
    const registered = await tokensRepository(db).tokenIds(organizationId);
    return { sums, chains, registered };
  });
}
