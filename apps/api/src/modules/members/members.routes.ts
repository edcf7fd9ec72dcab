import { meCall, updateLanguageCall, updateNameCall, updatePassphraseCall } from '@vaultline/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call.js';
import { requireAuth } from '../../plugins/session.js';
import type { Services } from '../../services.js';
import { assertSelf } from '../auth/auth.routes.js';

export async function memberRoutes(app: FastifyInstance, opts: { services: Services }) {
  const { services } = opts;

  registerCall(app, meCall, async ({ request }) => services.members.me(requireAuth(request)));

  registerCall(app, updateLanguageCall, async ({ params, body, request }) => {
    assertSelf(request, params.memberId);
    return services.members.setLanguage(requireAuth(request), body.language);
  });

  registerCall(app, updateNameCall, async ({ params, body, request }) => {
    assertSelf(request, params.memberId);
    return services.members.setName(requireAuth(request), body);
  });

  registerCall(app, updatePassphraseCall, async ({ params, body, request }) => {
    assertSelf(request, params.memberId);
    return services.passwords.change(params.memberId, requireAuth(request).sessionId, body, {
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
    });
  });
}
