DROP INDEX "chain_transactions_request_purpose_key";--> statement-breakpoint
ALTER TABLE "chain_transactions" ADD COLUMN "memo" text;--> statement-breakpoint
ALTER TABLE "chain_transactions" ADD COLUMN "attempt" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "chain_transactions" ADD COLUMN "spends" text[];--> statement-breakpoint
ALTER TABLE "chain_transactions" ADD COLUMN "valid_until_height" numeric(20, 0);--> statement-breakpoint
ALTER TABLE "chain_transactions" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_transactions_request_purpose_key" ON "chain_transactions" USING btree ("request_id","purpose","attempt");