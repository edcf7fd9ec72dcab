CREATE TABLE "organization_token_balances" (
	"organization_id" uuid NOT NULL,
	"blockchain" text NOT NULL,
	"token_id" text NOT NULL,
	"slot" smallint NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"holders" integer DEFAULT 0 NOT NULL,
	"total" numeric(78, 0) DEFAULT '0' NOT NULL,
	"staked" numeric(78, 0) DEFAULT '0' NOT NULL,
	"withdrawable" numeric(78, 0) DEFAULT '0' NOT NULL,
	CONSTRAINT "organization_token_balances_pk" PRIMARY KEY("organization_id","blockchain","token_id","slot")
);
--> statement-breakpoint
-- Each wallet_balances row adds its amounts to its organization's token sums, in one of 16 slots picked by the
-- wallet id's last byte (random in a v4 uuid), so that concurrent changes of one token's balances wait on each
-- other only when their wallets share a slot. Rows are kept by a row trigger, not by the writers, so no write
-- path (withdrawal and staking holds, the watchers, reorganizations, cascaded wallet deletions) can forget them.
CREATE FUNCTION organization_token_balances_add(
  org uuid, chain text, token text, wallet uuid,
  d_rows integer, d_holders integer, d_total numeric, d_staked numeric, d_withdrawable numeric
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO organization_token_balances AS b
      (organization_id, blockchain, token_id, slot, row_count, holders, total, staked, withdrawable)
    VALUES (org, chain, token, get_byte(uuid_send(wallet), 15) % 16, d_rows, d_holders, d_total, d_staked, d_withdrawable)
  ON CONFLICT (organization_id, blockchain, token_id, slot) DO UPDATE SET
    row_count = b.row_count + excluded.row_count,
    holders = b.holders + excluded.holders,
    total = b.total + excluded.total,
    staked = b.staked + excluded.staked,
    withdrawable = b.withdrawable + excluded.withdrawable;
END $$;--> statement-breakpoint
-- withdrawable is summed per row (greatest(total - staked - locked, 0)), as the full sum it replaces did.
CREATE FUNCTION wallet_balances_keep_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.wallet_id = NEW.wallet_id AND OLD.token_id = NEW.token_id
     AND OLD.organization_id = NEW.organization_id AND OLD.blockchain = NEW.blockchain THEN
    -- Same row, same slot: one upsert of the differences, none when no amount moved (updated_at only).
    IF OLD.total = NEW.total AND OLD.staked = NEW.staked AND OLD.locked = NEW.locked THEN
      RETURN NULL;
    END IF;
    PERFORM organization_token_balances_add(NEW.organization_id, NEW.blockchain, NEW.token_id, NEW.wallet_id, 0,
      (NEW.total > 0)::int - (OLD.total > 0)::int, NEW.total - OLD.total, NEW.staked - OLD.staked,
      greatest(NEW.total - NEW.staked - NEW.locked, 0) - greatest(OLD.total - OLD.staked - OLD.locked, 0));
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM organization_token_balances_add(OLD.organization_id, OLD.blockchain, OLD.token_id, OLD.wallet_id, -1,
      -(OLD.total > 0)::int, -OLD.total, -OLD.staked, -greatest(OLD.total - OLD.staked - OLD.locked, 0));
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM organization_token_balances_add(NEW.organization_id, NEW.blockchain, NEW.token_id, NEW.wallet_id, 1,
      (NEW.total > 0)::int, NEW.total, NEW.staked, greatest(NEW.total - NEW.staked - NEW.locked, 0));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- TRUNCATE fires no row trigger (also when a TRUNCATE of wallets cascades here): the sums go with the rows.
CREATE FUNCTION organization_token_balances_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM organization_token_balances;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER wallet_balances_keep_totals AFTER INSERT OR UPDATE OR DELETE ON wallet_balances FOR EACH ROW EXECUTE FUNCTION wallet_balances_keep_totals();--> statement-breakpoint
CREATE TRIGGER wallet_balances_totals_reset AFTER TRUNCATE ON wallet_balances FOR EACH STATEMENT EXECUTE FUNCTION organization_token_balances_reset();--> statement-breakpoint
-- After the trigger, in the migration's transaction: CREATE TRIGGER holds writers off until the sums are in.
INSERT INTO organization_token_balances
    (organization_id, blockchain, token_id, slot, row_count, holders, total, staked, withdrawable)
  SELECT organization_id, blockchain, token_id, get_byte(uuid_send(wallet_id), 15) % 16, count(*),
         count(*) FILTER (WHERE total > 0), sum(total), sum(staked), sum(greatest(total - staked - locked, 0))
    FROM wallet_balances GROUP BY 1, 2, 3, 4;
