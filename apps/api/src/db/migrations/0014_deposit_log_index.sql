DROP INDEX "asset_activities_once_key";--> statement-breakpoint
ALTER TABLE "asset_activities" ADD COLUMN "log_index" integer DEFAULT -1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "asset_activities_once_key" ON "asset_activities" USING btree ("wallet_id","tx_hash","activity_type","log_index");