CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"organization_id" uuid,
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"user_name" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'KO' NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_member_has_organization" CHECK (("accounts"."kind" = 'MEMBER') = ("accounts"."organization_id" is not null)),
	CONSTRAINT "accounts_status_known" CHECK ("accounts"."status" in ('ACTIVE', 'DELETED', 'INVITED', 'CANCELED')),
	CONSTRAINT "accounts_language_known" CHECK ("accounts"."language" in ('EN', 'KO'))
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_email_live_key" ON "accounts" USING btree (lower("email")) WHERE "accounts"."status" in ('ACTIVE', 'INVITED');--> statement-breakpoint
CREATE INDEX "accounts_organization_idx" ON "accounts" USING btree ("organization_id");