import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { ChangeFeed } from './db/change-feed.js';
import type { Db } from './db/client.js';
import { eosAccountAuthority } from './engine/chains/eos-account-authority.js';
import { networkFeeQuote } from './engine/transactions/fee-quote.js';
import type { EngineQueue } from './jobs/queue.js';
import type { Mailer } from './mail/mailer.js';
import { addressBooksService } from './modules/address-books/address-books.service.js';
import { approvalLines } from './modules/approvals/approval-lines.js';
import { approvalsService } from './modules/approvals/approvals.service.js';
import { requestsService } from './modules/approvals/requests.service.js';
import { activitiesService } from './modules/assets/activities.service.js';
import { balancesService } from './modules/assets/balances.service.js';
import { auditService } from './modules/audit/audit.service.js';
import { authService } from './modules/auth/auth.service.js';
import { otpRegistrationService } from './modules/auth/otp-registration.service.js';
import { passwordService } from './modules/auth/password.service.js';
import { sessionService } from './modules/auth/session.service.js';
import { coldSigningService } from './modules/cold-signing/cold-signing.service.js';
import { coldWalletKeysService } from './modules/cold-signing/cold-wallet-keys.service.js';
import { complianceService } from './modules/compliance/compliance.service.js';
import { sanctionsImportService } from './modules/compliance/sanctions.service.js';
import { devnetService } from './modules/devnet/devnet.service.js';
import { gasFeeWalletsService } from './modules/gas-fee-wallets/gas-fee-wallets.service.js';
import { membersService } from './modules/members/members.service.js';
import { notificationsService } from './modules/notifications/notifications.service.js';
import { operatorService } from './modules/operator/operator.service.js';
import { groupsService } from './modules/organization/groups.service.js';
import { invitationsService } from './modules/organization/invitations.service.js';
import { organizationService } from './modules/organization/organization.service.js';
import { stakingService } from './modules/staking/staking.service.js';
import { stakingRequestsService } from './modules/staking/staking-requests.service.js';
import { tokensService } from './modules/tokens/tokens.service.js';
import { walletsService } from './modules/wallets/wallets.service.js';
import { withdrawalsService } from './modules/withdrawals/withdrawals.service.js';
import type { RsaKeyring } from './security/rsa.js';

export interface ServiceDeps {
  db: Db;
  config: Config;
  clock: () => Date;
  keyring: RsaKeyring;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The database's LISTEN/NOTIFY feed (kept session lookups); absent where nothing listens. */
  changes?: ChangeFeed;
  /** The engine's queue, opened once the app starts. */
  queue: () => EngineQueue;
}

/** Every service, wired once per app: routes receive this and delegate. */
export function createServices(deps: ServiceDeps) {
  const sessions = sessionService(deps);
  const auth = authService({ ...deps, sessions });
  const invitations = invitationsService(deps);
  const approvals = approvalsService(deps);
  const lines = approvalLines(deps);
  const requests = requestsService({ ...deps, lines });
  const coldWalletKeys = coldWalletKeysService({ ...deps, eosAccountAuthority });
  return {
    clock: deps.clock,
    keyring: deps.keyring,
    audit: auditService(deps),
    notifications: notificationsService(deps),
    sessions,
    auth,
    otpRegistration: otpRegistrationService({ ...deps, sessions }),
    passwords: passwordService({ ...deps, auth }),
    members: membersService({ ...deps, sessions }),
    organization: organizationService(deps),
    groups: groupsService(deps),
    invitations,
    operator: operatorService({ ...deps, invitations, eosAccountAuthority }),
    coldSigning: coldSigningService({ ...deps, walletKeys: coldWalletKeys }),
    coldWalletKeys,
    approvals,
    lines,
    requests,
    wallets: walletsService({ ...deps, approvals, requests, lines }),
    withdrawals: withdrawalsService({
      ...deps,
      approvals,
      requests,
      feeQuote: networkFeeQuote({ db: deps.db, config: deps.config, now: deps.clock }),
    }),
    staking: stakingService(deps),
    stakingRequests: stakingRequestsService({ ...deps, approvals, requests }),
    devnet: devnetService(deps),
    gasFeeWallets: gasFeeWalletsService(deps),
    tokens: tokensService(deps),
    balances: balancesService(deps),
    activities: activitiesService(deps),
    addressBooks: addressBooksService(deps),
    compliance: complianceService(deps),
    sanctionsImport: sanctionsImportService(deps),
  };
}

export type Services = ReturnType<typeof createServices>;
