import type { Blockchain } from '@vaultline/contracts';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { JobData } from '../jobs/queue.js';
import type { RequestExecution } from '../modules/approvals/request-execution.service.js';
import { sanctionsCheck } from '../modules/compliance/sanctions.service.js';
import { WITHDRAWAL_PURPOSE, withdrawalExecution } from '../modules/withdrawals/withdrawal-execution.service.js';
import {
  type TransferVerdict,
  verdictOf,
  withdrawalTravelRule,
} from '../modules/withdrawals/withdrawal-travel-rule.service.js';
import { transactionExecutor } from './transactions/executor.js';
import { createSigner } from './transactions/signer.js';
import { nodeOf } from './transactions/sweeper.js';
import { sendTrpInquiry } from './travel-rule/trp-client.js';

/**
 * Executes an approved withdrawal: APPROVED → EXECUTING, the destination checked against the sanctions lists again
 * (a list imported since creation counts), an exchange destination's VASP asked about this transfer (travel rule),
 * then the one chain_transactions row of the request built. The sweeper signs, broadcasts and follows it; the request
 * settles when the row is final (withdrawal-execution.service).
 * A retried job finds the row (one per request and purpose) and builds nothing twice; it finds the VASP's verdict in
 * the request's result and never asks twice, and a refusal (or no answer within TRAVEL_RULE_TIMEOUT_MS) fails the
 * request with its 5100-5108 code (VASP_VERIFICATION_FAILED) before anything is built.
 */
export function withdrawalHandler(deps: { db: Db; config: Config; requests: RequestExecution; now: () => Date }) {
  const { db, config, requests, now } = deps;
  const withdrawals = withdrawalExecution(db);
  const travelRule = withdrawalTravelRule(db, config);
  const signer = createSigner({ db, masterKey: config.masterKey });
  const fail = (job: JobData, code: string) =>
    requests.finish(job.organizationId, job.requestId, async () => ({ failure: code }));

  /** The VASP's stored verdict, or its answer now, stored; null: no exchange to ask; 'gone': no longer executing. */
  async function verdict(
    job: JobData,
    target: NonNullable<Awaited<ReturnType<typeof withdrawals.target>>>,
  ): Promise<TransferVerdict | null | 'gone'> {
    const stored = target.result?.travelRule as TransferVerdict | undefined;
    if (stored) return stored;
    const ask = await travelRule.inquiryFor(job.organizationId, job.requestId, target.content);
    if (!ask) return null;
    const answer = ask.key
      ? await sendTrpInquiry({
          endpoint: ask.endpoint,
          key: ask.key,
          inquiry: ask.inquiry,
          timeoutMs: config.travelRuleTimeoutMs,
          production: config.production,
          now: now(),
        })
      : ({ kind: 'retry', failure: { reason: 'no-shared-key' } } as const);
    const decided = verdictOf(ask, target.content.toAddress, answer, now());
    return (await travelRule.record(job.organizationId, job.requestId, decided)) ?? 'gone';
  }

  return async (job: JobData) => {
    await requests.begin(job.organizationId, job.requestId);
    const target = await withdrawals.target(job.organizationId, job.requestId);
    if (!target) return;
    const { content, fromAddress } = target;
    const blockchain = content.blockchain as Blockchain;
    const built = await withdrawals.hasTransfer(job.requestId);
    if (!built) {
      if (await sanctionsCheck(db).isSanctioned(blockchain, content.toAddress)) {
        await fail(job, '4032');
        return;
      }
      const decided = await verdict(job, target);
      if (decided === 'gone') return;
      if (decided && decided.verdict !== 'APPROVED') {
        await fail(job, decided.code);
        return;
      }
      // Canceled while the VASP was asked: nothing is built (the sweeper would discard it anyway).
      if (!(await withdrawals.target(job.organizationId, job.requestId))) return;
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
