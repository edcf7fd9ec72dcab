-- Exact per-organization row counts of the long lists, kept by statement-level triggers (one upsert per
-- statement, not per row), so an unfiltered list's total is one row read. Rows never change organization.
CREATE FUNCTION list_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_counts (organization_id, list, n)
    SELECT organization_id, TG_TABLE_NAME, count(*) FROM new_rows GROUP BY organization_id ORDER BY organization_id
  ON CONFLICT (organization_id, list) DO UPDATE SET n = list_counts.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION list_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE list_counts c SET n = c.n - d.n
    FROM (SELECT organization_id, count(*) AS n FROM old_rows GROUP BY organization_id) d
   WHERE c.organization_id = d.organization_id AND c.list = TG_TABLE_NAME;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION list_counts_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM list_counts WHERE list = TG_TABLE_NAME;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER requests_count_add AFTER INSERT ON requests REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_add();--> statement-breakpoint
CREATE TRIGGER requests_count_remove AFTER DELETE ON requests REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_remove();--> statement-breakpoint
CREATE TRIGGER requests_count_reset AFTER TRUNCATE ON requests FOR EACH STATEMENT EXECUTE FUNCTION list_counts_reset();--> statement-breakpoint
CREATE TRIGGER wallets_count_add AFTER INSERT ON wallets REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_add();--> statement-breakpoint
CREATE TRIGGER wallets_count_remove AFTER DELETE ON wallets REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_remove();--> statement-breakpoint
CREATE TRIGGER wallets_count_reset AFTER TRUNCATE ON wallets FOR EACH STATEMENT EXECUTE FUNCTION list_counts_reset();--> statement-breakpoint
CREATE TRIGGER asset_activities_count_add AFTER INSERT ON asset_activities REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_add();--> statement-breakpoint
CREATE TRIGGER asset_activities_count_remove AFTER DELETE ON asset_activities REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_remove();--> statement-breakpoint
CREATE TRIGGER asset_activities_count_reset AFTER TRUNCATE ON asset_activities FOR EACH STATEMENT EXECUTE FUNCTION list_counts_reset();--> statement-breakpoint
INSERT INTO list_counts (organization_id, list, n)
  SELECT organization_id, 'requests', count(*) FROM requests GROUP BY organization_id
  UNION ALL SELECT organization_id, 'wallets', count(*) FROM wallets GROUP BY organization_id
  UNION ALL SELECT organization_id, 'asset_activities', count(*) FROM asset_activities GROUP BY organization_id;
