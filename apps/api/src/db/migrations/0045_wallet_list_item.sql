ALTER TABLE "wallets" ADD COLUMN "list_item" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_members" ADD CONSTRAINT "wallet_members_role" CHECK ("wallet_members"."role" in ('MANAGER', 'MEMBER'));--> statement-breakpoint
-- wallets.list_item: the wallet as the list answers it (contracts' Wallet) without the caller's role, JSON text left
-- open (no closing brace) so a page adds the role and closes it by concatenation (issue 17: json_build_object of a
-- page's 20 wallets was about three quarters of the page statement's time). Written on every insert and update of
-- the row from the row itself, including the member count that wallet_members' triggers keep (migration 0038):
-- this trigger's name sorts after wallets_member_count_guard, so it reads the count the guard let through.
CREATE FUNCTION wallet_list_item() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_item := left(json_build_object('id', NEW.id, 'name', NEW.name, 'blockchain', NEW.blockchain,
    'family', NEW.family, 'address', NEW.address, 'publicKey', NEW.public_key, 'derivationPath', NEW.derivation_path,
    'custody', NEW.custody, 'memberCount', NEW.member_count,
    'createdAt', to_char(NEW.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text, -1);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER wallets_write_list_item BEFORE INSERT OR UPDATE ON wallets FOR EACH ROW EXECUTE FUNCTION wallet_list_item();--> statement-breakpoint
-- The existing wallets, through the trigger. No other trigger of wallets fires on this update: theirs name the
-- columns they follow (blockchain, name, organization_id, member_count), and list_item is none of them.
UPDATE wallets SET list_item = '';
