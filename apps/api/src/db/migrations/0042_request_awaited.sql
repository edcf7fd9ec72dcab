CREATE TABLE "request_awaited" (
	"organization_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"request_id" uuid NOT NULL,
	CONSTRAINT "request_awaited_organization_id_account_id_request_id_pk" PRIMARY KEY("organization_id","account_id","request_id")
);
--> statement-breakpoint
ALTER TABLE "request_awaited" ADD CONSTRAINT "request_awaited_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_awaited_request_idx" ON "request_awaited" USING btree ("request_id");--> statement-breakpoint
-- Who is awaited on which request, one row per member, following request_views.awaiting whatever writes it (the
-- refresh of migration 0041 at commit, the TRUNCATE rewrite, a backfill): "pending my approval" reads a member's
-- rows by the key. Written only when who is awaited changed; the view row's lock is already held by its writer.
CREATE FUNCTION request_awaited_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM request_awaited WHERE request_id = NEW.request_id;
  END IF;
  INSERT INTO request_awaited (organization_id, account_id, request_id)
    SELECT r.organization_id, a.m, r.id FROM requests r CROSS JOIN unnest(NEW.awaiting) a(m)
    WHERE r.id = NEW.request_id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER request_views_awaited AFTER INSERT ON request_views
  FOR EACH ROW WHEN (cardinality(NEW.awaiting) > 0) EXECUTE FUNCTION request_awaited_sync();--> statement-breakpoint
CREATE TRIGGER request_views_awaited_changed AFTER UPDATE OF awaiting ON request_views
  FOR EACH ROW WHEN (OLD.awaiting IS DISTINCT FROM NEW.awaiting) EXECUTE FUNCTION request_awaited_sync();--> statement-breakpoint
INSERT INTO request_awaited (organization_id, account_id, request_id)
  SELECT r.organization_id, a.m, r.id FROM requests r JOIN request_views v ON v.request_id = r.id
    CROSS JOIN unnest(v.awaiting) a(m)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Statistics for the planner at once: a page of the tab walks the list and probes these rows only when it knows them.
ANALYZE request_awaited;
