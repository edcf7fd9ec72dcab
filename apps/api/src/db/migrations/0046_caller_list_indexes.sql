-- A caller's own lists read off the caller's own index (issue 17). "Pending my approval" walked the organization's
-- requests newest first and probed request_awaited for each: a member awaited on one request at the end of
-- 100,000 cost 75-130 ms a page, and the bench's owner (awaited on every ninth) 166 requests read for 20. The tab
-- now reads the member's awaited rows in the list's order, which needs each request's created_at beside them.
ALTER TABLE "request_awaited" ADD COLUMN "created_at" timestamp with time zone;--> statement-breakpoint
CREATE OR REPLACE FUNCTION request_awaited_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM request_awaited WHERE request_id = NEW.request_id;
  END IF;
  INSERT INTO request_awaited (organization_id, account_id, request_id, created_at)
    SELECT r.organization_id, a.m, r.id, r.created_at FROM requests r CROSS JOIN unnest(NEW.awaiting) a(m)
    WHERE r.id = NEW.request_id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The existing rows (ADD COLUMN holds the table's exclusive lock to commit: no writer comes between).
UPDATE "request_awaited" aw SET "created_at" = r.created_at FROM "requests" r WHERE r.id = aw.request_id;--> statement-breakpoint
ALTER TABLE "request_awaited" ALTER COLUMN "created_at" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "request_awaited_member_created_idx" ON "request_awaited" USING btree ("organization_id","account_id","created_at" DESC NULLS FIRST,"request_id");--> statement-breakpoint
-- "My requests": the initiator's requests in the list's order, where the tab walked the organization's.
CREATE INDEX "requests_org_initiator_created_id_idx" ON "requests" USING btree ("organization_id","initiator_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
ANALYZE "request_awaited";
