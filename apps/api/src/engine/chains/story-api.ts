// A client of Story's consensus-layer API (the story client's `api` server, piplabs/story `client/server`): the
// validator set with the figures the staking screens show. Every answer is `{ code, msg, error }` and is checked
// before use; a failed or malformed answer fails the whole reading, so a half-read set is never written.
import type { Blockchain } from '@vaultline/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import {
  StoryValidator,
  type StoryValidatorSet,
  saveChainValidators,
  validatorIdOf,
} from '../../modules/staking/chain-validators.service.js';
import { repeatEvery } from '../repeat.js';

const PAGE = 100;
/** A bound on the pages of one reading: Story's active set is small; anything past this is a broken paging. */
const MAX_PAGES = 50;
/** Signing records asked at once. */
const PARALLEL = 8;

const envelope = <T extends z.ZodType>(msg: T) => z.object({ code: z.literal(200), msg, error: z.string().optional() });

const ValidatorsPage = envelope(
  z.object({
    validators: z.array(StoryValidator),
    pagination: z.object({ next_key: z.string().nullish() }).optional(),
  }),
);
const MintParams = envelope(z.object({ params: z.object({ inflations_per_year: z.string() }) }));
const DistributionParams = envelope(z.object({ params: z.object({ ubi: z.string() }) }));
const SlashingParams = envelope(z.object({ params: z.object({ signed_blocks_window: z.string().regex(/^\d+$/) }) }));
/** Amino JSON leaves zero counters out. */
const SigningInfo = envelope(
  z.object({
    val_signing_info: z.object({ missed_blocks_counter: z.string().regex(/^\d+$/).optional() }),
  }),
);

export function storyStakingApi(baseUrl: string, opts: { timeoutMs?: number } = {}) {
  const base = baseUrl.replace(/\/$/, '');
  async function get<T extends z.ZodType>(path: string, schema: T): Promise<z.infer<T>> {
    const res = await fetch(`${base}${path}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
    });
    // The path, not the base URL, goes into errors: the URL may carry an API key.
    if (!res.ok) throw new Error(`story api ${path.split('?')[0]}: HTTP ${res.status}`);
    const parsed = schema.safeParse(await res.json());
    if (!parsed.success) throw new Error(`story api ${path.split('?')[0]}: unexpected answer`);
    return parsed.data;
  }

  async function validators() {
    const all: StoryValidator[] = [];
    let key: string | null | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const query = new URLSearchParams({ 'pagination.limit': String(PAGE) });
      if (key) query.set('pagination.key', key);
      const answer = await get(`/staking/validators?${query}`, ValidatorsPage);
      all.push(...answer.msg.validators);
      key = answer.msg.pagination?.next_key;
      if (!key) return all;
    }
    throw new Error(`story api /staking/validators: more than ${MAX_PAGES} pages`);
  }

  return {
    /** One consistent reading of what the validator list needs. */
    async readValidatorSet(): Promise<StoryValidatorSet> {
      const [list, mint, distribution, slashing] = await Promise.all([
        validators(),
        get('/mint/params', MintParams),
        get('/distribution/params', DistributionParams),
        get('/slashing/params', SlashingParams),
      ]);
      const missedBlocks = new Map<string, bigint>();
      const ids = list.flatMap((v) => validatorIdOf(v) ?? []);
      for (let i = 0; i < ids.length; i += PARALLEL) {
        await Promise.all(
          ids.slice(i, i + PARALLEL).map(async (id) => {
            const info = await get(`/slashing/signing_infos/${id}`, SigningInfo);
            missedBlocks.set(id, BigInt(info.msg.val_signing_info.missed_blocks_counter ?? '0'));
          }),
        );
      }
      return {
        validators: list,
        inflationsPerYear: mint.msg.params.inflations_per_year,
        ubi: distribution.msg.params.ubi,
        missedBlocks,
        signedBlocksWindow: BigInt(slashing.msg.params.signed_blocks_window),
      };
    },
  };
}

/** Reads every configured network's validator set into staking_validators, at start and then on a cadence. */
export function chainValidatorsSync(deps: {
  db: Db;
  config: Pick<Config, 'stakingApi' | 'stakingValidatorsSyncMs'>;
  log: FastifyBaseLogger;
}) {
  const networks = Object.entries(deps.config.stakingApi) as [Blockchain, string][];
  async function tick() {
    for (const [blockchain, url] of networks) {
      try {
        const set = await storyStakingApi(url).readValidatorSet();
        const count = await saveChainValidators(deps.db, blockchain, set);
        deps.log.debug({ blockchain, count }, 'staking validators read from the chain');
      } catch (err) {
        // One network's outage leaves its last reading in place and does not hold up the others.
        deps.log.error({ err, blockchain }, 'staking validators could not be read from the chain');
      }
    }
  }
  const loop = repeatEvery(deps.config.stakingValidatorsSyncMs, tick, deps.log, 'staking validators sync failed');
  let first: Promise<void> | undefined;
  return {
    tick,
    start() {
      if (networks.length === 0 || first) return;
      first = tick();
      loop.start();
    },
    async stop() {
      await first;
      await loop.stop();
    },
  };
}
