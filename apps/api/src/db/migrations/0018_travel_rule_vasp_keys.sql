ALTER TABLE "vasps" ADD COLUMN "key_id" text;--> statement-breakpoint
ALTER TABLE "vasps" ADD COLUMN "secret_enc" text;--> statement-breakpoint
CREATE UNIQUE INDEX "vasps_key_id_key" ON "vasps" USING btree ("key_id");--> statement-breakpoint
ALTER TABLE "vasps" ADD CONSTRAINT "vasps_key_pair" CHECK (("vasps"."key_id" is null) = ("vasps"."secret_enc" is null));