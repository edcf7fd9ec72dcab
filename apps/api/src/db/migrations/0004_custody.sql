CREATE TABLE "approval_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"wallet_id" uuid,
	"template" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_templates_scope" CHECK (("approval_templates"."scope" = 'WALLET') = ("approval_templates"."wallet_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "organization_seeds" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"mnemonic_enc" text NOT NULL,
	"next_account_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"step" integer NOT NULL,
	"decision" text NOT NULL,
	"memo" text,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"wallet_id" uuid,
	"type" text NOT NULL,
	"item_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text NOT NULL,
	"progress" text DEFAULT 'REQUEST' NOT NULL,
	"initiator_id" uuid NOT NULL,
	"steps" jsonb NOT NULL,
	"failure_reason" text,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "requests_status_known" CHECK ("requests"."status" in ('CREATED', 'APPROVED', 'REJECTED', 'CANCELED', 'EXECUTING', 'COMPLETE', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "wallet_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wallet_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"blockchain" text NOT NULL,
	"family" text NOT NULL,
	"address" text NOT NULL,
	"public_key" text NOT NULL,
	"derivation_path" text NOT NULL,
	"account_index" integer NOT NULL,
	"creation_request_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "approval_templates" ADD CONSTRAINT "approval_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_templates" ADD CONSTRAINT "approval_templates_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_templates" ADD CONSTRAINT "approval_templates_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_seeds" ADD CONSTRAINT "organization_seeds_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_decisions" ADD CONSTRAINT "request_decisions_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_decisions" ADD CONSTRAINT "request_decisions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_initiator_id_accounts_id_fk" FOREIGN KEY ("initiator_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_members" ADD CONSTRAINT "wallet_members_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_members" ADD CONSTRAINT "wallet_members_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_creation_request_id_requests_id_fk" FOREIGN KEY ("creation_request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_templates_wallet_key" ON "approval_templates" USING btree ("wallet_id") WHERE "approval_templates"."wallet_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_templates_creation_key" ON "approval_templates" USING btree ("organization_id") WHERE "approval_templates"."scope" = 'WALLET_CREATION';--> statement-breakpoint
CREATE UNIQUE INDEX "request_decisions_once_key" ON "request_decisions" USING btree ("request_id","account_id");--> statement-breakpoint
CREATE INDEX "requests_org_created_idx" ON "requests" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "requests_wallet_idx" ON "requests" USING btree ("wallet_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_members_once_key" ON "wallet_members" USING btree ("wallet_id","account_id");--> statement-breakpoint
CREATE INDEX "wallet_members_account_idx" ON "wallet_members" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_name_key" ON "wallets" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_creation_request_key" ON "wallets" USING btree ("creation_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_address_key" ON "wallets" USING btree ("blockchain","address");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_account_index_key" ON "wallets" USING btree ("organization_id","account_index");