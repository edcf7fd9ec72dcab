-- An organization's per-token sums took a slot per wallet-id byte (16 a token, migration 0026) whether or not any
-- two writers ever met, and a totals read summed all of them: 752 rows for 47 tokens, a third of its time (issue
-- 17). A write now adds to the token's lowest slot no other transaction holds (SKIP LOCKED never waits), and takes
-- the wallet's own slot only when every existing one is held: a token has as many slots as its writers have ever
-- needed at once (one, for a token written one transaction at a time), still at most 16, and a writer waits no
-- more than before (only when all slots are held and its own is among them, where before it waited whenever its
-- own was held). Several writes of one token in one transaction go to one slot: its own lock does not skip it.
CREATE OR REPLACE FUNCTION organization_token_balances_add(
  org uuid, chain text, token text, wallet uuid,
  d_rows integer, d_holders integer, d_total numeric, d_staked numeric, d_withdrawable numeric
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  free smallint;
BEGIN
  SELECT slot INTO free FROM organization_token_balances
   WHERE organization_id = org AND blockchain = chain AND token_id = token
   ORDER BY slot LIMIT 1 FOR UPDATE SKIP LOCKED;
  IF FOUND THEN
    UPDATE organization_token_balances SET
        row_count = row_count + d_rows,
        holders = holders + d_holders,
        total = total + d_total,
        staked = staked + d_staked,
        withdrawable = withdrawable + d_withdrawable
      WHERE organization_id = org AND blockchain = chain AND token_id = token AND slot = free;
    RETURN;
  END IF;
  INSERT INTO organization_token_balances AS b
      (organization_id, blockchain, token_id, slot, row_count, holders, total, staked, withdrawable)
    VALUES (org, chain, token, get_byte(uuid_send(wallet), 15) % 16, d_rows, d_holders, d_total, d_staked, d_withdrawable)
  ON CONFLICT (organization_id, blockchain, token_id, slot) DO UPDATE SET
    row_count = b.row_count + excluded.row_count,
    holders = b.holders + excluded.holders,
    total = b.total + excluded.total,
    staked = b.staked + excluded.staked,
    withdrawable = b.withdrawable + excluded.withdrawable;
END $$;--> statement-breakpoint
-- The sums kept so far are folded into each token's lowest slot, writers held off until the migration commits.
LOCK TABLE organization_token_balances IN EXCLUSIVE MODE;--> statement-breakpoint
UPDATE organization_token_balances k SET row_count = s.row_count, holders = s.holders, total = s.total,
    staked = s.staked, withdrawable = s.withdrawable
  FROM (SELECT organization_id, blockchain, token_id, min(slot) AS slot, sum(row_count) AS row_count,
               sum(holders) AS holders, sum(total) AS total, sum(staked) AS staked, sum(withdrawable) AS withdrawable
          FROM organization_token_balances GROUP BY 1, 2, 3 HAVING count(*) > 1) s
 WHERE k.organization_id = s.organization_id AND k.blockchain = s.blockchain AND k.token_id = s.token_id
   AND k.slot = s.slot;--> statement-breakpoint
DELETE FROM organization_token_balances k
 WHERE k.slot > (SELECT min(m.slot) FROM organization_token_balances m WHERE m.organization_id = k.organization_id
                   AND m.blockchain = k.blockchain AND m.token_id = k.token_id);
