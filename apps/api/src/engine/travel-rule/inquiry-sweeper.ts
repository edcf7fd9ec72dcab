// The engine's loop over outgoing travel-rule inquiries: every TRAVEL_RULE_SWEEP_MS it sends the due PENDING ones
// to their beneficiary VASPs and records the answers. The rows hold the state (attempts, next attempt), so several
// engines share the work and one started after a crash takes up what the dead one left once its lease ends.
import { rejectionCode } from '@vaultline/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import {
  type ClaimedInquiry,
  completeInquiry,
  travelRuleOutbox,
} from '../../modules/address-books/travel-rule-outbox.service.js';
import { repeatEvery } from '../repeat.js';
import { sendTrpInquiry } from './trp-client.js';

/** When an inquiry stops being retried: after this many sends, or this long after it was opened. */
export interface RetryBound {
  maxAttempts: number;
  maxAgeMs: number;
  /** The wait after the first failed send; doubled after each further one, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY_BOUND: RetryBound = {
  maxAttempts: 10,
  maxAgeMs: 24 * 3_600_000,
  baseDelayMs: 30_000,
  maxDelayMs: 3_600_000,
};

/** The wait before send number `attempts + 1`, after `attempts` failed ones. */
export function backoffMs(attempts: number, bound: Pick<RetryBound, 'baseDelayMs' | 'maxDelayMs'>): number {
  return Math.min(bound.maxDelayMs, bound.baseDelayMs * 2 ** Math.max(0, attempts - 1));
}

/** Inquiries one engine takes per tick: a slow VASP holds up at most this many. */
const BATCH = 20;

type SweeperConfig = Pick<
  Config,
  'masterKey' | 'production' | 'appBaseUrl' | 'travelRuleSweepMs' | 'travelRuleTimeoutMs' | 'travelRuleVaspName'
>;

export interface InquirySweeper {
  /** Sends every due inquiry once; how many got an answer (approved or rejected). */
  tick(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

export function inquirySweeper(deps: {
  db: Db;
  config: SweeperConfig;
  log: FastifyBaseLogger;
  now?: () => Date;
  bound?: Partial<RetryBound>;
}): InquirySweeper {
  const { db, config, log } = deps;
  const now = deps.now ?? (() => new Date());
  const bound = { ...DEFAULT_RETRY_BOUND, ...deps.bound };
  const outbox = travelRuleOutbox(db, config.masterKey);
  // Held past the send's own time limit, so no other engine sends it again while this one still waits.
  const leaseMs = config.travelRuleTimeoutMs * 2 + 5_000;

  async function settle(inquiry: ClaimedInquiry): Promise<boolean> {
    const sent = completeInquiry(inquiry.draft, {
      ourVaspName: config.travelRuleVaspName,
      theirVaspName: inquiry.vaspName,
      callback: `${config.appBaseUrl}/api/v1/travel-rule/callbacks/${inquiry.id}`,
    });
    const result = inquiry.key
      ? await sendTrpInquiry({
          endpoint: inquiry.endpoint,
          key: inquiry.key,
          inquiry: sent,
          timeoutMs: config.travelRuleTimeoutMs,
          production: config.production,
          now: now(),
        })
      : ({ kind: 'retry', failure: { reason: 'no-shared-key' } } as const);
    const at = now();
    if (result.kind === 'approved') {
      await outbox.recordOutcome(inquiry, sent, { kind: 'approved', answer: result.answer }, at);
      return true;
    }
    if (result.kind === 'rejected') {
      const code = rejectionCode(result.reason);
      await outbox.recordOutcome(inquiry, sent, { kind: 'rejected', code, answer: result.answer }, at);
      return true;
    }
    const failure = { ...result.failure, attempt: inquiry.attempts, at: at.toISOString() };
    log.warn({ inquiryId: inquiry.id, vasp: inquiry.vaspName, failure }, 'travel-rule inquiry got no answer');
    const next = new Date(at.getTime() + backoffMs(inquiry.attempts, bound));
    const outOfTime = next.getTime() - inquiry.createdAt.getTime() > bound.maxAgeMs;
    if (inquiry.attempts >= bound.maxAttempts || outOfTime) await outbox.recordGiveUp(inquiry, failure, at);
    else await outbox.recordRetry(inquiry, failure, next);
    return false;
  }

  const sweeper: InquirySweeper = {
    async tick() {
      const due = await outbox.claimDue(now(), BATCH, leaseMs);
      // VASPs are independent: one that hangs delays only its own inquiries, up to its time limit.
      const settled = await Promise.all(
        due.map((inquiry) =>
          settle(inquiry).catch((err: unknown) => {
            // A failure to record leaves the row PENDING under its lease: the next engine to take it sends again.
            log.error({ err, inquiryId: inquiry.id }, 'travel-rule inquiry step failed');
            return false;
          }),
        ),
      );
      return settled.filter(Boolean).length;
    },
    start: () => repeat.start(),
    stop: () => repeat.stop(),
  };
  const repeat = repeatEvery(config.travelRuleSweepMs, () => sweeper.tick(), log, 'travel-rule sweep failed');
  return sweeper;
}
