import type { Blockchain } from '@vaultline/contracts';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { JobData } from '../jobs/queue.js';
import type { RequestExecution } from '../modules/approvals/request-execution.service.js';
import { sanctionsCheck } from '../modules/compliance/sanctions.service.js';
import { WITHDRAWAL_PURPOSE, withdrawalExecution } from '../modules/withdrawals/withdrawal-execution.service.js';
import { transactionExecutor } from './transactions/executor.js';
import { createSigner } from './transactions/signer.js';
import { nodeOf } from './transactions/sweeper.js';

/**
 * Executes an approved withdrawal: APPROVED → EXECUTING, the destination checked against the sanctions lists again
 * (a list imported since creation counts), then the one chain_transactions row of the request built. The sweeper
 * signs, broadcasts and follows it; the request settles when the row is final (withdrawal-execution.service).
 * A retried job finds the row (one per request and purpose) and builds nothing twice.
 * Not yet here: the travel-rule inquiry at execution for exchange destinations (VASP_VERIFICATION_FAILED).
 */
export function withdrawalHandler(deps: { db: Db; config: Config; requests: RequestExecution; now: () => Date }) {
  const { db, config, requests, now } = deps;
  const withdrawals = withdrawalExecution(db);
  const signer = createSigner({ db, masterKey: config.masterKey });
  const fail = (job: JobData, code: string) =>
    requests.finish(job.organizationId, job.requestId, async () => ({ failure: code }));

  return async (job: JobData) => {
    await requests.begin(job.organizationId, job.requestId);
    const target = await withdrawals.target(job.organizationId, job.requestId);
    if (!target) return;
    const { content, fromAddress } = target;
    const blockchain = content.blockchain as Blockchain;
    const built = await withdrawals.hasTransfer(job.requestId);
    if (!built && (await sanctionsCheck(db).isSanctioned(blockchain, content.toAddress))) {
      await fail(job, '4032');
      return;
    }
    const node = nodeOf(db, config, blockchain, now);
    if (!node) {
      // No runtime for this network (production without a node): nothing can be sent.
      await fail(job, '4032');
      return;
    }
    // Confirmations only matter to the sweeper's steps; building needs none.
    const executor = transactionExecutor({ db, node, signer, confirmations: 1 });
    const row = await executor.create({
      organizationId: job.organizationId,
      requestId: job.requestId,
      purpose: WITHDRAWAL_PURPOSE,
      blockchain,
      fromAddress,
      toAddress: content.toAddress,
      tokenId: content.tokenId,
      amount: BigInt(content.amount),
      memo: content.memo,
    });
    // A transfer the builder refused is FAILED at once: the request fails with its code on the next sweep.
    if (row.status === 'FAILED') await fail(job, row.failureCode ?? '4032');
  };
}
