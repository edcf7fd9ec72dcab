CREATE TABLE "group_members" (
	"group_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	CONSTRAINT "group_members_group_id_account_id_pk" PRIMARY KEY("group_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "group_permissions" (
	"group_id" uuid NOT NULL,
	"permission" text NOT NULL,
	CONSTRAINT "group_permissions_group_id_permission_pk" PRIMARY KEY("group_id","permission"),
	CONSTRAINT "group_permissions_known" CHECK ("group_permissions"."permission" in ('OWNER', 'ORG_MEMBER_INVITATION', 'ORG_MEMBER_DELETION', 'GROUP_CREATION', 'GROUP_DELETION', 'GROUP_UPDATE', 'MANAGEMENT_PERMISSION_SETTINGS', 'WALLETS_CREATION', 'WALLETS_VIEW', 'ADDRESS_BOOK_CREATION', 'ADDRESS_BOOK_DELETION', 'ADDRESS_BOOK_UPDATE'))
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "invitations_status_known" CHECK ("invitations"."status" in ('PENDING', 'ACCEPTED', 'CANCELED'))
);
--> statement-breakpoint
CREATE TABLE "member_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_permissions" (
	"account_id" uuid NOT NULL,
	"permission" text NOT NULL,
	CONSTRAINT "member_permissions_account_id_permission_pk" PRIMARY KEY("account_id","permission"),
	CONSTRAINT "member_permissions_known" CHECK ("member_permissions"."permission" in ('OWNER', 'ORG_MEMBER_INVITATION', 'ORG_MEMBER_DELETION', 'GROUP_CREATION', 'GROUP_DELETION', 'GROUP_UPDATE', 'MANAGEMENT_PERMISSION_SETTINGS', 'WALLETS_CREATION', 'WALLETS_VIEW', 'ADDRESS_BOOK_CREATION', 'ADDRESS_BOOK_DELETION', 'ADDRESS_BOOK_UPDATE'))
);
--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_member_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."member_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_permissions" ADD CONSTRAINT "group_permissions_group_id_member_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."member_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_accounts_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_groups" ADD CONSTRAINT "member_groups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_permissions" ADD CONSTRAINT "member_permissions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_members_account_idx" ON "group_members" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "invitations_account_idx" ON "invitations" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "invitations_organization_idx" ON "invitations" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_groups_name_key" ON "member_groups" USING btree ("organization_id",lower("name"));