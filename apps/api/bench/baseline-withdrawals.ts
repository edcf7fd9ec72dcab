// Baseline of withdrawal creation (module apps/api/src/modules/withdrawals). Its repository calls are the whole create
// rule set (wallet lock, token registration, address book, sanctions, balance lock and hold, the line, the request
// and its hand-off to the engine queue), so the baseline calls the service itself with the OWNER's context built
// once: what remains between the two is exactly what the served route adds (session, CSRF, zod, serializer).
import { effectivePermissions, type WithdrawalCreateBody } from '@vaultline/contracts';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../src/modules/auth/session.service.js';
import type { BaselineContext } from './baseline.js';

export async function withdrawalBaselines(app: FastifyInstance, ctx: BaselineContext) {
  const { services, organizationId, ownerId } = ctx;
  const auth: AuthContext = {
    accountId: ownerId,
    email: 'bench-owner@vaultline.local',
    kind: 'MEMBER',
    organizationId,
    sessionId: 'bench-baseline',
    sessionExpiresAt: new Date(Date.now() + 86_400_000),
    csrfHash: '',
    permissions: effectivePermissions(['OWNER'], []),
    operatorRole: null,
  };

  // The created request's view is PostgreSQL's JSON text, sent as it is.
  app.post('/withdrawals/create', async (request, reply) => {
    const created = await services.withdrawals.create(auth, 'evm', request.body as WithdrawalCreateBody, 'en');
    reply.type('application/json');
    return created.text;
  });
}
