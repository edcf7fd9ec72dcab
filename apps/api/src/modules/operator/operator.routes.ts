import {
  amlStatusListCall,
  coldWalletImportWorkflow,
  operatorOrganizationGetCall,
  operatorOrganizationListCall,
  organizationCreationWorkflow,
  organizationUpdateWorkflow,
  ownerInvitationAcceptCall,
  ownerInvitationGetCall,
  ownerInvitationResendCall,
  ownerInvitationWorkflow,
  updateAmlStatusWorkflowCreateCall,
  updateCustodyFeeWorkflowCreateCall,
  updateCustodyPolicyWorkflowCreateCall,
  updateDetailWorkflowCreateCall,
  workflowListCall,
} from '@vaultline/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerCall } from '../../http/register-call.js';
import { requestLanguage } from '../../plugins/error-handler.js';
import { requireAuth } from '../../plugins/session.js';
import type { Services } from '../../services.js';

const lang = (request: FastifyRequest) => (requestLanguage(request) === 'en' ? 'EN' : 'KO');

export async function operatorRoutes(app: FastifyInstance, opts: { services: Services }) {
  const { operator, invitations } = opts.services;
  const auth = requireAuth;

  registerCall(app, operatorOrganizationListCall, async ({ request, body }) =>
    operator.organizations(auth(request), body),
  );
  registerCall(app, operatorOrganizationGetCall, async ({ request, params }) =>
    operator.organization(auth(request), params.organizationId),
  );
  registerCall(app, amlStatusListCall, async ({ body }) => operator.aml(body));
  registerCall(app, workflowListCall, async ({ request, body }) => operator.workflows(auth(request), body));

  registerCall(app, ownerInvitationGetCall, async ({ params, body }) =>
    invitations.verify(params.invitationId, body.token),
  );
  registerCall(app, ownerInvitationAcceptCall, async ({ params, body, request }) =>
    invitations.accept(
      { ...body, invitationId: params.invitationId },
      { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' },
    ),
  );
  registerCall(app, ownerInvitationResendCall, async ({ params, request }) =>
    operator.resendOwnerInvitation(auth(request), params.organizationId, lang(request)),
  );

  registerCall(app, organizationCreationWorkflow.create!, async ({ request, body }) =>
    operator.create(auth(request), 'ORGANIZATION_CREATION', body),
  );
  registerCall(app, ownerInvitationWorkflow.create!, async ({ request, body }) =>
    operator.create(auth(request), 'OWNER_INVITATION', body),
  );
  registerCall(app, updateDetailWorkflowCreateCall, async ({ request, body }) =>
    operator.create(auth(request), 'ORGANIZATION_UPDATE_DETAIL', body),
  );
  registerCall(app, updateCustodyFeeWorkflowCreateCall, async ({ request, body }) =>
    operator.create(auth(request), 'ORGANIZATION_UPDATE_CUSTODY_FEE', body),
  );
  registerCall(app, updateAmlStatusWorkflowCreateCall, async ({ request, body }) =>
    operator.create(auth(request), 'ORGANIZATION_UPDATE_AML_STATUS', body),
  );

  registerCall(app, updateCustodyPolicyWorkflowCreateCall, async ({ request, body }) =>
    operator.create(auth(request), 'ORGANIZATION_UPDATE_CUSTODY_POLICY', body),
  );

  registerCall(app, coldWalletImportWorkflow.create!, async ({ request, body }) =>
    operator.create(auth(request), 'COLD_WALLET_IMPORT', body),
  );

  const families = [
    ['creation', organizationCreationWorkflow],
    ['owner', ownerInvitationWorkflow],
    ['update', organizationUpdateWorkflow],
    ['cold', coldWalletImportWorkflow],
  ] as const;
  for (const [family, calls] of families) {
    for (const action of ['approve', 'reject', 'cancel'] as const) {
      registerCall(app, calls[action], async ({ request, params, body }) =>
        operator.decide(auth(request), params.workflowId, action, body, family, lang(request)),
      );
    }
  }
}
