ALTER TABLE "requests" ADD COLUMN "exclusive_key" text;--> statement-breakpoint
-- Open wallet-creation requests claim their name; where a race let several through, the oldest keeps it (the
-- engine refuses the others' wallets by the wallets' own unique name index).
UPDATE "requests" AS r SET "exclusive_key" = 'wallet-name:' || lower(r."payload"->>'name')
WHERE r."type" = 'WALLET_CREATION' AND r."status" in ('CREATED', 'APPROVED', 'EXECUTING')
  AND r."id" = (
    SELECT o."id" FROM "requests" AS o
    WHERE o."organization_id" = r."organization_id" AND o."type" = 'WALLET_CREATION'
      AND o."status" in ('CREATED', 'APPROVED', 'EXECUTING')
      AND lower(o."payload"->>'name') = lower(r."payload"->>'name')
    ORDER BY o."created_at", o."id" LIMIT 1
  );--> statement-breakpoint
CREATE UNIQUE INDEX "requests_open_exclusive_key" ON "requests" USING btree ("organization_id","exclusive_key") WHERE "requests"."exclusive_key" is not null and "requests"."status" in ('CREATED', 'APPROVED', 'EXECUTING');
