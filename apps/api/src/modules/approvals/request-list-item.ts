// A request's view as PostgreSQL writes it, for a list page (json-page.ts) and for every answer holding one request
// (the single-request call, creations, decisions, cancels): one builder. A page is answered as JSON text in one
// statement instead of rows, a second statement and views built in JavaScript (issue 17: the requests list's
// baseline was a sixth of a trivial query). What a view reads of other rows is kept per request (request_views,
// migration 0041) by the commits that change them, so a read joins one row per request instead of gathering names,
// decisions and chain attempts again on every call. Decisions and cancels are judged by the TypeScript policy
// (approvals.policy.ts); request-list-item.test.ts compares these views field by field, over requests in every
// state, with a reference built from that policy (test/request-view-reference.ts).
import { BLOCKCHAINS, type Blockchain, explorerTxParts, familyOf } from '@vaultline/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Config, chainRuntimeOf } from '../../config.js';
import { slot } from '../../db/shaped-statements.js';
import { requestTypes, requestTypesVersion } from './request-types.js';

/** The view's own placeholders; the list's `member` (the caller) too. */
const V = {
  member: slot('member'),
  kinds: slot('view_kinds'),
  explorers: slot('view_explorers'),
  evm: slot('view_evm'),
};

/** What the view reads of the request-type registry and the configuration, as the statement's values. */
export interface RequestViewValues {
  /**
   * Per item type: the states a cancel is accepted in, its chain transactions' purpose (null: sends none) and its
   * content's defaults.
   */
  view_kinds: string;
  /** Per network with a configured node and a public explorer: its transaction page's prefix and suffix. */
  view_explorers: string;
  /** The EVM networks: a transfer there can still be raced by a replacement. */
  view_evm: string;
}

/** A content schema's top-level defaults: a row stored before a field had its default reads with it, as contentOf does. */
function contentDefaults(schema: z.ZodType): Record<string, unknown> {
  if (!(schema instanceof z.ZodObject)) return {};
  const defaults: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    if (field instanceof z.ZodDefault) defaults[key] = field.parse(undefined);
  }
  return defaults;
}

let kinds: { version: number; json: string } | undefined;
const chains = new WeakMap<object, { explorers: string; evm: string }>();

/** The view's values: the registry's as it stands (a test may register a type), the configuration's kept per config. */
export function requestViewValues(config: Pick<Config, 'chainRpc' | 'production'>): RequestViewValues {
  const version = requestTypesVersion();
  if (kinds?.version !== version) {
    const byKind = requestTypes().map((t) => [
      t.kind,
      { cancelableIn: t.cancelableIn, purpose: t.chainPurpose ?? null, defaults: contentDefaults(t.content) },
    ]);
    kinds = { version, json: JSON.stringify(Object.fromEntries(byKind)) };
  }
  let ofConfig = chains.get(config);
  if (!ofConfig) {
    const explorers: Record<string, [string, string]> = {};
    for (const b of BLOCKCHAINS) {
      const parts = explorerTxParts(b as Blockchain);
      if (parts && chainRuntimeOf(config, b as Blockchain).kind === 'rpc') explorers[b] = [parts.prefix, parts.suffix];
    }
    const evm = BLOCKCHAINS.filter((b) => familyOf(b as Blockchain) === 'evm');
    ofConfig = { explorers: JSON.stringify(explorers), evm: `{${evm.join(',')}}` };
    chains.set(config, ofConfig);
  }
  return { view_kinds: kinds.json, view_explorers: ofConfig.explorers, view_evm: ofConfig.evm };
}

// The values are read once per statement (an InitPlan): a bare `$1::jsonb` in a kept generic plan is parsed again
// wherever a row uses it.
const kindsOnce = sql`(select ${V.kinds}::jsonb)`;
const explorersOnce = sql`(select ${V.explorers}::jsonb)`;
const evmOnce = sql`(select ${V.evm}::text[])`;
const kind = sql`(${kindsOnce} -> requests.item_type)`;

/**
 * Per request of the page: its kept view (request_views, migration 0041: everything that needs no registry,
 * configuration or caller) and, of its kept chain attempts, the one of its type's purpose.
 */
export const REQUEST_JOIN = sql`
  left join request_views rv on rv.request_id = requests.id
  cross join lateral (select rv.attempts -> (${kind} ->> 'purpose') as tx) cur`;

/** cancelableNow: only during execution can the chain have gone too far for a cancel. */
const CANCELABLE_NOW = sql`(requests.status <> 'EXECUTING' or (
    coalesce(requests.result -> 'cancel', 'null'::jsonb) in ('null', 'false', '0', '""')
    and (cur.tx is null or cur.tx ->> 'status' = 'BUILT'
      or (cur.tx ->> 'status' = 'SIGNED' and cur.tx -> 'sent' = 'false')
      or (cur.tx ->> 'status' in ('SIGNED', 'BROADCAST') and cur.tx ->> 'blockchain' = any(${evmOnce}::text[])))))`;

const LIFECYCLE = sql`case requests.status when 'CREATED' then 'CREATED' when 'APPROVED' then 'CREATED'
    when 'EXECUTING' then 'EXECUTING' when 'COMPLETE' then 'COMPLETED'
    when 'FAILED' then case when left(requests.failure_reason, 2) = '51' then 'VASP_VERIFICATION_FAILED' else 'FAILED' end
    when 'CANCELED' then case when requests.cancel_stage = 'AFTER_EXECUTING' then 'CANCELED_AFTER_EXECUTING'
      else 'CANCELED_BEFORE_EXECUTING' end
    else 'CANCELED_BEFORE_EXECUTING' end`;

/** A text value as JSON, SQL null as `null`: PostgreSQL escapes it. */
const jsonOrNull = (value: SQL) => sql`coalesce(to_json(${value})::text, 'null')`;

/**
 * The explorer link only for hashes an address carries as they are (hex, base58): encodeURIComponent's identity.
 * Written by concatenation: json_build_object works out each argument's type again on every row (as the activity
 * list's items, activities.repository.ts).
 */
const EXECUTION = sql`'{"lifecycle":"' || ${LIFECYCLE} || '","txHash":' || ${jsonOrNull(sql`cur.tx ->> 'hash'`)}
    || ',"explorerUrl":' || ${jsonOrNull(sql`case when cur.tx ->> 'hash' ~ '^[0-9A-Za-z]+$' then
      (${explorersOnce} -> (cur.tx ->> 'blockchain') ->> 0) || (cur.tx ->> 'hash')
        || (${explorersOnce} -> (cur.tx ->> 'blockchain') ->> 1) end`)}
    || ',"failureCode":' || ${jsonOrNull(sql`case when requests.status = 'FAILED' then requests.failure_reason end`)}
    || ',"feePaid":' || coalesce((cur.tx -> 'feePaid')::text, 'null') || '}'`;

const CAN_CANCEL = sql`requests.initiator_id = ${V.member}::uuid and ${kind} -> 'cancelableIn' ? requests.status
    and (${kind} ->> 'purpose' is null or ${CANCELABLE_NOW})`;

/**
 * One request of the page as its view's JSON text: the kept view (kept open, without its closing brace) with the
 * fields read from the registry, the configuration and the caller (`execution` only for types that send a chain
 * transaction). The content is kept as written unless the type has defaults to lay under it (migration 0043).
 */
export const REQUEST_ITEM = sql`rv.view
  || ',"content":' || case when ${kind} -> 'defaults' = '{}'::jsonb then rv.content
    else ((${kind} -> 'defaults') || requests.payload || jsonb_build_object('kind', requests.item_type))::text end
  || ',"canApprove":' || coalesce(${V.member}::text = any(rv.awaiting), false)::text
  || ',"canCancel":' || coalesce(${CAN_CANCEL}, false)::text
  || case when ${kind} ->> 'purpose' is null then '' else ',"execution":' || ${EXECUTION} end
  || '}'`;
