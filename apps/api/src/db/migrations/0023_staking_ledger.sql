CREATE TABLE "staking_positions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"wallet_id" uuid NOT NULL,
	"blockchain" text NOT NULL,
	"validator_id" text NOT NULL,
	"request_id" uuid NOT NULL,
	"delegation_id" text,
	"period" text NOT NULL,
	"token_type" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"commission_bps" integer NOT NULL,
	"reward_rate_bps" integer NOT NULL,
	"rewards_settled" numeric(78, 0) DEFAULT '0' NOT NULL,
	"settled_at" timestamp with time zone NOT NULL,
	"rewards_claimed" numeric(78, 0) DEFAULT '0' NOT NULL,
	"tx_hash" text,
	"staked_at" timestamp with time zone NOT NULL,
	"active_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staking_positions_non_negative" CHECK ("staking_positions"."amount" >= 0 and "staking_positions"."rewards_settled" >= 0 and "staking_positions"."rewards_claimed" >= 0)
);
--> statement-breakpoint
CREATE TABLE "staking_unbondings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"position_id" uuid NOT NULL,
	"wallet_id" uuid NOT NULL,
	"validator_id" text NOT NULL,
	"request_id" uuid NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"tx_hash" text,
	"started_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"claim_request_id" uuid,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "staking_unbondings_positive" CHECK ("staking_unbondings"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "staking_validators" (
	"blockchain" text NOT NULL,
	"validator_id" text NOT NULL,
	"name" text NOT NULL,
	"operator_address" text NOT NULL,
	"commission_bps" integer NOT NULL,
	"reward_rate_bps" integer NOT NULL,
	"uptime_bps" integer NOT NULL,
	"token_type" text NOT NULL,
	"active" text DEFAULT 'ACTIVE' NOT NULL,
	"external_staked" numeric(78, 0) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staking_validators_blockchain_validator_id_pk" PRIMARY KEY("blockchain","validator_id"),
	CONSTRAINT "staking_validators_rates" CHECK ("staking_validators"."commission_bps" between 0 and 10000 and "staking_validators"."reward_rate_bps" >= 0)
);
--> statement-breakpoint
ALTER TABLE "staking_positions" ADD CONSTRAINT "staking_positions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staking_positions" ADD CONSTRAINT "staking_positions_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staking_positions" ADD CONSTRAINT "staking_positions_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staking_unbondings" ADD CONSTRAINT "staking_unbondings_position_id_staking_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."staking_positions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staking_unbondings" ADD CONSTRAINT "staking_unbondings_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staking_unbondings" ADD CONSTRAINT "staking_unbondings_claim_request_id_requests_id_fk" FOREIGN KEY ("claim_request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staking_positions_request_key" ON "staking_positions" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "staking_positions_wallet_idx" ON "staking_positions" USING btree ("wallet_id","validator_id");--> statement-breakpoint
CREATE INDEX "staking_positions_org_idx" ON "staking_positions" USING btree ("organization_id","blockchain");--> statement-breakpoint
CREATE UNIQUE INDEX "staking_unbondings_request_key" ON "staking_unbondings" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "staking_unbondings_wallet_idx" ON "staking_unbondings" USING btree ("wallet_id","validator_id");