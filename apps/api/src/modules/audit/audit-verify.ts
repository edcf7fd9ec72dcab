import type { Db } from '../../db/client.js';
import { auditRepository } from './audit.repository.js';
import { type ChainBreak, firstBreak } from './audit-chain.js';

export interface AuditVerification {
  entries: number;
  chains: number;
  /** The first broken link, with its chain; null when every chain holds. */
  broken: (ChainBreak & { chain: string }) | null;
}

/**
 * Recomputes every chain of the audit log from its first entry, in batches: each entry must follow the one before
 * it and carry the hash of its own content (audit-chain.ts). Stops at the first break.
 */
export async function verifyAuditLog(db: Db, batch = 5000): Promise<AuditVerification> {
  const repo = auditRepository(db);
  const chains = await repo.chains();
  let entries = 0;
  for (const chain of chains) {
    let last: { seq: number; hash: string } | null = null;
    for (;;) {
      const rows = await repo.chainFrom(chain, last?.seq ?? 0, batch);
      if (rows.length === 0) break;
      const checked = firstBreak(rows, last);
      if (checked.broken)
        return {
          entries: entries + (checked.last?.seq ?? 0) - (last?.seq ?? 0),
          chains: chains.length,
          broken: { ...checked.broken, chain },
        };
      entries += rows.length;
      last = checked.last;
      if (rows.length < batch) break;
    }
  }
  return { entries, chains: chains.length, broken: null };
}
