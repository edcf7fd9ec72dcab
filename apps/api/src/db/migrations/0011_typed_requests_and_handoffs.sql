CREATE TABLE "engine_handoffs" (
	"key" text PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "cancel_stage" text;--> statement-breakpoint
-- Request content is typed by its item type (contracts request-content.ts): every stored payload names its kind.
UPDATE "requests" SET "payload" = "payload" || jsonb_build_object('kind', "item_type") WHERE NOT ("payload" ? 'kind');--> statement-breakpoint
-- Requests already handed to the engine keep their hand-off, so nothing hands them over a second time.
INSERT INTO "engine_handoffs" ("key", "queue")
SELECT 'wallet-creation:' || "id", 'wallet-creation' FROM "requests"
WHERE "type" = 'WALLET_CREATION' AND "status" IN ('APPROVED', 'EXECUTING', 'COMPLETE', 'FAILED')
ON CONFLICT DO NOTHING;
