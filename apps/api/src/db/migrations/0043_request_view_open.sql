-- The kept view left open and the content kept (issue 17). The list closed each kept view on every read with
-- left(view, -1), which counts the characters of the whole text in UTF-8, and wrote every request's content
-- from its payload again: together a third of the requests page's statement. The view is now kept without its
-- closing brace, and the content (payload and kind) as text; the list adds a type's defaults only for a type
-- that has some. The triggers of 0041 call the two writers below by name; 0041's request_view_of is unchanged.
ALTER TABLE "request_views" ADD COLUMN "content" text;--> statement-breakpoint
UPDATE request_views rv SET view = left(rv.view, -1),
  content = (r.payload || jsonb_build_object('kind', r.item_type))::text
  FROM requests r WHERE r.id = rv.request_id;--> statement-breakpoint
ALTER TABLE "request_views" ALTER COLUMN "content" SET NOT NULL;--> statement-breakpoint
-- What request_views holds of a request: 0041's view, cut open once here, and the content.
CREATE FUNCTION request_kept_view_of(rid uuid) RETURNS TABLE (view text, content text, awaiting text[], attempts jsonb)
LANGUAGE sql STABLE AS $$
  SELECT left(v.view, -1), (r.payload || jsonb_build_object('kind', r.item_type))::text, v.awaiting, v.attempts
  FROM requests r CROSS JOIN LATERAL request_view_of(r.id) v WHERE r.id = rid
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION request_views_refresh(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  ids := ARRAY(SELECT i FROM unnest(ids) i WHERE NOT EXISTS (
    SELECT 1 FROM request_views v WHERE v.request_id = i AND v.refreshed_in = pg_current_xact_id()));
  IF cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM request_views WHERE request_id = ANY(ids) ORDER BY request_id FOR UPDATE;
  INSERT INTO request_views (request_id, view, content, awaiting, attempts, refreshed_in)
    SELECT r.id, v.view, v.content, v.awaiting, v.attempts, pg_current_xact_id()
    FROM requests r CROSS JOIN LATERAL request_kept_view_of(r.id) v WHERE r.id = ANY(ids) ORDER BY r.id
  ON CONFLICT (request_id) DO UPDATE
    SET view = excluded.view, content = excluded.content, awaiting = excluded.awaiting,
      attempts = excluded.attempts, refreshed_in = excluded.refreshed_in;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION request_views_rewrite() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE request_views rv SET (view, content, awaiting, attempts, refreshed_in) =
    (SELECT v.view, v.content, v.awaiting, v.attempts, '0'::xid8 FROM request_kept_view_of(rv.request_id) v);
  RETURN NULL;
END $$;
