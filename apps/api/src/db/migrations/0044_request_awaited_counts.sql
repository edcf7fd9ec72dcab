CREATE TABLE "request_awaited_counts" (
	"organization_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "request_awaited_counts_member_idx" ON "request_awaited_counts" USING btree ("organization_id","account_id");--> statement-breakpoint
-- One transaction folds a member's rows at a time, and no transaction waits for it: the lock is only tried, and a
-- transaction that does not get it leaves its row for the next fold. Under READ COMMITTED each statement of the fold
-- sees every row committed before it took the lock (the holder's commit is visible before its lock is released), and
-- rows of transactions still open stay, unseen and untouched. A transaction of another isolation level never folds: its
-- snapshot could hold rows a fold since committed has removed, and deleting them would be a serialization failure.
CREATE FUNCTION request_awaited_counts_fold(org uuid, member text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RETURN;
  END IF;
  IF NOT pg_try_advisory_xact_lock(hashtext('request_awaited_counts'), hashtext(org::text || '/' || member)) THEN
    RETURN;
  END IF;
  WITH gone AS (
    DELETE FROM request_awaited_counts c WHERE c.organization_id = org AND c.account_id = member RETURNING c.n
  )
  INSERT INTO request_awaited_counts (organization_id, account_id, n)
    SELECT org, member, sum(g.n)::int FROM gone g HAVING sum(g.n) <> 0;
END $$;--> statement-breakpoint
-- Each statement's rows of request_awaited, added and removed, as one row per member, then folded.
CREATE FUNCTION request_awaited_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO request_awaited_counts (organization_id, account_id, n)
      SELECT a.organization_id, a.account_id, count(*)::int FROM added a GROUP BY 1, 2;
    PERFORM request_awaited_counts_fold(k.organization_id, k.account_id)
      FROM (SELECT DISTINCT a.organization_id, a.account_id FROM added a) k;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO request_awaited_counts (organization_id, account_id, n)
      SELECT r.organization_id, r.account_id, -count(*)::int FROM removed r GROUP BY 1, 2;
    PERFORM request_awaited_counts_fold(k.organization_id, k.account_id)
      FROM (SELECT DISTINCT r.organization_id, r.account_id FROM removed r) k;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION request_awaited_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE request_awaited_counts;
  RETURN NULL;
END $$;--> statement-breakpoint
-- No write to request_awaited between the triggers and the count below.
LOCK TABLE request_awaited IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE TRIGGER request_awaited_added AFTER INSERT ON request_awaited
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION request_awaited_count();--> statement-breakpoint
CREATE TRIGGER request_awaited_removed AFTER DELETE ON request_awaited
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION request_awaited_count();--> statement-breakpoint
CREATE TRIGGER request_awaited_moved AFTER UPDATE ON request_awaited
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION request_awaited_count();--> statement-breakpoint
CREATE TRIGGER request_awaited_truncated AFTER TRUNCATE ON request_awaited
  FOR EACH STATEMENT EXECUTE FUNCTION request_awaited_counts_truncate();--> statement-breakpoint
INSERT INTO request_awaited_counts (organization_id, account_id, n)
  SELECT organization_id, account_id, count(*)::int FROM request_awaited GROUP BY 1, 2;
