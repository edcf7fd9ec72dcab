// A request of a list page as PostgreSQL writes it: the same view describeRequests builds (request-view.ts), so a
// page is answered as JSON text in one statement (json-page.ts) instead of rows, a second statement and views built
// in JavaScript (issue 17: the requests list's baseline was a sixth of a trivial query). The policy stays in
// TypeScript for every decision and for the single-request call; these are only the list's view fields, and
// request-list-item.test.ts compares them with describeRequests field by field over requests in every state.
import { BLOCKCHAINS, type Blockchain, explorerTxParts, familyOf } from '@vaultline/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Config, chainRuntimeOf } from '../../config.js';
import { isoTime } from '../../db/json-page.js';
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

const kind = sql`(${V.kinds}::jsonb -> requests.item_type)`;

/**
 * Per request of the page: its current chain transaction of its type's purpose (currentAttempt's choice: an open
 * one, else the confirmed one, else one failed in a block, else the newest), the initiator, and who is still awaited
 * on the current step (waitingFor: its eligible members with no decision on the request yet).
 */
export const REQUEST_JOIN = sql`
  left join lateral (
    select ct.status, ct.block_height, ct.sent_at, ct.blockchain, ct.hash, ct.fee, ct.fee_paid
    from chain_transactions ct
    where ct.organization_id = requests.organization_id and ct.request_id = requests.id
      and ct.purpose = ${kind} ->> 'purpose'
    order by case when ct.status in ('BUILT', 'SIGNED', 'BROADCAST') then 0 when ct.status = 'CONFIRMED' then 1
      when ct.status = 'FAILED' and ct.block_height is not null then 2 else 3 end, ct.attempt desc
    limit 1) cur on true
  left join accounts ini on ini.organization_id = requests.organization_id and ini.id = requests.initiator_id
  cross join lateral (
    select array_agg(e.m order by e.k) as ids, (select count(*)::int from jsonb_array_elements(requests.steps) a
      where a->>'status' = 'APPROVED') as approved
    from (select s.step from jsonb_array_elements(requests.steps) with ordinality s(step, n)
      where requests.status = 'CREATED' and s.step->>'status' = 'PENDING' order by s.n limit 1) pending
    cross join jsonb_array_elements_text(pending.step->'eligible') with ordinality e(m, k)
    where not exists (select 1 from request_decisions d where d.request_id = requests.id and d.account_id = e.m::uuid)
  ) waiting`;

/** Each step with its eligible approvers: their names, and the decision each took on that step. */
const STEPS = sql`(select coalesce(json_agg(json_build_object('step', s.n + 1,
    'requiredApprovals', s.step->'requiredApprovals', 'status', s.step->'status',
    'approvers', (select coalesce(json_agg(json_build_object('memberId', e.m, 'email', coalesce(a.email, ''),
        'userName', coalesce(a.user_name, ''), 'decision', d.decision, 'memo', d.memo,
        'decidedAt', ${isoTime(sql`d.decided_at`)}) order by e.k), '[]')
      from jsonb_array_elements_text(s.step->'eligible') with ordinality e(m, k)
      left join accounts a on a.organization_id = requests.organization_id and a.id = e.m::uuid
      left join request_decisions d on d.request_id = requests.id and d.account_id = e.m::uuid and d.step = s.n - 1)
  ) order by s.n), '[]') from jsonb_array_elements(requests.steps) with ordinality s(step, n))`;

/** cancelableNow: only during execution can the chain have gone too far for a cancel. */
const CANCELABLE_NOW = sql`(requests.status <> 'EXECUTING' or (
    coalesce(requests.result -> 'cancel', 'null'::jsonb) in ('null', 'false', '0', '""')
    and (cur.status is null or cur.status = 'BUILT' or (cur.status = 'SIGNED' and cur.sent_at is null)
      or (cur.status in ('SIGNED', 'BROADCAST') and cur.blockchain = any(${V.evm}::text[])))))`;

const LIFECYCLE = sql`case requests.status when 'CREATED' then 'CREATED' when 'APPROVED' then 'CREATED'
    when 'EXECUTING' then 'EXECUTING' when 'COMPLETE' then 'COMPLETED'
    when 'FAILED' then case when left(requests.failure_reason, 2) = '51' then 'VASP_VERIFICATION_FAILED' else 'FAILED' end
    when 'CANCELED' then case when requests.cancel_stage = 'AFTER_EXECUTING' then 'CANCELED_AFTER_EXECUTING'
      else 'CANCELED_BEFORE_EXECUTING' end
    else 'CANCELED_BEFORE_EXECUTING' end`;

/** The explorer link only for hashes an address carries as they are (hex, base58): encodeURIComponent's identity. */
const EXECUTION = sql`json_build_object('lifecycle', ${LIFECYCLE}, 'txHash', cur.hash,
    'explorerUrl', case when cur.hash ~ '^[0-9A-Za-z]+$' then
      (${V.explorers}::jsonb -> cur.blockchain ->> 0) || cur.hash || (${V.explorers}::jsonb -> cur.blockchain ->> 1) end,
    'failureCode', case when requests.status = 'FAILED' then requests.failure_reason end,
    'feePaid', case when cur.block_height is not null then coalesce(cur.fee_paid, cur.fee)::text end)`;

const APPROVAL = sql`case
    when requests.status in ('REJECTED', 'CANCELED') then json_build_object('status', 'CREATED')
    when requests.status <> 'CREATED' then json_build_object('status', 'APPROVED')
    when waiting.approved = 0 then json_build_object('status', 'CREATED')
    else json_build_object('status', 'STEP_APPROVED', 'step', waiting.approved) end`;

/** The view's fields but `execution`, which only requests of a type that sends a chain transaction carry. */
const FIELDS = sql`'id', requests.id, 'type', requests.type, 'itemType', requests.item_type,
  'walletId', requests.wallet_id,
  'walletName', (select w.name from wallets w where w.organization_id = requests.organization_id
    and w.id = requests.wallet_id),
  'content', (${kind} -> 'defaults') || requests.payload || jsonb_build_object('kind', requests.item_type),
  'initiator', json_build_object('id', requests.initiator_id, 'email', coalesce(ini.email, ''),
    'userName', coalesce(ini.user_name, '')),
  'status', case when requests.status in ('EXECUTING', 'COMPLETE', 'FAILED') then requests.status else 'CREATED' end,
  'decisionStatus', case requests.status when 'CREATED' then 'IN_PROGRESS' when 'REJECTED' then 'REJECTED'
    when 'CANCELED' then 'CANCELED' else 'APPROVED' end,
  'approval', ${APPROVAL},
  'progress', requests.progress,
  'steps', ${STEPS},
  'waitingFor', coalesce(to_json(waiting.ids), '[]'),
  'canApprove', coalesce(${V.member}::text = any(waiting.ids), false),
  'canCancel', requests.initiator_id = ${V.member}::uuid and ${kind} -> 'cancelableIn' ? requests.status
    and (${kind} ->> 'purpose' is null or ${CANCELABLE_NOW}),
  'failureReason', requests.failure_reason,
  'createdAt', ${isoTime(sql`requests.created_at`)},
  'updatedAt', ${isoTime(sql`requests.updated_at`)}`;

/** One request of the page as its view's JSON. */
export const REQUEST_ITEM = sql`case when ${kind} ->> 'purpose' is null then json_build_object(${FIELDS})
  else json_build_object(${FIELDS}, 'execution', ${EXECUTION}) end`;
