CREATE TABLE "cold_signing_reviews" (
	"chain_transaction_id" uuid NOT NULL,
	"operator_id" uuid NOT NULL,
	"reviewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cold_signing_reviews_chain_transaction_id_operator_id_pk" PRIMARY KEY("chain_transaction_id","operator_id")
);
--> statement-breakpoint
DROP INDEX "wallets_account_index_key";--> statement-breakpoint
ALTER TABLE "wallets" ALTER COLUMN "creation_request_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "custody" text DEFAULT 'HOT' NOT NULL;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "cold_signers_required" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "cold_master_fingerprint" text;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "import_workflow_id" uuid;--> statement-breakpoint
ALTER TABLE "cold_signing_reviews" ADD CONSTRAINT "cold_signing_reviews_chain_transaction_id_chain_transactions_id_fk" FOREIGN KEY ("chain_transaction_id") REFERENCES "public"."chain_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cold_signing_reviews" ADD CONSTRAINT "cold_signing_reviews_operator_id_accounts_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_import_workflow_id_operator_workflows_id_fk" FOREIGN KEY ("import_workflow_id") REFERENCES "public"."operator_workflows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_import_workflow_key" ON "wallets" USING btree ("import_workflow_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_account_index_key" ON "wallets" USING btree ("organization_id","account_index") WHERE "wallets"."custody" = 'HOT';--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_cold_signers" CHECK ("wallets"."cold_signers_required" in (1, 2));--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_custody_origin" CHECK (("wallets"."custody" = 'HOT' and "wallets"."creation_request_id" is not null and "wallets"."cold_master_fingerprint" is null) or ("wallets"."custody" = 'COLD' and "wallets"."import_workflow_id" is not null and "wallets"."cold_master_fingerprint" is not null));