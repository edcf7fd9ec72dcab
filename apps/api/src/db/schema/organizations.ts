import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    businessRegistrationNumber: text('business_registration_number').notNull().default(''),
    representativeName: text('representative_name').notNull().default(''),
    /** Basis points of assets under custody per year. */
    custodyFeeBps: integer('custody_fee_bps').notNull().default(0),
    amlStatus: text('aml_status', { enum: ['NOT_CHECKED', 'CLEARED', 'UNDER_REVIEW', 'BLOCKED'] })
      .notNull()
      .default('NOT_CHECKED'),
    amlCheckedAt: timestamp('aml_checked_at', { withTimezone: true }),
    /**
     * The custody policy of new wallets, set by the provider's maker-checker workflow: COLD makes each approved
     * wallet creation wait for a key from the air-gapped signer, its transactions signed by this many operators.
     */
    newWalletCustody: text('new_wallet_custody', { enum: ['HOT', 'COLD'] })
      .notNull()
      .default('HOT'),
    coldSignersRequired: integer('cold_signers_required').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('organizations_aml_known', sql`${t.amlStatus} in ('NOT_CHECKED', 'CLEARED', 'UNDER_REVIEW', 'BLOCKED')`),
    check('organizations_fee_range', sql`${t.custodyFeeBps} between 0 and 1000`),
    check('organizations_new_wallet_custody', sql`${t.newWalletCustody} in ('HOT', 'COLD')`),
    check('organizations_cold_signers', sql`${t.coldSignersRequired} in (1, 2)`),
  ],
);
