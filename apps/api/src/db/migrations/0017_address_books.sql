CREATE TABLE "address_book_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"blockchain" text NOT NULL,
	"token_id" text NOT NULL,
	"address" text NOT NULL,
	"address_key" text NOT NULL,
	"memo" text,
	"wallet_type" text NOT NULL,
	"vasp_id" uuid,
	"receiver_type" text NOT NULL,
	"receiver_enc" text NOT NULL,
	"receiver_masked" jsonb NOT NULL,
	"state" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid,
	CONSTRAINT "address_book_entries_vasp" CHECK (("address_book_entries"."wallet_type" = 'VASP') = ("address_book_entries"."vasp_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "sanctioned_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list" text NOT NULL,
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"address_key" text NOT NULL,
	"entity" text NOT NULL,
	"listed_at" text,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "travel_rule_inquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"address_book_id" uuid,
	"vasp_id" uuid,
	"counterparty" text NOT NULL,
	"blockchain" text NOT NULL,
	"address" text NOT NULL,
	"status" text NOT NULL,
	"code" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"request_payload" jsonb NOT NULL,
	"response_payload" jsonb,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "vasps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"endpoint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "address_book_entries" ADD CONSTRAINT "address_book_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "address_book_entries" ADD CONSTRAINT "address_book_entries_vasp_id_vasps_id_fk" FOREIGN KEY ("vasp_id") REFERENCES "public"."vasps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "address_book_entries" ADD CONSTRAINT "address_book_entries_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "address_book_entries" ADD CONSTRAINT "address_book_entries_deleted_by_accounts_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "travel_rule_inquiries" ADD CONSTRAINT "travel_rule_inquiries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "travel_rule_inquiries" ADD CONSTRAINT "travel_rule_inquiries_address_book_id_address_book_entries_id_fk" FOREIGN KEY ("address_book_id") REFERENCES "public"."address_book_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "travel_rule_inquiries" ADD CONSTRAINT "travel_rule_inquiries_vasp_id_vasps_id_fk" FOREIGN KEY ("vasp_id") REFERENCES "public"."vasps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "travel_rule_inquiries" ADD CONSTRAINT "travel_rule_inquiries_requested_by_accounts_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "address_book_entries_name_key" ON "address_book_entries" USING btree ("organization_id",lower("name")) WHERE "address_book_entries"."state" <> 'DELETED';--> statement-breakpoint
CREATE UNIQUE INDEX "address_book_entries_token_address_key" ON "address_book_entries" USING btree ("organization_id","token_id","address_key") WHERE "address_book_entries"."state" <> 'DELETED';--> statement-breakpoint
CREATE INDEX "address_book_entries_org_created_idx" ON "address_book_entries" USING btree ("organization_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "sanctioned_addresses_key_idx" ON "sanctioned_addresses" USING btree ("address_key");--> statement-breakpoint
CREATE INDEX "sanctioned_addresses_list_idx" ON "sanctioned_addresses" USING btree ("list");--> statement-breakpoint
CREATE INDEX "travel_rule_inquiries_org_created_idx" ON "travel_rule_inquiries" USING btree ("organization_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "travel_rule_inquiries_entry_idx" ON "travel_rule_inquiries" USING btree ("address_book_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "travel_rule_inquiries_due_idx" ON "travel_rule_inquiries" USING btree ("next_attempt_at") WHERE "travel_rule_inquiries"."status" = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "vasps_name_key" ON "vasps" USING btree (lower("name"));