-- The kept view left open and the content kept (issue 17). The list closed each kept view on every read with
-- left(view, -1), which counts the characters of the whole text in UTF-8, and wrote every request's content
-- from its payload again: together a third of the requests page's statement. The view is now kept without its
-- closing brace, and the content (payload and kind) as text; the list adds a type's defaults only for a type
-- that has some. Nothing else changes: the triggers of 0041 call these functions by name.
ALTER TABLE "request_views" ADD COLUMN "content" text;--> statement-breakpoint
UPDATE request_views rv SET view = left(rv.view, -1),
  content = (r.payload || jsonb_build_object('kind', r.item_type))::text
  FROM requests r WHERE r.id = rv.request_id;--> statement-breakpoint
ALTER TABLE "request_views" ALTER COLUMN "content" SET NOT NULL;--> statement-breakpoint
DROP FUNCTION request_view_of(uuid);--> statement-breakpoint
CREATE FUNCTION request_view_of(rid uuid) RETURNS TABLE (view text, content text, awaiting text[], attempts jsonb)
LANGUAGE sql STABLE AS $$
  SELECT left(json_build_object('id', r.id, 'type', r.type, 'itemType', r.item_type, 'walletId', r.wallet_id,
    'walletName', (SELECT w.name FROM wallets w WHERE w.organization_id = r.organization_id AND w.id = r.wallet_id),
    'initiator', json_build_object('id', r.initiator_id, 'email', coalesce(ini.email, ''),
      'userName', coalesce(ini.user_name, '')),
    'status', CASE WHEN r.status IN ('EXECUTING', 'COMPLETE', 'FAILED') THEN r.status ELSE 'CREATED' END,
    'decisionStatus', CASE r.status WHEN 'CREATED' THEN 'IN_PROGRESS' WHEN 'REJECTED' THEN 'REJECTED'
      WHEN 'CANCELED' THEN 'CANCELED' ELSE 'APPROVED' END,
    'approval', CASE
      WHEN r.status IN ('REJECTED', 'CANCELED') THEN json_build_object('status', 'CREATED')
      WHEN r.status <> 'CREATED' THEN json_build_object('status', 'APPROVED')
      WHEN waiting.approved = 0 THEN json_build_object('status', 'CREATED')
      ELSE json_build_object('status', 'STEP_APPROVED', 'step', waiting.approved) END,
    'progress', r.progress,
    'steps', (SELECT coalesce(json_agg(json_build_object('step', s.n + 1,
        'requiredApprovals', s.step->'requiredApprovals', 'status', s.step->'status',
        'approvers', (SELECT coalesce(json_agg(json_build_object('memberId', e.m, 'email', coalesce(a.email, ''),
            'userName', coalesce(a.user_name, ''), 'decision', d.decision, 'memo', d.memo,
            'decidedAt', to_char(d.decided_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY e.k), '[]')
          FROM jsonb_array_elements_text(s.step->'eligible') WITH ORDINALITY e(m, k)
          LEFT JOIN accounts a ON a.organization_id = r.organization_id AND a.id = e.m::uuid
          LEFT JOIN request_decisions d ON d.request_id = r.id AND d.account_id = e.m::uuid AND d.step = s.n - 1)
      ) ORDER BY s.n), '[]') FROM jsonb_array_elements(r.steps) WITH ORDINALITY s(step, n)),
    'waitingFor', coalesce(to_json(waiting.ids), '[]'),
    'failureReason', r.failure_reason,
    'createdAt', to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updatedAt', to_char(r.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text, -1),
    (r.payload || jsonb_build_object('kind', r.item_type))::text,
    coalesce(waiting.ids, '{}'),
    (SELECT coalesce(jsonb_object_agg(c.purpose, c.attempt), '{}') FROM (
        SELECT DISTINCT ON (ct.purpose) ct.purpose, jsonb_build_object('status', ct.status,
          'sent', ct.sent_at IS NOT NULL, 'blockchain', ct.blockchain, 'hash', ct.hash,
          'feePaid', CASE WHEN ct.block_height IS NOT NULL THEN coalesce(ct.fee_paid, ct.fee)::text END) AS attempt
        FROM chain_transactions ct
        WHERE ct.organization_id = r.organization_id AND ct.request_id = r.id
        ORDER BY ct.purpose, CASE WHEN ct.status IN ('BUILT', 'SIGNED', 'BROADCAST') THEN 0
          WHEN ct.status = 'CONFIRMED' THEN 1 WHEN ct.status = 'FAILED' AND ct.block_height IS NOT NULL THEN 2
          ELSE 3 END, ct.attempt DESC) c)
  FROM requests r
  LEFT JOIN accounts ini ON ini.organization_id = r.organization_id AND ini.id = r.initiator_id
  CROSS JOIN LATERAL (
    SELECT array_agg(e.m ORDER BY e.k) AS ids, (SELECT count(*)::int FROM jsonb_array_elements(r.steps) a
      WHERE a->>'status' = 'APPROVED') AS approved
    FROM (SELECT s.step FROM jsonb_array_elements(r.steps) WITH ORDINALITY s(step, n)
      WHERE r.status = 'CREATED' AND s.step->>'status' = 'PENDING' ORDER BY s.n LIMIT 1) pending
    CROSS JOIN jsonb_array_elements_text(pending.step->'eligible') WITH ORDINALITY e(m, k)
    WHERE NOT EXISTS (SELECT 1 FROM request_decisions d WHERE d.request_id = r.id AND d.account_id = e.m::uuid)
  ) waiting
  WHERE r.id = rid
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION request_views_refresh(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  ids := ARRAY(SELECT i FROM unnest(ids) i WHERE NOT EXISTS (
    SELECT 1 FROM request_views v WHERE v.request_id = i AND v.refreshed_in = pg_current_xact_id()));
  IF cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM request_views WHERE request_id = ANY(ids) ORDER BY request_id FOR UPDATE;
  INSERT INTO request_views (request_id, view, content, awaiting, attempts, refreshed_in)
    SELECT r.id, v.view, v.content, v.awaiting, v.attempts, pg_current_xact_id()
    FROM requests r CROSS JOIN LATERAL request_view_of(r.id) v WHERE r.id = ANY(ids) ORDER BY r.id
  ON CONFLICT (request_id) DO UPDATE
    SET view = excluded.view, content = excluded.content, awaiting = excluded.awaiting,
      attempts = excluded.attempts, refreshed_in = excluded.refreshed_in;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION request_views_rewrite() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE request_views rv SET (view, content, awaiting, attempts, refreshed_in) =
    (SELECT v.view, v.content, v.awaiting, v.attempts, '0'::xid8 FROM request_view_of(rv.request_id) v);
  RETURN NULL;
END $$;
