-- Live notices (modules/events/notice-hub.ts) are read when something changed, not by polling every second in
-- every process: a statement that writes asset activities or requests announces each organization it touched on
-- channel vaultline_events, at its commit, to every process (payload: the organization's id; PostgreSQL sends one
-- notification per distinct payload and transaction).
CREATE FUNCTION live_event_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vaultline_events', o.organization_id::text)
     FROM (SELECT DISTINCT organization_id FROM changed_rows WHERE organization_id IS NOT NULL) o;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER asset_activities_live_insert AFTER INSERT ON asset_activities REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION live_event_notify();--> statement-breakpoint
CREATE TRIGGER asset_activities_live_update AFTER UPDATE ON asset_activities REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION live_event_notify();--> statement-breakpoint
CREATE TRIGGER requests_live_insert AFTER INSERT ON requests REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION live_event_notify();--> statement-breakpoint
CREATE TRIGGER requests_live_update AFTER UPDATE ON requests REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION live_event_notify();
