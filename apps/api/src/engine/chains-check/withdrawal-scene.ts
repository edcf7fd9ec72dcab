// What the withdrawal check stands on: the product's services wired as the app wires them (services.ts), the check's
// member acting as its organization's OWNER, a queue that keeps the jobs handed to the engine so the check runs them
// with the engine's own handlers, and the sweeper settling withdrawals after each tick as startEngine wires it.
import { AddressBookInput, type Blockchain, effectivePermissions, familyOf, tokenById } from '@vaultline/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { type Config, chainRuntimeOf } from '../../config.js';
import type { Db } from '../../db/client.js';
import { addressBookEntries, memberPermissions, walletBalances } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import type { EngineQueue, JobData } from '../../jobs/queue.js';
import { requestExecution } from '../../modules/approvals/request-execution.service.js';
import type { AuthContext } from '../../modules/auth/session.service.js';
import { withdrawalExecution } from '../../modules/withdrawals/withdrawal-execution.service.js';
import { loadRsaKeyring } from '../../security/rsa.js';
import { createServices } from '../../services.js';
import { engineHandlers } from '../engine.js';
import { chainSweeper } from '../transactions/sweeper.js';
import { CHECK_RECIPIENT, type CheckCustody, type CheckWallet, checkCustody } from './check-custody.js';
import { BTC_CONFIRMATIONS_ON_TEST_NODES, DEFAULT_CONFIRMATIONS_ON_TEST_NODES } from './constants.js';
import type { FamilyHarness } from './harness.js';

/** The beneficiary a self-managed entry records (the travel rule's fields): the recipient organization's wallet. */
const RECEIVER = { nameKo: '점검', nameEn: 'Chains Check', birthday: '1990-01-01' };

export async function withdrawalScene(db: Db, config: Config, harnesses: FamilyHarness[]) {
  const custody: CheckCustody = await checkCustody(db, config.masterKey);
  const recipient: CheckCustody = await checkCustody(db, config.masterKey, CHECK_RECIPIENT);
  // OWNER: exempt from approval lines (a line would need an authenticator code, which the check's member has not).
  await db.insert(memberPermissions).values({ accountId: custody.memberId, permission: 'OWNER' }).onConflictDoNothing();
  const auth: AuthContext = {
    accountId: custody.memberId,
    email: 'chains-check@vaultline.local',
    kind: 'MEMBER',
    organizationId: custody.organizationId,
    sessionId: 'chains-check',
    sessionExpiresAt: new Date(Date.now() + 3_600_000),
    csrfHash: '',
    // As a session expands them: OWNER holds every permission.
    permissions: effectivePermissions(['OWNER'], []),
    operatorRole: null,
  };
  // Each harness with a node is reached as `CHAIN_RPC_<BLOCKCHAIN>` would reach it; the rest stay on the devnet.
  const chainRpc = { ...config.chainRpc };
  for (const harness of harnesses) if (harness.rpcUrl) chainRpc[harness.blockchain] = harness.rpcUrl;
  const engineConfig: Config = { ...config, chainRpc };
  // Errors only (a sweep step that failed is logged there and retried), on stderr beside the check's lines.
  const log = pino({ level: 'error' }, pino.destination(2)) as unknown as FastifyBaseLogger;
  const clock = () => new Date();

  const jobs: { queue: string; data: JobData }[] = [];
  const queue: EngineQueue = {
    enqueue: async (_tx, name, data) => {
      jobs.push({ queue: name, data });
      return true;
    },
    work: async () => {},
    stop: async () => {},
  };
  const services = createServices({
    db,
    config: engineConfig,
    clock,
    keyring: loadRsaKeyring(config, { persist: false }),
    mailer: {
      send: async () => {
        throw new Error('The chains check sends no mail');
      },
    },
    log,
    queue: () => queue,
  });
  const handlers = engineHandlers({ db, config: engineConfig, log, now: clock });
  const settle = withdrawalExecution(db);
  const execution = requestExecution(db, clock);
  const sweeper = chainSweeper({
    db,
    config: engineConfig,
    log,
    now: clock,
    confirmations: (blockchain: Blockchain) =>
      chainRuntimeOf(engineConfig, blockchain).kind === 'devnet'
        ? config.devnetConfirmations
        : familyOf(blockchain) === 'btc'
          ? BTC_CONFIRMATIONS_ON_TEST_NODES
          : DEFAULT_CONFIRMATIONS_ON_TEST_NODES,
    afterTick: () => settle.settleFinished(execution, clock),
  });

  return {
    custody,
    recipient,
    auth,
    services,
    sweeper,

    /** Runs the jobs handed to the engine since the last call, each with the handler of its queue. */
    async runJobs() {
      for (const job of jobs.splice(0)) {
        const handler = handlers.get(job.queue);
        if (!handler) throw new Error(`No engine handler for queue ${job.queue}`);
        await handler(job.data);
      }
    },

    /** The books say what the chain holds (what the deposit watcher would have credited), nothing held. */
    async syncBooks(wallet: CheckWallet, tokenId: string, total: bigint) {
      const values = {
        walletId: wallet.id,
        tokenId,
        organizationId: custody.organizationId,
        blockchain: wallet.blockchain,
        total: total.toString(),
        staked: '0',
        locked: '0',
      };
      await db
        .insert(walletBalances)
        .values(values)
        .onConflictDoUpdate({
          target: [walletBalances.walletId, walletBalances.tokenId],
          set: { total: values.total, locked: '0', updatedAt: sql`now()` },
        });
    },

    async books(walletId: string, tokenId: string) {
      const [row] = await db
        .select()
        .from(walletBalances)
        .where(and(eq(walletBalances.walletId, walletId), eq(walletBalances.tokenId, tokenId)));
      return { total: BigInt(row?.total ?? '0'), locked: BigInt(row?.locked ?? '0') };
    },

    /** A token the organization withdraws must be registered with it (native coins always are). */
    async register(tokenId: string) {
      if (tokenById(tokenId)?.type === 'NATIVE') return;
      try {
        await services.tokens.add(auth, tokenId);
      } catch (error) {
        // 4033: registered already, by an earlier run on this database.
        if (!(error instanceof AppError && error.code === '4033')) throw error;
      }
    },

    /** The REGISTERED self-managed entry for `to` in this token: found again on a later run, else registered. */
    async destination(tokenId: string, to: CheckWallet) {
      const name = `Chains check ${tokenId}`;
      const [found] = await db
        .select({ id: addressBookEntries.id })
        .from(addressBookEntries)
        .where(
          and(
            eq(addressBookEntries.organizationId, custody.organizationId),
            eq(addressBookEntries.name, name),
            ne(addressBookEntries.state, 'DELETED'),
          ),
        );
      if (found) return found.id;
      const input = AddressBookInput.parse({
        name,
        tokenId,
        address: to.address,
        walletType: 'PERSONAL',
        receiverType: 'INDIVIDUAL',
        receiver: RECEIVER,
      });
      const entry = await services.addressBooks.create(auth, input, 'en').catch((error: unknown) => {
        // The rules' own words (which field, why), rather than the catalogue's generic message.
        throw error instanceof AppError ? new Error(`${error.message} ${JSON.stringify(error.data)}`) : error;
      });
      if (entry.state !== 'REGISTERED') throw new Error(`The entry for ${to.address} is ${entry.state}`);
      return entry.id;
    },
  };
}

export type WithdrawalScene = Awaited<ReturnType<typeof withdrawalScene>>;
