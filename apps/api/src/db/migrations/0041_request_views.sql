CREATE TABLE "request_views" (
	"request_id" uuid PRIMARY KEY NOT NULL,
	"view" text NOT NULL,
	"awaiting" text[] NOT NULL,
	"attempts" jsonb NOT NULL,
	"refreshed_in" "xid8" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "request_views" ADD CONSTRAINT "request_views_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- A request's kept view (request_views, issue 17). It names no request type and reads no configuration: the list
-- adds, when it reads it, what depends on the type registry (content and its defaults, cancel states, which chain
-- purpose is shown), on the configuration (explorer links) and on the caller (canApprove, canCancel).
-- `attempts` holds, per chain purpose, the attempt currentAttempt picks: an open one, else the confirmed one, else
-- one failed in a block, else the newest.
CREATE FUNCTION request_view_of(rid uuid) RETURNS TABLE (view text, awaiting text[], attempts jsonb)
LANGUAGE sql STABLE AS $$
  SELECT json_build_object('id', r.id, 'type', r.type, 'itemType', r.item_type, 'walletId', r.wallet_id,
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
    'updatedAt', to_char(r.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text,
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
-- Writes the views of `ids` once per transaction. Only the deferred triggers below call it, at commit, after every
-- change of the transaction: the first call for a request sees them all, a later one in the same commit skips it.
-- The rows are locked first (in id order), and the view is read by the next statement, whose snapshot (READ
-- COMMITTED) then holds every commit of a transaction that refreshed the same request before: of two concurrent
-- commits touching one request, the later writes what both did.
CREATE FUNCTION request_views_refresh(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  ids := ARRAY(SELECT i FROM unnest(ids) i WHERE NOT EXISTS (
    SELECT 1 FROM request_views v WHERE v.request_id = i AND v.refreshed_in = pg_current_xact_id()));
  IF cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM request_views WHERE request_id = ANY(ids) ORDER BY request_id FOR UPDATE;
  INSERT INTO request_views (request_id, view, awaiting, attempts, refreshed_in)
    SELECT r.id, v.view, v.awaiting, v.attempts, pg_current_xact_id()
    FROM requests r CROSS JOIN LATERAL request_view_of(r.id) v WHERE r.id = ANY(ids) ORDER BY r.id
  ON CONFLICT (request_id) DO UPDATE
    SET view = excluded.view, awaiting = excluded.awaiting, attempts = excluded.attempts,
      refreshed_in = excluded.refreshed_in;
END $$;--> statement-breakpoint
CREATE FUNCTION request_views_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'requests' THEN
    PERFORM request_views_refresh(ARRAY[NEW.id]);
  ELSIF TG_TABLE_NAME IN ('request_decisions', 'chain_transactions') THEN
    PERFORM request_views_refresh(ARRAY(SELECT DISTINCT x FROM unnest(ARRAY[
      CASE WHEN TG_OP <> 'INSERT' THEN OLD.request_id END,
      CASE WHEN TG_OP <> 'DELETE' THEN NEW.request_id END]) x WHERE x IS NOT NULL));
  ELSIF TG_TABLE_NAME = 'wallets' THEN
    -- Its name on the requests of the wallet (a wallet-creation request may name its wallet before the row exists).
    PERFORM request_views_refresh(ARRAY(SELECT id FROM requests
      WHERE wallet_id = CASE WHEN TG_OP = 'INSERT' THEN NEW.id ELSE OLD.id END));
  ELSE
    -- accounts (renamed or removed): the requests it initiated or may approve on a step; a rare write that may
    -- rewrite many views, so that every read of the list finds names ready.
    PERFORM request_views_refresh(ARRAY(SELECT id FROM requests WHERE organization_id = OLD.organization_id
      AND (initiator_id = OLD.id OR steps @> jsonb_build_array(jsonb_build_object('eligible', jsonb_build_array(OLD.id::text))))));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER requests_view AFTER INSERT OR UPDATE ON requests
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION request_views_touch();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER request_decisions_view AFTER INSERT OR UPDATE OR DELETE ON request_decisions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION request_views_touch();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER chain_transactions_view AFTER INSERT OR DELETE
  OR UPDATE OF request_id, organization_id, purpose, attempt, status, sent_at, block_height, blockchain, hash, fee, fee_paid
  ON chain_transactions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION request_views_touch();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER wallets_request_view AFTER INSERT OR DELETE ON wallets
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION request_views_touch();--> statement-breakpoint
-- Renames only when something the views show changed: a wallet or a profile saved with the same name rewrites nothing.
CREATE CONSTRAINT TRIGGER wallets_request_view_rename AFTER UPDATE OF name, organization_id ON wallets
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.organization_id IS DISTINCT FROM NEW.organization_id)
  EXECUTE FUNCTION request_views_touch();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER accounts_request_view AFTER DELETE ON accounts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION request_views_touch();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER accounts_request_view_rename AFTER UPDATE OF email, user_name, organization_id ON accounts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.email IS DISTINCT FROM NEW.email OR OLD.user_name IS DISTINCT FROM NEW.user_name
    OR OLD.organization_id IS DISTINCT FROM NEW.organization_id)
  EXECUTE FUNCTION request_views_touch();--> statement-breakpoint
-- TRUNCATE of a table the views read (never the product's own write) rewrites them all at once; marked as written
-- by no transaction, so a later change in the same transaction still refreshes its requests at commit.
CREATE FUNCTION request_views_rewrite() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE request_views rv SET (view, awaiting, attempts, refreshed_in) =
    (SELECT v.view, v.awaiting, v.attempts, '0'::xid8 FROM request_view_of(rv.request_id) v);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER request_views_rewrite AFTER TRUNCATE ON request_decisions FOR EACH STATEMENT EXECUTE FUNCTION request_views_rewrite();--> statement-breakpoint
CREATE TRIGGER request_views_rewrite AFTER TRUNCATE ON chain_transactions FOR EACH STATEMENT EXECUTE FUNCTION request_views_rewrite();--> statement-breakpoint
CREATE TRIGGER request_views_rewrite AFTER TRUNCATE ON wallets FOR EACH STATEMENT EXECUTE FUNCTION request_views_rewrite();--> statement-breakpoint
CREATE TRIGGER request_views_rewrite AFTER TRUNCATE ON accounts FOR EACH STATEMENT EXECUTE FUNCTION request_views_rewrite();--> statement-breakpoint
INSERT INTO request_views (request_id, view, awaiting, attempts, refreshed_in)
  SELECT r.id, v.view, v.awaiting, v.attempts, '0' FROM requests r CROSS JOIN LATERAL request_view_of(r.id) v;
