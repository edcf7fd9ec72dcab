ALTER TABLE "wallets" ADD COLUMN "member_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- wallets.member_count, kept in the statement that changes wallet_members (issue 17: a page of wallets read each
-- one's members to count them). Statement-level, so a set-based insert pays one update per wallet; the wallets
-- are locked in id order first, so two statements touching the same wallets never wait on each other in a cycle.
-- A membership deleted with its wallet (cascade) finds the wallet already gone and changes nothing.
CREATE FUNCTION wallet_member_count_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE wallets SET member_count = 0 WHERE member_count <> 0;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM wallets WHERE id IN (SELECT wallet_id FROM new_rows) ORDER BY id FOR NO KEY UPDATE;
    UPDATE wallets w SET member_count = w.member_count + d.n
      FROM (SELECT wallet_id, count(*)::int AS n FROM new_rows GROUP BY wallet_id) d
     WHERE w.id = d.wallet_id;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM 1 FROM wallets WHERE id IN (SELECT wallet_id FROM old_rows) ORDER BY id FOR NO KEY UPDATE;
    UPDATE wallets w SET member_count = w.member_count - d.n
      FROM (SELECT wallet_id, count(*)::int AS n FROM old_rows GROUP BY wallet_id) d
     WHERE w.id = d.wallet_id;
  ELSE
    -- An update: only a membership moved to another wallet changes a count (a role change nets to zero).
    PERFORM 1 FROM wallets
     WHERE id IN (SELECT o.wallet_id FROM old_rows o JOIN new_rows n ON n.id = o.id AND n.wallet_id <> o.wallet_id
                  UNION SELECT n.wallet_id FROM old_rows o JOIN new_rows n ON n.id = o.id AND n.wallet_id <> o.wallet_id)
     ORDER BY id FOR NO KEY UPDATE;
    UPDATE wallets w SET member_count = w.member_count + d.n
      FROM (SELECT wallet_id, sum(n)::int AS n
              FROM (SELECT wallet_id, 1 AS n FROM new_rows UNION ALL SELECT wallet_id, -1 FROM old_rows) x
             GROUP BY wallet_id HAVING sum(n) <> 0) d
     WHERE w.id = d.wallet_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER wallet_members_count_add AFTER INSERT ON wallet_members REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wallet_member_count_apply();--> statement-breakpoint
CREATE TRIGGER wallet_members_count_remove AFTER DELETE ON wallet_members REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION wallet_member_count_apply();--> statement-breakpoint
CREATE TRIGGER wallet_members_count_move AFTER UPDATE ON wallet_members REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wallet_member_count_apply();--> statement-breakpoint
CREATE TRIGGER wallet_members_count_reset AFTER TRUNCATE ON wallet_members FOR EACH STATEMENT EXECUTE FUNCTION wallet_member_count_apply();--> statement-breakpoint
UPDATE wallets w SET member_count = m.n
  FROM (SELECT wallet_id, count(*)::int AS n FROM wallet_members GROUP BY wallet_id) m
 WHERE w.id = m.wallet_id;
--> statement-breakpoint
-- Only the triggers above write the count: a new wallet has no members yet (a copied row's count is not copied),
-- and a write of the column from anywhere else keeps what was kept.
CREATE FUNCTION wallet_member_count_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.member_count := 0;
  ELSIF pg_trigger_depth() = 1 THEN
    NEW.member_count := OLD.member_count;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER wallets_member_count_guard BEFORE INSERT OR UPDATE OF member_count ON wallets FOR EACH ROW EXECUTE FUNCTION wallet_member_count_guard();
