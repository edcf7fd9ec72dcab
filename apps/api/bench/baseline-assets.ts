// Baselines of the asset calls (module apps/api/src/modules/assets): the same repository calls as the services.
import type { FastifyInstance } from 'fastify';
import { jsonObjectText } from '../src/http/json-text.js';
import { activitiesRepository } from '../src/modules/assets/activities.repository.js';
import { organizationTotalsJson } from '../src/modules/assets/balance-totals.repository.js';
import type { BaselineContext } from './baseline.js';

export async function assetBaselines(app: FastifyInstance, ctx: BaselineContext) {
  const { db, organizationId } = ctx;

  // What activitiesService.list runs for a caller who sees every wallet, without filters: one statement answering
  // the page by number or by cursor as JSON text, sent as it is.
  app.post('/activities', async (request, reply) => {
    const body = request.body as { page?: number; size?: number; after?: string };
    const page = { page: body.page ?? 1, size: body.size ?? 20, after: body.after, direction: 'DESC' as const };
    const answer = await activitiesRepository(db, organizationId).list(null, {}, page);
    reply.type('application/json');
    return jsonObjectText({ items: answer.items }, { total: answer.total, nextCursor: answer.nextCursor });
  });

  // What balancesService.organization runs for a caller who sees every wallet (OWNER): one statement answering the
  // totals as JSON text, sent as it is.
  app.post('/balances', async (_request, reply) => {
    const totals = await organizationTotalsJson(db, organizationId, { onlyFor: null });
    reply.type('application/json');
    return jsonObjectText({ items: totals.items, unregistered: totals.unregistered }, {});
  });
}
