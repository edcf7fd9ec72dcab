-- Requests of a member without WALLETS_VIEW read off indexes of their own (issue 17): the requests naming them (this
-- table, the initiator and every eligible approver of the frozen line) and their wallets' requests (by wallet, newest
-- first), where the list walked the organization's requests and tested each one's line: 120 ms a page for a member
-- who sees none of 100,000.
CREATE TABLE "request_people" (
	"organization_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"request_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "requests_wallet_idx";--> statement-breakpoint
ALTER TABLE "request_people" ADD CONSTRAINT "request_people_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "request_people_member_created_key" ON "request_people" USING btree ("organization_id","account_id","created_at" DESC NULLS FIRST,"request_id");--> statement-breakpoint
CREATE INDEX "request_people_request_idx" ON "request_people" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "requests_wallet_created_id_idx" ON "requests" USING btree ("wallet_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
-- Who a request names (request.policy.ts canSeeRequest: its initiator, and whoever stands at any step of its frozen
-- line), from the row alone. Steps are written as arrays of {eligible: [ids]}; anything else names nobody.
CREATE FUNCTION request_people_of(r requests) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT r.initiator_id::text
  UNION
  SELECT e FROM jsonb_array_elements(CASE jsonb_typeof(r.steps) WHEN 'array' THEN r.steps ELSE '[]' END) s(step)
    CROSS JOIN LATERAL jsonb_array_elements_text(
      CASE jsonb_typeof(s.step -> 'eligible') WHEN 'array' THEN s.step -> 'eligible' ELSE '[]' END) e
$$;--> statement-breakpoint
CREATE FUNCTION request_people_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO request_people (organization_id, account_id, request_id, created_at)
    SELECT n.organization_id, p, n.id, n.created_at FROM new_rows n CROSS JOIN LATERAL request_people_of(n) p
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A changed line or initiator: the rows it no longer names go, those it now names come; the others stay.
CREATE FUNCTION request_people_resync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM request_people rp WHERE rp.request_id = NEW.id AND (rp.organization_id <> NEW.organization_id
    OR rp.created_at <> NEW.created_at OR rp.account_id NOT IN (SELECT request_people_of(NEW)));
  INSERT INTO request_people (organization_id, account_id, request_id, created_at)
    SELECT NEW.organization_id, p, NEW.id, NEW.created_at FROM request_people_of(NEW) p
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Both in the writer's statement; the triggers lock requests against writers until this migration commits, so the
-- fill below misses no row.
CREATE TRIGGER requests_people_add AFTER INSERT ON requests
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION request_people_add();--> statement-breakpoint
CREATE TRIGGER requests_people_changed AFTER UPDATE OF organization_id, initiator_id, steps, created_at ON requests
  FOR EACH ROW WHEN (OLD.organization_id IS DISTINCT FROM NEW.organization_id
    OR OLD.initiator_id IS DISTINCT FROM NEW.initiator_id OR OLD.steps IS DISTINCT FROM NEW.steps
    OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION request_people_resync();--> statement-breakpoint
INSERT INTO request_people (organization_id, account_id, request_id, created_at)
  SELECT r.organization_id, p, r.id, r.created_at FROM requests r CROSS JOIN LATERAL request_people_of(r) p
ON CONFLICT DO NOTHING;--> statement-breakpoint
ANALYZE request_people;
