CREATE TABLE "aml_status_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"workflow_id" uuid,
	"changed_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_workflows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"organization_id" uuid,
	"payload" jsonb NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"memo" text,
	CONSTRAINT "operator_workflows_status_known" CHECK ("operator_workflows"."status" in ('IN_PROGRESS', 'APPROVED', 'REJECTED', 'CANCELED'))
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "business_registration_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "representative_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "custody_fee_bps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "aml_status" text DEFAULT 'NOT_CHECKED' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "aml_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "aml_status_history" ADD CONSTRAINT "aml_status_history_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aml_status_history" ADD CONSTRAINT "aml_status_history_workflow_id_operator_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."operator_workflows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aml_status_history" ADD CONSTRAINT "aml_status_history_changed_by_accounts_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_workflows" ADD CONSTRAINT "operator_workflows_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_workflows" ADD CONSTRAINT "operator_workflows_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_workflows" ADD CONSTRAINT "operator_workflows_decided_by_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "aml_status_history_org_idx" ON "aml_status_history" USING btree ("organization_id","changed_at");--> statement-breakpoint
CREATE INDEX "operator_workflows_status_idx" ON "operator_workflows" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "operator_workflows_organization_idx" ON "operator_workflows" USING btree ("organization_id");--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_aml_known" CHECK ("organizations"."aml_status" in ('NOT_CHECKED', 'CLEARED', 'UNDER_REVIEW', 'BLOCKED'));--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_fee_range" CHECK ("organizations"."custody_fee_bps" between 0 and 1000);