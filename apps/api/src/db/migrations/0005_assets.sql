CREATE TABLE "activity_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"requested_by" uuid NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"timezone" text NOT NULL,
	"filters" jsonb NOT NULL,
	"status" text NOT NULL,
	"row_count" integer,
	"content" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "asset_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"wallet_id" uuid NOT NULL,
	"blockchain" text NOT NULL,
	"token_id" text NOT NULL,
	"activity_type" text NOT NULL,
	"transfer_type" text DEFAULT 'TRANSFER' NOT NULL,
	"status" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"tx_hash" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"block_height" bigint,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"required_confirmations" integer NOT NULL,
	"request_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "asset_activities_amount_positive" CHECK ("asset_activities"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "chain_cursors" (
	"blockchain" text PRIMARY KEY NOT NULL,
	"scanned_height" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devnet_chains" (
	"blockchain" text PRIMARY KEY NOT NULL,
	"height" bigint DEFAULT 0 NOT NULL,
	"produced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devnet_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"blockchain" text NOT NULL,
	"hash" text NOT NULL,
	"token_id" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"block_height" bigint,
	"will_fail" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"token_id" text NOT NULL,
	"blockchain" text NOT NULL,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_balances" (
	"wallet_id" uuid NOT NULL,
	"token_id" text NOT NULL,
	"organization_id" uuid NOT NULL,
	"blockchain" text NOT NULL,
	"total" numeric(78, 0) DEFAULT '0' NOT NULL,
	"staked" numeric(78, 0) DEFAULT '0' NOT NULL,
	"locked" numeric(78, 0) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_balances_wallet_id_token_id_pk" PRIMARY KEY("wallet_id","token_id"),
	CONSTRAINT "wallet_balances_non_negative" CHECK ("wallet_balances"."total" >= 0 and "wallet_balances"."staked" >= 0 and "wallet_balances"."locked" >= 0)
);
--> statement-breakpoint
ALTER TABLE "activity_exports" ADD CONSTRAINT "activity_exports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_exports" ADD CONSTRAINT "activity_exports_requested_by_accounts_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_activities" ADD CONSTRAINT "asset_activities_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_activities" ADD CONSTRAINT "asset_activities_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_tokens" ADD CONSTRAINT "organization_tokens_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_tokens" ADD CONSTRAINT "organization_tokens_added_by_accounts_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_balances" ADD CONSTRAINT "wallet_balances_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activity_exports_one_running_key" ON "activity_exports" USING btree ("organization_id","requested_by") WHERE "activity_exports"."status" = 'RUNNING';--> statement-breakpoint
CREATE INDEX "activity_exports_requester_idx" ON "activity_exports" USING btree ("requested_by","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "asset_activities_once_key" ON "asset_activities" USING btree ("wallet_id","tx_hash","activity_type");--> statement-breakpoint
CREATE INDEX "asset_activities_org_created_idx" ON "asset_activities" USING btree ("organization_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "asset_activities_wallet_created_idx" ON "asset_activities" USING btree ("wallet_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "asset_activities_updated_idx" ON "asset_activities" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "asset_activities_pending_idx" ON "asset_activities" USING btree ("blockchain") WHERE "asset_activities"."status" = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "devnet_transactions_hash_key" ON "devnet_transactions" USING btree ("blockchain","hash");--> statement-breakpoint
CREATE INDEX "devnet_transactions_block_idx" ON "devnet_transactions" USING btree ("blockchain","block_height");--> statement-breakpoint
CREATE INDEX "devnet_transactions_to_idx" ON "devnet_transactions" USING btree ("blockchain","to_address");--> statement-breakpoint
CREATE UNIQUE INDEX "organization_tokens_once_key" ON "organization_tokens" USING btree ("organization_id","token_id");--> statement-breakpoint
CREATE INDEX "wallet_balances_org_token_idx" ON "wallet_balances" USING btree ("organization_id","token_id");