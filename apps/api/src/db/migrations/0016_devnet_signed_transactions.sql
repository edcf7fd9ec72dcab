CREATE TABLE "devnet_accounts" (
	"blockchain" text NOT NULL,
	"account" text NOT NULL,
	"public_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devnet_accounts_blockchain_account_pk" PRIMARY KEY("blockchain","account")
);
--> statement-breakpoint
CREATE TABLE "devnet_outputs" (
	"blockchain" text NOT NULL,
	"txid" text NOT NULL,
	"vout" integer NOT NULL,
	"address" text NOT NULL,
	"value" numeric(78, 0) NOT NULL,
	"created_height" bigint,
	"spent_by" text,
	CONSTRAINT "devnet_outputs_blockchain_txid_vout_pk" PRIMARY KEY("blockchain","txid","vout")
);
--> statement-breakpoint
ALTER TABLE "devnet_transactions" ADD COLUMN "fee" numeric(78, 0) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "devnet_transactions" ADD COLUMN "sequence" bigint;--> statement-breakpoint
CREATE INDEX "devnet_outputs_address_idx" ON "devnet_outputs" USING btree ("blockchain","address");--> statement-breakpoint
CREATE UNIQUE INDEX "devnet_transactions_sequence_key" ON "devnet_transactions" USING btree ("blockchain","from_address","sequence") WHERE "devnet_transactions"."sequence" is not null;--> statement-breakpoint
CREATE INDEX "devnet_transactions_from_idx" ON "devnet_transactions" USING btree ("blockchain","from_address");--> statement-breakpoint
-- EOS-type wallets made before the registry: their accounts get the key they were derived with, so they can sign on
-- the devnet too (a row for a network served by a real node is never read).
INSERT INTO "devnet_accounts" ("blockchain", "account", "public_key")
SELECT "blockchain", "address", "public_key" FROM "wallets" WHERE "family" = 'eosio'
ON CONFLICT DO NOTHING;
