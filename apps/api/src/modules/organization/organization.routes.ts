import {
  acceptInvitationCall,
  cancelInvitationCall,
  groupCreateCall,
  groupDeleteCall,
  groupListCall,
  groupPermissionsCall,
  groupUpdateCall,
  inviteMembersCall,
  memberByEmailCall,
  memberDeleteCall,
  memberListCall,
  memberPermissionsCall,
  organizationMeCall,
  reinviteMemberCall,
  verifyInvitationCall,
} from '@vaultline/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerCall } from '../../http/register-call.js';
import { requestLanguage } from '../../plugins/error-handler.js';
import { requireAuth } from '../../plugins/session.js';
import type { Services } from '../../services.js';

const lang = (request: FastifyRequest) => (requestLanguage(request) === 'en' ? 'EN' : 'KO');

export async function organizationRoutes(app: FastifyInstance, opts: { services: Services }) {
  const { organization, groups, invitations } = opts.services;
  const auth = requireAuth;

  registerCall(app, organizationMeCall, async ({ request }) => organization.me(auth(request)));
  registerCall(app, memberListCall, async ({ request, body }) => organization.list(auth(request), body));
  registerCall(app, memberByEmailCall, async ({ request, params }) =>
    organization.byEmail(auth(request), params.email),
  );
  registerCall(app, memberPermissionsCall, async ({ request, params, body }) =>
    organization.setPermissions(auth(request), params.memberId, body.permissions),
  );
  registerCall(app, memberDeleteCall, async ({ request, params, body }) =>
    organization.remove(auth(request), params.memberId, body.otpCode),
  );

  registerCall(app, inviteMembersCall, async ({ request, body }) =>
    invitations.invite(auth(request), body, lang(request)),
  );
  registerCall(app, reinviteMemberCall, async ({ request, body }) =>
    invitations.reinvite(auth(request), body.memberId, lang(request)),
  );
  registerCall(app, cancelInvitationCall, async ({ request, body }) =>
    invitations.cancel(auth(request), body.memberId),
  );
  registerCall(app, verifyInvitationCall, async ({ body }) => invitations.verify(body.invitationId, body.token));
  registerCall(app, acceptInvitationCall, async ({ request, body }) =>
    invitations.accept(body, { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' }),
  );

  registerCall(app, groupCreateCall, async ({ request, body }) => groups.create(auth(request), body));
  registerCall(app, groupListCall, async ({ request, body }) => groups.list(auth(request), body));
  registerCall(app, groupUpdateCall, async ({ request, params, body }) =>
    groups.update(auth(request), params.groupId, body),
  );
  registerCall(app, groupPermissionsCall, async ({ request, params, body }) =>
    groups.setPermissions(auth(request), params.groupId, body.permissions),
  );
  registerCall(app, groupDeleteCall, async ({ request, params, body }) =>
    groups.remove(auth(request), params.groupId, body.otpCode),
  );
}
