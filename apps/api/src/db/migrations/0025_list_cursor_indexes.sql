-- Keyset paging (issue 17): each cursor list's default order read off an index. The member list (created_at, id)
-- had none; the address book's was NULLS LAST while `order by created_at desc` means NULLS FIRST, so it sorted.
DROP INDEX "address_book_entries_org_created_idx";--> statement-breakpoint
CREATE INDEX "accounts_org_created_id_idx" ON "accounts" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "address_book_entries_org_created_idx" ON "address_book_entries" USING btree ("organization_id","created_at" DESC NULLS FIRST,"id");