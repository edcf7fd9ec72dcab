import {
  claimApproveCall,
  claimCancelCall,
  claimRejectCall,
  claimRequestCreateCall,
  stakeApproveCall,
  stakeCancelCall,
  stakeRejectCall,
  stakeRequestCreateCall,
  stakingOverviewCall,
  stakingProtocolsCall,
  stakingValidatorCall,
  stakingValidatorsCall,
  stakingWalletCall,
  stakingWalletsCall,
  unstakeRequestCreateCall,
} from '@vaultline/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call.js';
import { requestLanguage as lang } from '../../plugins/error-handler.js';
import { requireAuth as auth } from '../../plugins/session.js';
import type { Services } from '../../services.js';

export async function stakingRoutes(app: FastifyInstance, opts: { services: Services }) {
  const { staking, stakingRequests: requests } = opts.services;
  registerCall(app, stakingOverviewCall, async ({ request, query }) => staking.overview(auth(request), query));
  registerCall(app, stakingProtocolsCall, async ({ request, query }) => staking.protocols(auth(request), query));
  registerCall(app, stakingValidatorsCall, async ({ request, query }) => staking.validators(auth(request), query));
  registerCall(app, stakingWalletsCall, async ({ request, query }) => staking.wallets(auth(request), query));
  registerCall(app, stakingValidatorCall, async ({ request, params, query }) =>
    staking.validator(auth(request), params.validatorId, query),
  );
  registerCall(app, stakingWalletCall, async ({ request, params, query }) =>
    staking.wallet(auth(request), params.walletId, query),
  );

  registerCall(app, stakeRequestCreateCall, async ({ request, body }) =>
    requests.stake(auth(request), body, lang(request)),
  );
  registerCall(app, unstakeRequestCreateCall, async ({ request, body }) =>
    requests.unstake(auth(request), body, lang(request)),
  );
  registerCall(app, claimRequestCreateCall, async ({ request, body }) =>
    requests.claim(auth(request), body, lang(request)),
  );
  registerCall(app, stakeApproveCall, async ({ request, body }) =>
    requests.decideStake(auth(request), 'APPROVED', body),
  );
  registerCall(app, stakeRejectCall, async ({ request, body }) =>
    requests.decideStake(auth(request), 'REJECTED', body),
  );
  registerCall(app, stakeCancelCall, async ({ request, body }) => requests.cancelStake(auth(request), body.requestId));
  registerCall(app, claimApproveCall, async ({ request, body }) =>
    requests.decideClaim(auth(request), 'APPROVED', body),
  );
  registerCall(app, claimRejectCall, async ({ request, body }) =>
    requests.decideClaim(auth(request), 'REJECTED', body),
  );
  registerCall(app, claimCancelCall, async ({ request, body }) => requests.cancelClaim(auth(request), body.requestId));
}
