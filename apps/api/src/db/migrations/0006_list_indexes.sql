CREATE TABLE "list_counts" (
	"organization_id" uuid NOT NULL,
	"list" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "list_counts_organization_id_list_pk" PRIMARY KEY("organization_id","list")
);
--> statement-breakpoint
DROP INDEX "requests_org_created_idx";--> statement-breakpoint
CREATE INDEX "requests_org_created_id_idx" ON "requests" USING btree ("organization_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "wallets_org_created_id_idx" ON "wallets" USING btree ("organization_id","created_at" DESC NULLS FIRST,"id");