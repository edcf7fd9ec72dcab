CREATE TABLE "gas_fee_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gas_fee_wallet_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"request_id" uuid,
	"tx_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gas_fee_entries_amount_positive" CHECK ("gas_fee_entries"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "gas_fee_wallets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"blockchain" text NOT NULL,
	"address" text NOT NULL,
	"public_key" text NOT NULL,
	"derivation_path" text NOT NULL,
	"balance" numeric(78, 0) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gas_fee_wallets_balance_non_negative" CHECK ("gas_fee_wallets"."balance" >= 0)
);
--> statement-breakpoint
ALTER TABLE "gas_fee_entries" ADD CONSTRAINT "gas_fee_entries_gas_fee_wallet_id_gas_fee_wallets_id_fk" FOREIGN KEY ("gas_fee_wallet_id") REFERENCES "public"."gas_fee_wallets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gas_fee_entries" ADD CONSTRAINT "gas_fee_entries_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gas_fee_wallets" ADD CONSTRAINT "gas_fee_wallets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gas_fee_entries_request_key" ON "gas_fee_entries" USING btree ("request_id") WHERE "gas_fee_entries"."request_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "gas_fee_wallets_org_chain_key" ON "gas_fee_wallets" USING btree ("organization_id","blockchain");--> statement-breakpoint
CREATE UNIQUE INDEX "gas_fee_wallets_address_key" ON "gas_fee_wallets" USING btree ("blockchain","address");