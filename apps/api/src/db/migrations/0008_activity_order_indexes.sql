DROP INDEX "asset_activities_org_created_idx";--> statement-breakpoint
DROP INDEX "asset_activities_wallet_created_idx";--> statement-breakpoint
CREATE INDEX "asset_activities_org_created_id_idx" ON "asset_activities" USING btree ("organization_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "asset_activities_wallet_created_id_idx" ON "asset_activities" USING btree ("wallet_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);