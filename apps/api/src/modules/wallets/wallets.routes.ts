import {
  actionableCountCall,
  creationLineGetCall,
  creationLineUpdateCall,
  requestDetailCall,
  requestListCall,
  validateAccountNameCall,
  walletCreationApproveCall,
  walletCreationCancelCall,
  walletCreationCreateCall,
  walletCreationRejectCall,
  walletGetCall,
  walletLineCreateCall,
  walletLineGetCall,
  walletLineUpdateCall,
  walletListCall,
  walletMemberAddCall,
  walletMemberGetCall,
  walletMemberListCall,
  walletMemberRemoveCall,
  walletMemberUpdateCall,
} from '@vaultline/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error.js';
import { registerCall } from '../../http/register-call.js';
import { requireAuth as auth } from '../../plugins/session.js';
import type { Services } from '../../services.js';

export async function walletRoutes(app: FastifyInstance, opts: { services: Services }) {
  const { wallets, approvals, lines } = opts.services;

  registerCall(app, walletCreationCreateCall, async ({ request, params, body }) =>
    wallets.requestCreation(auth(request), params.family, params.organizationId, body),
  );
  const ensureOrg = (request: Parameters<typeof auth>[0], organizationId: string) => {
    if (auth(request).organizationId !== organizationId) throw new AppError('404');
  };
  registerCall(app, walletCreationApproveCall, async ({ request, params, body }) => {
    ensureOrg(request, params.organizationId);
    return wallets.decide(auth(request), params.family, params.requestId, 'APPROVED', body);
  });
  registerCall(app, walletCreationRejectCall, async ({ request, params, body }) => {
    ensureOrg(request, params.organizationId);
    return wallets.decide(auth(request), params.family, params.requestId, 'REJECTED', body);
  });
  registerCall(app, walletCreationCancelCall, async ({ request, params }) => {
    ensureOrg(request, params.organizationId);
    return wallets.cancel(auth(request), params.family, params.requestId);
  });
  registerCall(app, validateAccountNameCall, async ({ request, params, query }) =>
    wallets.validateAccountName(auth(request), params.organizationId, query.accountName, query.blockchain),
  );

  registerCall(app, walletListCall, async ({ request, body }) => wallets.list(auth(request), body));
  registerCall(app, walletGetCall, async ({ request, params }) => wallets.get(auth(request), params.walletId));
  registerCall(app, walletMemberListCall, async ({ request, params, body }) =>
    wallets.members(auth(request), params.walletId, body.page, body.size),
  );
  registerCall(app, walletMemberAddCall, async ({ request, params, body }) =>
    wallets.addMember(auth(request), params.walletId, body.memberId, body.role),
  );
  registerCall(app, walletMemberGetCall, async ({ request, params }) =>
    wallets.member(auth(request), params.walletId, params.walletMemberId),
  );
  registerCall(app, walletMemberUpdateCall, async ({ request, params, body }) =>
    wallets.updateMember(auth(request), params.walletId, body.walletMemberId, body.role),
  );
  registerCall(app, walletMemberRemoveCall, async ({ request, params, body }) =>
    wallets.removeMember(auth(request), params.walletId, body.walletMemberId),
  );

  registerCall(app, walletLineGetCall, async ({ request, params }) => wallets.getLine(auth(request), params.walletId));
  registerCall(app, walletLineCreateCall, async ({ request, params, body }) =>
    wallets.setLine(auth(request), params.walletId, body),
  );
  registerCall(app, walletLineUpdateCall, async ({ request, params, body }) =>
    wallets.setLine(auth(request), params.walletId, body),
  );
  registerCall(app, creationLineGetCall, async ({ request }) => lines.getCreationLine(auth(request)));
  registerCall(app, creationLineUpdateCall, async ({ request, body }) =>
    lines.updateCreationLine(auth(request), body.steps),
  );

  registerCall(app, actionableCountCall, async ({ request }) => approvals.actionableCount(auth(request)));
  registerCall(app, requestListCall, async ({ request, body }) => wallets.requests(auth(request), body));
  registerCall(app, requestDetailCall, async ({ request, params }) => {
    const a = auth(request);
    return approvals.detail(a, params.requestId, (row: Parameters<typeof wallets.requestVisible>[1]) =>
      wallets.requestVisible(a, row),
    );
  });
}
