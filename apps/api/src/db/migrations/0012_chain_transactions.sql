CREATE TABLE "chain_senders" (
	"blockchain" text NOT NULL,
	"address" text NOT NULL,
	"next_sequence" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_senders_blockchain_address_pk" PRIMARY KEY("blockchain","address")
);
--> statement-breakpoint
CREATE TABLE "chain_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"request_id" uuid,
	"purpose" text NOT NULL,
	"blockchain" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"token_id" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"sequence" integer,
	"status" text NOT NULL,
	"payload" "bytea" NOT NULL,
	"raw" "bytea",
	"hash" text,
	"fee" numeric(78, 0) NOT NULL,
	"block_height" numeric(20, 0),
	"block_hash" text,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"failure_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_transactions_status_known" CHECK ("chain_transactions"."status" in ('BUILT', 'SIGNED', 'BROADCAST', 'CONFIRMED', 'FAILED', 'DROPPED', 'REPLACED')),
	CONSTRAINT "chain_transactions_signed_has_raw" CHECK ("chain_transactions"."status" = 'BUILT' or "chain_transactions"."status" = 'FAILED' or "chain_transactions"."raw" is not null)
);
--> statement-breakpoint
ALTER TABLE "chain_transactions" ADD CONSTRAINT "chain_transactions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_transactions" ADD CONSTRAINT "chain_transactions_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_transactions_request_purpose_key" ON "chain_transactions" USING btree ("request_id","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_transactions_sender_sequence_key" ON "chain_transactions" USING btree ("blockchain","from_address","sequence") WHERE "chain_transactions"."sequence" is not null and "chain_transactions"."status" in ('BUILT', 'SIGNED', 'BROADCAST', 'CONFIRMED');--> statement-breakpoint
CREATE INDEX "chain_transactions_hash_idx" ON "chain_transactions" USING btree ("blockchain","hash");--> statement-breakpoint
CREATE INDEX "chain_transactions_open_idx" ON "chain_transactions" USING btree ("status") WHERE "chain_transactions"."status" in ('BUILT', 'SIGNED', 'BROADCAST');