-- What an authenticated call's session check reads (the session, its account, the account's own and groups'
-- permissions) announces its changes on channel vaultline_auth, with the account's id as payload ('*': anyone's),
-- in the writer's transaction: listeners (modules/auth/session-cache.ts) drop what they kept of that account when
-- the change commits, in every process. The activity touch (last_seen_at) is not a change of that kind.
-- The column naming the account is the trigger's argument (id on accounts, account_id elsewhere).
CREATE FUNCTION auth_changed_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('vaultline_auth', to_jsonb(OLD) ->> TG_ARGV[0]); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('vaultline_auth', to_jsonb(NEW) ->> TG_ARGV[0]); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION auth_changed_everyone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vaultline_auth', '*');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed AFTER UPDATE ON sessions FOR EACH ROW
  WHEN (OLD.token_id IS DISTINCT FROM NEW.token_id OR OLD.revoked_at IS DISTINCT FROM NEW.revoked_at
    OR OLD.revoked_reason IS DISTINCT FROM NEW.revoked_reason OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
    OR OLD.csrf_hash IS DISTINCT FROM NEW.csrf_hash OR OLD.account_id IS DISTINCT FROM NEW.account_id)
  EXECUTE FUNCTION auth_changed_account('account_id');--> statement-breakpoint
CREATE TRIGGER sessions_auth_deleted AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION auth_changed_account('account_id');--> statement-breakpoint
CREATE TRIGGER accounts_auth_changed AFTER UPDATE ON accounts FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.kind IS DISTINCT FROM NEW.kind
    OR OLD.organization_id IS DISTINCT FROM NEW.organization_id OR OLD.operator_role IS DISTINCT FROM NEW.operator_role)
  EXECUTE FUNCTION auth_changed_account('id');--> statement-breakpoint
CREATE TRIGGER accounts_auth_deleted AFTER DELETE ON accounts FOR EACH ROW EXECUTE FUNCTION auth_changed_account('id');--> statement-breakpoint
CREATE TRIGGER member_permissions_auth_changed AFTER INSERT OR UPDATE OR DELETE ON member_permissions FOR EACH ROW
  EXECUTE FUNCTION auth_changed_account('account_id');--> statement-breakpoint
CREATE TRIGGER group_members_auth_changed AFTER INSERT OR UPDATE OR DELETE ON group_members FOR EACH ROW
  EXECUTE FUNCTION auth_changed_account('account_id');--> statement-breakpoint
-- A group's permission reaches all its members: everyone's cached sessions go (group changes are rare).
CREATE TRIGGER group_permissions_auth_changed AFTER INSERT OR UPDATE OR DELETE ON group_permissions
  FOR EACH STATEMENT EXECUTE FUNCTION auth_changed_everyone();--> statement-breakpoint
CREATE TRIGGER sessions_auth_truncated AFTER TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION auth_changed_everyone();--> statement-breakpoint
CREATE TRIGGER accounts_auth_truncated AFTER TRUNCATE ON accounts FOR EACH STATEMENT EXECUTE FUNCTION auth_changed_everyone();--> statement-breakpoint
CREATE TRIGGER member_permissions_auth_truncated AFTER TRUNCATE ON member_permissions FOR EACH STATEMENT EXECUTE FUNCTION auth_changed_everyone();--> statement-breakpoint
CREATE TRIGGER group_members_auth_truncated AFTER TRUNCATE ON group_members FOR EACH STATEMENT EXECUTE FUNCTION auth_changed_everyone();--> statement-breakpoint
CREATE TRIGGER group_permissions_auth_truncated AFTER TRUNCATE ON group_permissions FOR EACH STATEMENT EXECUTE FUNCTION auth_changed_everyone();
