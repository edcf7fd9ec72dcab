// The baseline of each benchmarked call: a bare Fastify route (no plugins, no session, no CSRF, no zod, no
// response serializer, no error handling) that runs the same repository calls, hence the same SQL, on the same
// pg pool as the product's service, and answers their rows as plain JSON.
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../src/config.js';
import type { Db } from '../src/db/client.js';
import { shapedStatements, slot } from '../src/db/shaped-statements.js';
import { jsonObjectText } from '../src/http/json-text.js';
import { approvalsRepository, type RequestListQuery } from '../src/modules/approvals/approvals.repository.js';
import { requestViewValues } from '../src/modules/approvals/request-list-item.js';
import { type WalletListQuery, walletsRepository } from '../src/modules/wallets/wallets.repository.js';
import type { Services } from '../src/services.js';
import { assetBaselines } from './baseline-assets.js';
import { withdrawalBaselines } from './baseline-withdrawals.js';

export interface BaselineContext {
  db: Db;
  organizationId: string;
  ownerId: string;
  /** The server's configuration (the chains' runtimes, which the requests list reads). */
  config: Config;
  /** The app's services on the same pool, for a baseline whose repository calls are a whole service (create). */
  services: Services;
}

type Body = { page?: number; size?: number; after?: string; filters?: RequestListQuery['filters'] };
/** The page by number, or by cursor when the body has one (the repositories run the keyset read then). */
const paging = (body: Body) => ({ page: body.page ?? 1, size: body.size ?? 20, after: body.after });

export async function buildBaseline(ctx: BaselineContext): Promise<FastifyInstance> {
  const { db, organizationId, ownerId } = ctx;
  const app = Fastify({ logger: false });

  // The floor of the machine: one trivial query on the same pool. Each list baseline is judged against it
  // (issue 17: a baseline below a third of it spends its time in its own SQL, not in HTTP or the driver).
  app.post('/trivial', async () => {
    const result = await db.execute(sql`select 1 as one`);
    return { one: (result as unknown as { rows: { one: number }[] }).rows[0]?.one };
  });

  // What walletsService.list runs: one statement answering the page, with each wallet's member count and the
  // caller's role, its total and next cursor as JSON text, sent as it is.
  app.post('/wallets', async (request, reply) => {
    const q: WalletListQuery = { ...paging(request.body as Body), sort: [] };
    const page = await walletsRepository(db, organizationId).list(null, q, ownerId);
    reply.type('application/json');
    return jsonObjectText({ items: page.items }, { total: page.total, nextCursor: page.nextCursor });
  });

  // What approvalsService.list runs: one statement answering the page of request views (decisions, people, wallet
  // names and the execution of the requests that send a chain transaction in it), its total and next cursor as
  // JSON text, sent as it is.
  const view = requestViewValues(ctx.config);
  app.post('/requests', async (request, reply) => {
    const body = request.body as Body;
    const q: RequestListQuery = { ...paging(body), sort: [], ...(body.filters ? { filters: body.filters } : {}) };
    const page = await approvalsRepository(db, organizationId).list(ownerId, null, q, view);
    reply.type('application/json');
    return jsonObjectText({ items: page.items }, { total: page.total, nextCursor: page.nextCursor });
  });

  // What approvalsService.actionableCount runs: the caller's awaited requests counted.
  app.post('/requests/actionable-count', async () => ({
    count: await approvalsRepository(db, organizationId).countPendingFor(ownerId),
  }));

  // The most any statement could do for a call on this machine: the call's own answer kept whole in one row and
  // read by its key (the bench stores each list's baseline answer in bench_kept_answers before measuring this), so
  // the answer's size apart from the work of making it shows against the trivial route.
  app.post('/kept-answer', async (request, reply) => {
    const rows = await shapedStatements.execute<{ answer: string }>(
      db,
      'bench kept answer',
      () => sql`select answer from bench_kept_answers where name = ${slot('name')}`,
      { name: (request.body as { name: string }).name },
    );
    reply.type('application/json');
    return rows[0]?.answer ?? '{}';
  });

  await assetBaselines(app, ctx);
  await withdrawalBaselines(app, ctx);
  return app;
}
