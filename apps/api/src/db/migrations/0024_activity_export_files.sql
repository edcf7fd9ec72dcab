-- Exports are written to files under the data directory (issue 17): the row keeps the file's path, size and sha256.
-- "content" stays, nullable, so an export made before still downloads; no row is rewritten.
ALTER TABLE "activity_exports" ADD COLUMN "file_path" text;--> statement-breakpoint
ALTER TABLE "activity_exports" ADD COLUMN "file_size" bigint;--> statement-breakpoint
ALTER TABLE "activity_exports" ADD COLUMN "file_sha256" text;
