-- How many wallets an organization has on each blockchain, kept next to its wallet count as `wallets:<blockchain>`
-- (issue 17): the balance totals list every native coin of the organization's blockchains, and found them with
-- one index probe per blockchain over its wallets; a range of list_counts rows is one probe. Statement-level on
-- insert and delete, as the other kept counts (a wallet never changes organization). A wallet's blockchain does not
-- change either; if an update ever changed it, a row trigger (firing only then) moves it between the counts.
CREATE FUNCTION wallet_chain_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_counts (organization_id, list, n)
    SELECT organization_id, 'wallets:' || blockchain, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (organization_id, list) DO UPDATE SET n = list_counts.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION wallet_chain_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE list_counts c SET n = c.n - d.n
    FROM (SELECT organization_id, 'wallets:' || blockchain AS list, count(*) AS n FROM old_rows GROUP BY 1, 2) d
   WHERE c.organization_id = d.organization_id AND c.list = d.list;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION wallet_chain_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE list_counts SET n = n - 1 WHERE organization_id = OLD.organization_id AND list = 'wallets:' || OLD.blockchain;
  INSERT INTO list_counts (organization_id, list, n) VALUES (OLD.organization_id, 'wallets:' || NEW.blockchain, 1)
  ON CONFLICT (organization_id, list) DO UPDATE SET n = list_counts.n + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION wallet_chain_counts_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM list_counts WHERE list LIKE 'wallets:%';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER wallets_chain_count_add AFTER INSERT ON wallets REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wallet_chain_counts_add();--> statement-breakpoint
CREATE TRIGGER wallets_chain_count_remove AFTER DELETE ON wallets REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION wallet_chain_counts_remove();--> statement-breakpoint
CREATE TRIGGER wallets_chain_count_move AFTER UPDATE OF blockchain ON wallets FOR EACH ROW WHEN (OLD.blockchain IS DISTINCT FROM NEW.blockchain) EXECUTE FUNCTION wallet_chain_counts_move();--> statement-breakpoint
CREATE TRIGGER wallets_chain_count_reset AFTER TRUNCATE ON wallets FOR EACH STATEMENT EXECUTE FUNCTION wallet_chain_counts_reset();--> statement-breakpoint
-- After the triggers, in the migration's transaction: CREATE TRIGGER holds writers off until the counts are in.
INSERT INTO list_counts (organization_id, list, n)
  SELECT organization_id, 'wallets:' || blockchain, count(*) FROM wallets GROUP BY 1, 2;
